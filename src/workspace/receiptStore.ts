// The receipts folder, .claude/proofmeter/receipts/<session>.jsonl: appended by the hooks (the sh
// script for Bash, the node hooks for prompts, notices and answers), read back by the tally.
// Each line is one receipt, validated on its own: a damaged line is skipped and counted, and can
// only ever make a run, notice or words go unwitnessed, never witness one.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { receiptFileName, receiptSchema, type Receipt } from '../core/evidence/receipt';
import { RECEIPTS_REL } from '../core/install/receiptScript';

export function receiptsDir(workspace: string): string {
  return join(workspace, RECEIPTS_REL);
}

export interface SessionReceiptFile {
  /** The file exists (even empty, or with no line that reads). */
  exists: boolean;
  receipts: Receipt[];
  /** Lines that are not a receipt. */
  bad: number;
}

export function readReceipts(workspace: string, session: string): SessionReceiptFile {
  const name = receiptFileName(session);
  if (!name) return { exists: false, receipts: [], bad: 0 };
  let text: string;
  try {
    text = readFileSync(join(receiptsDir(workspace), name), 'utf8');
  } catch {
    return { exists: false, receipts: [], bad: 0 };
  }
  const receipts: Receipt[] = [];
  let bad = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      bad += 1;
      continue;
    }
    const r = receiptSchema.safeParse(json);
    // A receipt filed under another session's name witnesses nothing here.
    if (r.success && r.data.session === session) receipts.push(r.data);
    else bad += 1;
  }
  return { exists: true, receipts, bad };
}

/**
 * Appends one receipt. One short line written with O_APPEND stays whole beside the sh script's
 * concurrent appends. A failure to write is the caller's to swallow: a hook must still answer.
 */
export function appendReceipt(workspace: string, receipt: Receipt): void {
  const name = receiptFileName(receipt.session);
  if (!name) return;
  const dir = receiptsDir(workspace);
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, name), JSON.stringify(receipt) + '\n');
}

/** When a receipt was last written, and for which session (the doctor's "last fired" of the sh receipt). */
export function lastReceipt(workspace: string): { time: string; session: string } | null {
  let best: { time: string; session: string; ms: number } | null = null;
  try {
    for (const name of readdirSync(receiptsDir(workspace))) {
      if (!name.endsWith('.jsonl')) continue;
      const ms = statSync(join(receiptsDir(workspace), name)).mtimeMs;
      if (!best || ms > best.ms) best = { time: new Date(ms).toISOString(), session: name.slice(0, -'.jsonl'.length), ms };
    }
  } catch {
    return null;
  }
  return best && { time: best.time, session: best.session };
}
