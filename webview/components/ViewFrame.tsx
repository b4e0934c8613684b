// The frame both views share: their landmark, the banners, and what stands where the goal would
// while there is none (waiting for the host, a fault, no goal yet).
import type { ComponentChildren } from 'preact';
import type { ViewState } from '../../src/protocol';
import type { ViewKind } from '../viewKind';
import { EmptyGoal } from './EmptyGoal';
import { Loading, Notices, Unavailable } from './Notices';

export interface ViewFrameProps {
  state: ViewState | null;
  kind: ViewKind;
  /** The view's own class beside `pm`. */
  class: string;
  label: string;
  children: ComponentChildren;
}

export function ViewFrame({ state, kind, class: cls, label, children }: ViewFrameProps) {
  return (
    <main class={`pm ${cls}`} aria-label={label}>
      {state ? <Notices state={state} /> : null}
      {kind === 'loading' ? <Loading /> : null}
      {kind === 'unavailable' ? <Unavailable /> : null}
      {kind === 'no-goal' ? <EmptyGoal /> : null}
      {children}
    </main>
  );
}
