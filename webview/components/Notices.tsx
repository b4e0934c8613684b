// The banners every view shows above its content: a meter fault and restricted mode.
import type { ViewState } from '../../src/protocol';
import { FaultBanner } from './FaultBanner';
import { UntrustedNotice } from './UntrustedNotice';

export function Notices({ state }: { state: ViewState }) {
  return (
    <>
      {state.fault ? <FaultBanner fault={state.fault} /> : null}
      {state.trusted ? null : <UntrustedNotice />}
    </>
  );
}

export function Loading() {
  return (
    <p class="pm-loading pm-muted" role="status" aria-busy="true">
      Waiting for the tally…
    </p>
  );
}

export function Unavailable() {
  return <p class="pm-muted">The tally is unavailable until the fault above is fixed.</p>;
}
