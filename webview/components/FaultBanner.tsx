// A meter fault, one line, announced as an alert; Doctor is offered when commands may run.
import { useActions } from '../actions';

export function FaultBanner({ fault }: { fault: string }) {
  const { canRunCommands, runCommand } = useActions();
  return (
    <div class="pm-banner pm-banner-error" role="alert">
      <span class="pm-banner-mark" role="img" aria-label="error">
        ⚠
      </span>
      <span>
        <strong>Meter fault:</strong> {fault}
      </span>
      {canRunCommands ? (
        <button type="button" class="pm-button pm-button-secondary" onClick={() => runCommand('proofmeter.doctor')}>
          Run Doctor
        </button>
      ) : null}
    </div>
  );
}
