// Hook health for the dashboard, read from `proofmeter doctor --json` (the CLI owns the diagnosis).
import type { Diagnosis } from '../cli/commands/doctor';
import { gateHealthSchema, type ViewState } from '../protocol';
import { STATUS_LINE_HOOK } from './doctorVerdict';

/**
 * The gates of `proofmeter doctor --json` as the dashboard shows them; null when the output is not
 * a doctor report (a CLI of another version, a crash).
 */
export function parseGates(stdout: string): ViewState['gates'] | null {
  let data: unknown;
  try {
    data = JSON.parse(stdout);
  } catch {
    return null;
  }
  const list = data && typeof data === 'object' && Array.isArray((data as { gates?: unknown }).gates) ? (data as Pick<Diagnosis, 'gates'>).gates : null;
  if (!list) return null;
  const out: ViewState['gates'] = [];
  for (const g of list) {
    const entryIn = Array.isArray(g?.entryIn) ? g.entryIn : [];
    const p = gateHealthSchema.safeParse({
      gate: g?.label,
      armed: g?.armed,
      detail: g?.armed ? `entry in ${entryIn.join(' and ') || 'settings'}` : (g?.why ?? 'not armed'),
      lastFired: g?.lastFired?.time ?? null,
      statusLine: g?.hook === STATUS_LINE_HOOK,
    });
    if (!p.success) return null;
    out.push(p.data);
  }
  return out;
}
