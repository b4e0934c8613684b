// Beside an integrity finding: "accepted by you (…)" once the person accepted it, or, for an open
// error in a trusted workspace, the button that asks the host to accept it (the host confirms).
import type { ViewState } from '../../src/protocol';
import { useActions } from '../actions';

export function FindingAccept({ finding }: { finding: ViewState['seal'][number] }) {
  const actions = useActions();
  if (finding.accepted) return <span class="pm-accepted"> accepted by you ({finding.accepted})</span>;
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
