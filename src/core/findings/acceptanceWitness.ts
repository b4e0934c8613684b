// Which acceptances count. acceptances.json is a file the agent can write (a script that builds
// its path from pieces gets past the guard), so an entry there is a claim, never the person's
// decision by itself. An entry counts only when something the agent did not write through its
// own tools witnesses it:
// - `words`: the prompt hook's receipt of that prompt (same session and prompt id) says the
//   prompt accepts that finding, and that it was a prompt of the person: not in a Claude Code
//   started by another (nested), and not a launcher's unless the goal counts launcher prompts;
// - `dashboard`: the receipt `proofmeter accept` writes beside the seal's outside copy (same id
//   and time), which it writes only for the person (the CLI refuses the agent's shell, and the
//   guard refuses the command).
// An entry without its witness is not counted and is an `acceptance-forged` error naming it, so a
// forged acceptance holds the verdict instead of releasing it.
import { z } from 'zod';
import type { PromptReceipt } from '../evidence/receipt';
import type { Acceptance } from './acceptance';
import { findingId, type Finding } from './finding';

/** The dashboard's acceptance receipt: one JSON line per acceptance `proofmeter accept` recorded. */
export const dashboardReceiptSchema = z.object({
  v: z.literal(1),
  kind: z.literal('accept'),
  id: z.string().regex(/^F-[0-9a-z]{7}$/),
  /** new Date().toISOString() when it was recorded. */
  at: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
});

export type DashboardReceipt = z.infer<typeof dashboardReceiptSchema>;

export interface AcceptanceWitnesses {
  /** The prompt receipts of one session (none for a session without a receipts file). */
  promptReceipts(session: string): readonly PromptReceipt[];
  /** The receipts of `proofmeter accept`, the dashboard's path. */
  dashboard: readonly DashboardReceipt[];
  /** The goal counts a launcher's prompts (adopt --count-sdk-prompts). */
  countSdkPrompts: boolean;
  /**
   * The keys (acceptanceKey) of entries that came with a checkout from another machine: the
   * committed acceptances.json of a goal sealed elsewhere, or the ones the person's reseal kept.
   * Unwitnessed, they do not count, but they are no forgery either.
   */
  carried?: ReadonlySet<string>;
}

export interface WitnessedAcceptances {
  /** The acceptances that count, with the witness's time for typed ones. */
  accepted: Acceptance[];
  /** One `acceptance-forged` error per entry nothing witnesses. */
  findings: Finding[];
  /** Entries not counted because they came from another machine (`carried`), none of them a finding. */
  carried: number;
}

/** An id or time from the entry as it may be shown: the file is the agent's to write, so anything else is never echoed. */
function shown(s: string): string {
  return /^[0-9A-Za-z:._-]{1,64}$/.test(s) ? s : '(unreadable)';
}

type Verdict = { ok: true; at: string } | { ok: false; why: string };

function wordsVerdict(a: Acceptance, w: AcceptanceWitnesses): Verdict {
  if (!a.session || !a.promptId) return { ok: false, why: 'it names no prompt of a session' };
  const rs = w.promptReceipts(a.session).filter((r) => r.promptId === a.promptId);
  if (!rs.length) return { ok: false, why: `the prompt hook never received prompt ${shown(a.promptId)} in session ${shown(a.session)}` };
  const naming = rs.filter((r) => r.accepts.includes(a.id));
  if (!naming.length) return { ok: false, why: `prompt ${shown(a.promptId)} did not say "accept ${a.id}"` };
  const own = naming.find((r) => !r.nested && (!r.sdk || w.countSdkPrompts));
  if (!own) return { ok: false, why: naming.some((r) => r.nested) ? `prompt ${shown(a.promptId)} was typed into a Claude Code started from inside another` : `prompt ${shown(a.promptId)} came from a launcher (claude -p or the SDK), and this goal counts only typed prompts` };
  // The receipt's time is when it happened; the entry's may have been rewritten.
  return { ok: true, at: own.time };
}

function dashboardVerdict(a: Acceptance, w: AcceptanceWitnesses): Verdict {
  return w.dashboard.some((r) => r.id === a.id && r.at === a.at) ? { ok: true, at: a.at } : { ok: false, why: 'proofmeter accept (the dashboard\'s Accept) never recorded it' };
}

/** One entry's key, stable for its words: the id of the finding that names it when nothing witnesses it. */
export function acceptanceKey(a: Acceptance): string {
  return findingId('acceptance-forged', `${a.id}\0${a.source}\0${a.at}\0${a.session ?? ''}\0${a.promptId ?? ''}`);
}

function forged(a: Acceptance, why: string): Finding {
  return {
    id: acceptanceKey(a),
    kind: 'acceptance-forged',
    severity: 'error',
    message: `acceptances.json says you accepted ${a.id} (${a.source === 'words' ? 'your words' : 'the dashboard'}, ${shown(a.at)}), but nothing witnesses it: ${why}. It is not counted.`,
    action: `Only you accept a finding: type "accept ${a.id}" in Claude Code or press Accept in the dashboard; the entry was written by something else.`,
    file: null,
    line: null,
    evidence: null,
  };
}

/** The acceptances that count and a finding for each that does not. Never mutates its input. */
export function witnessAcceptances(list: readonly Acceptance[], w: AcceptanceWitnesses): WitnessedAcceptances {
  const accepted: Acceptance[] = [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  let carried = 0;
  for (const a of list) {
    const v = a.source === 'words' ? wordsVerdict(a, w) : dashboardVerdict(a, w);
    if (v.ok) {
      accepted.push({ ...a, at: v.at });
      continue;
    }
    if (w.carried?.has(acceptanceKey(a))) {
      carried++;
      continue;
    }
    const f = forged(a, v.why);
    if (!seen.has(f.id)) findings.push(f);
    seen.add(f.id);
  }
  return { accepted, findings, carried };
}
