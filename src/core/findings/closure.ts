// The person closes one of their own items (an item the plan gives to them, or to a later event)
// with their word outside Claude Code: VS Code's Close… action, which runs `proofmeter close V1`.
// Recorded like a dashboard acceptance: an entry in .claude/proofmeter/closures.json (a file the
// agent could write) and a receipt beside the seal's outside copy, which only `proofmeter close`
// writes, for the person (the CLI refuses the agent's shell). An entry counts only with its
// receipt; one without is an `acceptance-forged` error naming it, so a forged close holds the
// verdict instead of closing anything.
import { z } from 'zod';
import type { ItemJson } from '../tally/tallySchema';
import { findingId, type Finding } from './finding';

const ITEM_ID = /^[A-Za-z]{1,8}\d{1,6}$/;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** One entry of closures.json. */
export const closureSchema = z.object({ id: z.string().regex(ITEM_ID), at: z.string() });
export type Closure = z.infer<typeof closureSchema>;

/** The receipt `proofmeter close` appends beside the dashboard's acceptance receipts. */
export const closeReceiptSchema = z.object({ v: z.literal(1), kind: z.literal('close'), id: z.string().regex(ITEM_ID), at: z.string().regex(TIME) });
export type CloseReceipt = z.infer<typeof closeReceiptSchema>;

/** Whether a string is an item id `proofmeter close` takes (S1, V12). */
export function isItemId(s: string): boolean {
  return ITEM_ID.test(s);
}

/** An item the person may close: theirs (or a later event's) and still open. */
export function closableByPerson(i: Pick<ItemJson, 'owner' | 'state'>): boolean {
  return i.owner !== 'claude' && i.state === 'open';
}

function shown(s: string): string {
  return /^[0-9A-Za-z:._-]{1,64}$/.test(s) ? s : '(unreadable)';
}

/** The closures that count (each with its receipt) and an error for each that has none. */
export function witnessClosures(list: readonly Closure[], receipts: readonly CloseReceipt[]): { closed: Closure[]; findings: Finding[] } {
  const closed: Closure[] = [];
  const findings: Finding[] = [];
  for (const c of list) {
    if (receipts.some((r) => r.id === c.id && r.at === c.at)) {
      closed.push(c);
      continue;
    }
    const id = findingId('acceptance-forged', `close\0${c.id}\0${c.at}`);
    if (findings.some((f) => f.id === id)) continue;
    findings.push({
      id,
      kind: 'acceptance-forged',
      severity: 'error',
      message: `closures.json says you closed ${c.id} (${shown(c.at)}), but nothing witnesses it: proofmeter close (VS Code's Close…) never recorded it. It is not counted.`,
      action: `Only you close your items: use Close… in VS Code or say so in Claude Code; the entry was written by something else.`,
      file: null,
      line: null,
      evidence: null,
    });
  }
  return { closed, findings };
}

/**
 * The items with each witnessed closure applied: an open item of the person's becomes closed, by
 * their word through Close…. Claude's items never close this way (their proof decides them), and an
 * item already closed or decided keeps what decided it.
 */
export function applyClosures(items: readonly ItemJson[], closed: readonly Closure[]): ItemJson[] {
  return items.map((i) => {
    if (!closableByPerson(i)) return i;
    const c = closed.find((x) => x.id.toLowerCase() === i.id.toLowerCase());
    if (!c) return i;
    return { ...i, state: 'closed', detail: 'closed by you (Close…)', closedBy: { source: 'close', time: c.at, file: '', line: 0 } };
  });
}
