// What doctor says about the verdict, beside the gates and the seal: what keeps it NOT DONE, and
// whether the stop gate has been failing. A seal that is intact says nothing about a stop gate that
// faulted on every stop until Claude Code's cap let the session end; doctor says both.
import { isDoneState } from '../../core/evidence/evidenceSchema';
import { isAwaitingRerun } from '../../core/evidence/reverified';
import { openCount } from '../../core/tally/integrityLines';
import type { Tally } from '../../core/tally/tally';
import type { HealthRecord } from '../../workspace/health';
import { tallyWorkspace } from '../../workspace/workspaceTally';

export interface Standing {
  /** 'none': no goal; 'unreadable': the tally could not be made (the reason is in `blocks`). */
  verdict: 'done' | 'not-done' | 'none' | 'unreadable';
  /** What keeps the verdict NOT DONE, one line each. */
  blocks: string[];
  /** The stop gate's faults since its last answer that was not one, newest last. */
  stopFaults: { inARow: number; last: string | null };
}

/** Consecutive faults at the end of the stop gate's health lines. */
export function stopFaultsInARow(health: readonly HealthRecord[]): Standing['stopFaults'] {
  const stops = health.filter((h) => h.event === 'stop');
  let n = 0;
  for (let i = stops.length - 1; i >= 0 && stops[i]!.outcome.startsWith('fault'); i--) n++;
  return { inARow: n, last: n ? stops.at(-1)!.time : null };
}

/** The lines that say why a tally is NOT DONE (pure). */
export function blockLines(t: Tally): string[] {
  if (t.verdict === 'done') return [];
  if (isAwaitingRerun(t)) return [`every item is proved, and the stop gate's own re-run does not stand yet: ${t.reverify?.why ?? 'none'} (it runs at the session's next stop)`];
  const open = t.items.filter((i) => i.owner === 'claude' && !isDoneState(i.state)).map((i) => `${i.id} ${i.state}`);
  const stages = t.stages.filter((s) => (s.name === 'commit' || s.name === 'push') && s.state !== 'done' && s.state !== 'skipped').map((s) => `${s.name}: ${s.detail}`);
  const errors = t.integrity.filter((f) => f.severity === 'error' && !(t.accepted ?? []).some((a) => a.id === f.id)).map((f) => `${f.kind} ${f.id}`);
  return [openCount(t), ...(open.length ? [`open items: ${open.join(', ')}`] : []), ...stages, ...(errors.length ? [`integrity errors: ${errors.join(', ')}`] : [])];
}

export function standing(workspace: string, env: NodeJS.ProcessEnv, health: readonly HealthRecord[]): Standing {
  const stopFaults = stopFaultsInARow(health);
  let t: Tally;
  try {
    t = tallyWorkspace({ cwd: workspace, env });
  } catch (e) {
    return { verdict: 'unreadable', blocks: [(e as Error).message.split('\n')[0] ?? 'the tally failed'], stopFaults };
  }
  if (!t.goal.frozenBy) return { verdict: 'none', blocks: [], stopFaults };
  return { verdict: t.verdict, blocks: blockLines(t), stopFaults };
}

/** doctor's lines for it. */
export function standingText(s: Standing): string[] {
  const out: string[] = [];
  if (s.verdict === 'done') out.push('Verdict: ALL DONE (re-verified by the stop gate for this content).');
  else if (s.verdict === 'not-done') out.push('Verdict: NOT DONE:', ...s.blocks.map((b) => `  - ${b}`));
  else if (s.verdict === 'unreadable') out.push(`Verdict: could not be read: ${s.blocks[0] ?? ''}`);
  if (s.stopFaults.inARow) {
    out.push(
      `Stop gate: FAULTED ${s.stopFaults.inARow} time(s) in a row, last ${s.stopFaults.last ?? '?'}: each stop was blocked by its fail-safe until Claude Code's cap let one through; the incidents are in .claude/proofmeter/incidents/. The verdict stays NOT DONE until a stop's re-run passes.`,
    );
  }
  return out;
}
