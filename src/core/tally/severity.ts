// How loud a tally is: the status bar's colour and the dashboard header's, decided once so the two
// never disagree (a red status bar over a calm header was issue 27's M6). Pure, so the webview
// bundles it too.
import { blockingFindings, type Finding } from '../findings/finding';
import type { Tally } from './tally';

export type Severity = 'ok' | 'warning' | 'error';

/** The findings that hold the verdict now: unaccepted errors, and a goal sealed on another machine (no acceptance clears it). */
export function verdictHolders(t: Pick<Tally, 'integrity' | 'accepted'>): Finding[] {
  const accepted = new Set((t.accepted ?? []).map((a) => a.id));
  return [...(t.integrity ?? []).filter((f) => f.kind === 'sealed-elsewhere'), ...blockingFindings(t.integrity ?? [], accepted)];
}

/** error: a fault or an open integrity error; warning: a failed item, a plan finding or a goal to reseal here; else ok. */
export function tallySeverity(t: Pick<Tally, 'integrity' | 'accepted' | 'items' | 'findings'>, fault: string | null): Severity {
  const accepted = new Set((t.accepted ?? []).map((a) => a.id));
  if (fault || blockingFindings(t.integrity ?? [], accepted).length) return 'error';
  if (verdictHolders(t).length || t.items.some((i) => i.state === 'failed') || t.findings.length) return 'warning';
  return 'ok';
}
