// The dashboard's integrity findings, from the tally as VS Code shows it (remedies.ts): each with
// how the person accepted it, whether it holds the verdict, and its remedies' buttons. Plain data.
import type { Tally } from '../core/tally/tally';
import { verdictHolders } from '../core/tally/severity';
import type { ViewState } from '../protocol';
import { REMEDY, remediesOf } from './remedies';

/** "your words, 2026-…" for a finding the person accepted. */
function acceptedText(t: Tally, id: string): string | null {
  const a = t.accepted?.find((x) => x.id === id);
  return a ? `${a.source === 'words' ? 'your words' : 'the dashboard'}, ${a.at}` : null;
}

export function sealView(t: Tally | null): ViewState['seal'] {
  if (!t) return [];
  const holders = new Set(verdictHolders(t).map((f) => f.id));
  return t.integrity.map((f) => ({
    id: f.id,
    severity: f.severity,
    message: `${f.message} ${f.action}`,
    accepted: acceptedText(t, f.id),
    holds: holders.has(f.id),
    remedies: holders.has(f.id) ? remediesOf(f).map((k) => ({ command: REMEDY[k].command, label: REMEDY[k].title })) : [],
  }));
}
