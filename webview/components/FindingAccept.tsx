// Beside an integrity finding: "accepted by you (…)" once the person accepted it ("dismissed by you"
// for a warning), or, in a trusted workspace, the button that asks the host to accept an open error
// or to dismiss an open warning (the host confirms either).
import type { ViewState } from '../../src/protocol';
import { useActions } from '../actions';

export function FindingAccept({ finding }: { finding: ViewState['seal'][number] }) {
  const actions = useActions();
  // A warning (or info) the person accepted was dismissed: the tally lists it as info.
  if (finding.accepted) return <span class="pm-accepted">{finding.severity === 'error' ? ' accepted by you' : ' dismissed by you'} ({finding.accepted})</span>;
  if (finding.severity === 'warning' && actions.canRunCommands && actions.dismissFinding) {
    return (
      <button
        type="button"
        class="pm-button pm-button-secondary pm-dismiss"
        title="Dismiss this warning: it is then listed as info, dismissed by you (you are asked to confirm)"
        onClick={() => actions.dismissFinding?.(finding.id)}
      >
        Dismiss…
      </button>
    );
  }
  if (finding.severity !== 'error' || !actions.canRunCommands || !actions.acceptFinding) return null;
  return (
    <button
      type="button"
      class="pm-button pm-button-secondary pm-accept"
      title="Accept this finding: it no longer keeps the verdict NOT DONE (you are asked to confirm)"
      onClick={() => actions.acceptFinding?.(finding.id)}
    >
      Accept…
    </button>
  );
}
