// A run of an item's proof that the meter saw and did not count: the item's state stays "unrun",
// yet "not run" would be false. One place for what each ledger reason means and for finding that
// run, so the table, the sidebar and the status bar tooltip say the same thing.
import type { LedgerReason } from '../evidence/evidenceSchema';

const REASON_TEXT: Record<LedgerReason, string> = {
  counted: 'decides its item',
  subagent: 'ran in a subagent; only the main session’s own runs count',
  sidechain: 'a side-chain record; only the main session’s own runs count',
  'different command': 'not the exact proof command',
  'before the goal': 'run before the goal was frozen; only later runs count',
  'other folder': 'run from another folder; only runs from the project root count',
  'pending notice': 'a background run; it counts only when its completion notice arrives',
  'still running': 'no result yet',
  superseded: 'a newer run of the same proof decides',
};

export function ledgerReasonText(reason: LedgerReason): string {
  return REASON_TEXT[reason];
}

/** Reasons that mean the run ended and will never count, however it ended. */
const NEVER_COUNTS: ReadonlySet<LedgerReason> = new Set(['subagent', 'sidechain', 'different command', 'before the goal', 'other folder']);

/** The label an item gets in place of "not run" when such a run exists. */
export const RAN_NOT_COUNTED = 'ran, did not count';

/**
 * The newest run of the item's proof that did not count, for an item nothing decides yet (state
 * "unrun"); null otherwise. The ledger lists runs newest first.
 */
export function ranNotCounted<L extends { ids: readonly string[]; reason: LedgerReason }>(item: { id: string; state: string }, ledger: readonly L[]): L | null {
  if (item.state !== 'unrun') return null;
  return ledger.find((l) => NEVER_COUNTS.has(l.reason) && l.ids.includes(item.id)) ?? null;
}
