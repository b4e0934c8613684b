// At the top of the dashboard while an integrity finding holds the verdict (the meter's files or
// settings changed, a goal sealed on another machine, an error not yet accepted): what holds it,
// and the remedy's button, which asks the host to run the command that shows the change and asks
// before it acts. Without trust, no buttons: the way out of Restricted Mode is offered instead.
import type { ViewState, WebviewCommandId } from '../../src/protocol';
import { useActions } from '../actions';

const MAX_LISTED = 3;

export function IntegrityBanner({ seal }: { seal: ViewState['seal'] }) {
  const { canRunCommands, runCommand, manageTrust } = useActions();
  const holding = seal.filter((f) => f.holds && !f.accepted);
  if (!holding.length) return null;
  const buttons: Array<{ command: WebviewCommandId; label: string }> = [];
  for (const r of holding.flatMap((f) => f.remedies ?? [])) if (!buttons.some((b) => b.command === r.command)) buttons.push(r);
  const errors = holding.some((f) => f.severity === 'error');
  const n = holding.length;
  return (
    <div class={`pm-banner pm-integrity ${errors ? 'pm-banner-error' : 'pm-banner-pending'}`} role="alert" data-holding={n}>
      <span class="pm-banner-mark" role="img" aria-label={errors ? 'error' : 'warning'}>
        {errors ? '✗' : '⚠'}
      </span>
      <div class="pm-integrity-body">
        <strong>{n === 1 ? 'An integrity finding holds the verdict:' : `${n} integrity findings hold the verdict:`}</strong>
        <ul class="pm-integrity-list">
          {holding.slice(0, MAX_LISTED).map((f) => (
            <li key={f.id}>
              <span class="pm-id">{f.id}</span> {f.message}
            </li>
          ))}
          {n > MAX_LISTED ? <li>… and {n - MAX_LISTED} more under Seal findings</li> : null}
        </ul>
        {canRunCommands ? (
          <div class="pm-commands" role="group" aria-label="Remedies">
            {buttons.map((b, i) => (
              <button key={b.command} type="button" class={i === 0 ? 'pm-button' : 'pm-button pm-button-secondary'} onClick={() => runCommand(b.command)}>
                {b.label}
              </button>
            ))}
          </div>
        ) : (
          <p class="pm-muted">
            The remedies run only in a trusted workspace.{' '}
            <button type="button" class="pm-link" onClick={manageTrust}>
              Manage Workspace Trust
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
