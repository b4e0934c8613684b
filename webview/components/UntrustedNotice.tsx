// Restricted mode: the tally is shown read-only and no command can be run from here.
export function UntrustedNotice() {
  return (
    <div class="pm-banner pm-banner-info" role="note" aria-label="Restricted mode">
      <span class="pm-banner-mark" role="img" aria-label="information">
        ℹ
      </span>
      <span>
        <strong>Restricted mode.</strong> This workspace is not trusted, so Proofmeter shows the tally read-only: it installs no
        hooks and runs no commands until you trust the workspace.
      </span>
    </div>
  );
}
