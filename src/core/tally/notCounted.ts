// A run of an item's proof that the meter saw and did not count: the item's state stays "unrun",
// yet "not run" would be false. The one table of what each ledger reason means and whether a run
// with it can ever count, read by every view (the CLI report, the CodeLens, the tree, the sidebar,
// the table, the run document and the status bar tooltip), so they all say the same thing.
import type { LedgerReason } from '../evidence/evidenceSchema';

/** A reason that leaves the run able to count, or says it does. long: the reason in full. */
interface MayCount {
  neverCounts: false;
  long: string;
}

/**
 * The run itself can never count, however it ended (who ran it, where, when or what), so its item
 * reads "ran, did not count". short: what happened, in a few words, for "○ <short>: did not count".
 */
interface NeverCounts {
  neverCounts: true;
  short: string;
  long: string;
}

const REASONS = {
  counted: { neverCounts: false, long: 'decides its item' },
  subagent: { neverCounts: true, short: 'ran in a subagent', long: 'ran in a subagent; only the main session’s own runs count' },
  sidechain: { neverCounts: true, short: 'ran in a side chain', long: 'a side-chain record; only the main session’s own runs count' },
  'different command': { neverCounts: true, short: 'ran as a different command', long: 'not the exact proof command' },
  'before the goal': { neverCounts: true, short: 'ran before the goal was frozen', long: 'run before the goal was frozen; only later runs count' },
  'other folder': { neverCounts: true, short: 'ran in another folder', long: 'run from another folder; only runs from the project root count' },
  'pending notice': { neverCounts: false, long: 'a background run; it counts only when its completion notice arrives' },
  'still running': { neverCounts: false, long: 'no result yet' },
  // Not the run's own fault: a newer run of the same proof decides its item.
  superseded: { neverCounts: false, long: 'a newer run of the same proof decides' },
} as const satisfies Record<LedgerReason, MayCount | NeverCounts>;

/** The reasons whose run can never count. */
export type NeverCountReason = { [R in LedgerReason]: (typeof REASONS)[R] extends NeverCounts ? R : never }[LedgerReason];

/** The reason in full: "ran in a subagent; only the main session’s own runs count". */
export function ledgerReasonText(reason: LedgerReason): string {
  return REASONS[reason].long;
}

/** The reason in a few words: "ran in a subagent". */
export function notCountedText(reason: NeverCountReason): string {
  return REASONS[reason].short;
}

export function neverCounts(reason: LedgerReason): reason is NeverCountReason {
  return REASONS[reason].neverCounts;
}

/** How a run ended, as the tally's run records say it. */
type RunOutcome = 'passed' | 'failed' | 'pending' | 'running';

const THERE: Record<RunOutcome, string> = { passed: 'passed there', failed: 'failed there', pending: 'still waiting there', running: 'still running there' };

/**
 * A run that can never count, in one line, the same in every view: "ran in a subagent (passed
 * there): did not count". A subagent's run ended in the subagent, so how it ended there is said,
 * never as the item's failure: its result carries no exit code, and it decides nothing either way.
 */
export function notCountedRunText(reason: NeverCountReason, outcome: RunOutcome): string {
  const there = reason === 'subagent' || reason === 'sidechain' ? ` (${THERE[outcome]})` : '';
  return `${REASONS[reason].short}${there}: did not count`;
}

/** The label an item gets in place of "not run" when such a run exists. */
export const RAN_NOT_COUNTED = 'ran, did not count';

/**
 * The newest run of the item's proof that can never count, for an item nothing decides yet (state
 * "unrun"); null otherwise. The ledger lists runs newest first.
 */
export function ranNotCounted<L extends { ids: readonly string[]; reason: LedgerReason }>(
  item: { id: string; state: string },
  ledger: readonly L[],
): (L & { reason: NeverCountReason }) | null {
  if (item.state !== 'unrun') return null;
  return ledger.find((l): l is L & { reason: NeverCountReason } => neverCounts(l.reason) && l.ids.includes(item.id)) ?? null;
}
