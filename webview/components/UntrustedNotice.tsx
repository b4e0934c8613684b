// Restricted mode: the tally is shown read-only and no command can be run from here, except the
// way out: Manage Workspace Trust.
import { useActions } from '../actions';

export function UntrustedNotice() {
  const { manageTrust } = useActions();
  return (
    <div class="pm-banner pm-banner-info" role="note" aria-label="Restricted mode">
      <span class="pm-banner-mark" role="img" aria-label="information">
        ℹ
      </span>
      <span>
        <strong>Restricted mode.</strong> This workspace is not trusted, so Proofmeter shows the tally read-only: it installs no
        hooks and runs no commands until you trust the workspace.
      </span>
      <button type="button" class="pm-button pm-button-secondary" onClick={manageTrust}>
        Manage Workspace Trust
      </button>
    </div>
  );
}
