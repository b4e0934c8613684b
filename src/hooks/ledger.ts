// The few lines the stop gate and the session-start ledger show: the count and what is open.
import { isOpenForPerson, openLedger } from '../core/tally/format';
import { integrityLedger } from '../core/tally/integrityLines';
import type { Tally } from '../core/tally/tally';

/** "5 of 8" of Claude's part. */
export function doneOf(t: Tally): string {
  return `${t.headline.done} of ${t.headline.total}`;
}

export function personLine(t: Tally): string | null {
  const yours = t.items.filter(isOpenForPerson);
  if (!yours.length) return null;
  return `Waiting on the person (closed only by their own words naming the id): ${yours.map((i) => `${i.id} (${i.state === 'handed-over' ? 'handed over by Claude' : i.proof})`).join('; ')}`;
}

export function openLines(t: Tally, limit = 8): string[] {
  return [...openLedger(t, limit), ...integrityLedger(t)].map((l) => `- ${l}`);
}
