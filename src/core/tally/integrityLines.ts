// Integrity findings as text for the verdict line, the stop gate and the session-start ledger
// (the tally report lists each finding before its verdict line).
import type { Finding } from '../findings/finding';
import { isAwaitingRerun } from '../evidence/reverified';
import { isSealedElsewhere, SEALED_ELSEWHERE } from '../sealRecord/findings';
import type { Tally } from './tally';

function blocking(t: Tally): Finding[] {
  const accepted = new Set((t.accepted ?? []).map((a) => a.id));
  return t.integrity.filter((f) => f.severity === 'error' && !accepted.has(f.id));
}

/** "accepted by you (words, 2026-12-01T10:00:00Z)" for a finding the person accepted, else null. */
export function acceptedNote(t: Tally, f: Finding): string | null {
  const a = (t.accepted ?? []).find((x) => x.id === f.id);
  return a ? `accepted by you (${a.source === 'words' ? 'your words' : 'the dashboard'}, ${a.at})` : null;
}

/** "1 open" or "0 open, 2 integrity findings" for the verdict line, after the sealed-elsewhere state when it holds. */
export function openCount(t: Tally): string {
  // Everything counted, and the stop gate's re-run still to stand for this content.
  if (isAwaitingRerun(t)) return 'awaiting re-run';
  const n = blocking(t).length;
  const count = n ? `${t.open} open, ${n} integrity finding${n === 1 ? '' : 's'}` : `${t.open} open`;
  return isSealedElsewhere(t.integrity) ? `${SEALED_ELSEWHERE}; ${count}` : count;
}

/** The stop gate's and the ledger's lines for the findings that keep the verdict NOT DONE. */
export function integrityLedger(t: Tally, limit = 4): string[] {
  const errors = [...t.integrity.filter((f) => f.kind === 'sealed-elsewhere'), ...blocking(t)];
  const lines = errors.slice(0, limit).map((f) => `${f.kind} (${f.id}): ${f.message}`);
  if (errors.length > limit) lines.push(`... and ${errors.length - limit} more integrity findings (proofmeter tally)`);
  return lines;
}
