// Which top-level state a view is in, decided once for both views.
import type { ItemView, TallyView, ViewState } from '../src/protocol';

/** loading: nothing from the host yet; unavailable: a fault and no tally; no-goal; goal. */
export type ViewKind = 'loading' | 'unavailable' | 'no-goal' | 'goal';

/** The engine reports "no goal" as a tally with an empty goal: treat it like a null tally. */
export function isEmptyGoal(t: TallyView): boolean {
  return t.goal.planPath === null && t.goal.frozenBy === null && t.items.length === 0 && t.findings.length === 0;
}

export function viewKind(state: ViewState | null): ViewKind {
  if (!state) return 'loading';
  if (!state.tally) return state.fault ? 'unavailable' : 'no-goal';
  return isEmptyGoal(state.tally) ? 'no-goal' : 'goal';
}

/** A request from the host to show one item; seq changes on every request, even for the same id. */
export interface Reveal {
  itemId: string;
  seq: number;
}

/** The item a reveal asks for, when the tally holds it. */
export function revealedItem(tally: TallyView | null, reveal: Reveal | null): ItemView | null {
  return tally && reveal ? (tally.items.find((i) => i.id === reveal.itemId) ?? null) : null;
}
