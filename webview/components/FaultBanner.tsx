// A meter fault, one line, announced as an alert; Doctor is offered when commands may run, and a
// fault about goal.json offers the file itself.
import { useActions } from '../actions';

export function FaultBanner({ fault }: { fault: string }) {
  const { canRunCommands, runCommand, openGoalFile } = useActions();
  const aboutGoal = /goal\.json/.test(fault);
  return (
    <div class="pm-banner pm-banner-error" role="alert">
      <span class="pm-banner-mark" role="img" aria-label="error">
        ⚠
      </span>
      <span>
        <strong>Meter fault:</strong> {fault}
      </span>
      {aboutGoal ? (
        <button type="button" class="pm-button pm-button-secondary" onClick={openGoalFile}>
          Open goal.json
        </button>
      ) : null}
      {canRunCommands ? (
        <button type="button" class="pm-button pm-button-secondary" onClick={() => runCommand('proofmeter.doctor')}>
          Run Doctor
        </button>
      ) : null}
    </div>
  );
}
