// The person's closures of their own items (core/findings/closure.ts): entries in
// .claude/proofmeter/closures.json, and their receipts in the same file beside the seal's outside
// copy where `proofmeter accept` writes its own (a line of another kind is skipped by each reader).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeReceiptSchema, closureSchema, witnessClosures, type Closure, type CloseReceipt } from '../core/findings/closure';
import type { Finding } from '../core/findings/finding';
import { appendReceiptLine, parseListFile, readReceiptLines } from './acceptances';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';

const FILE = join(STATE_DIR, 'closures.json');
/** Every well-formed closure; one of the wrong shape is skipped, never the whole file. */
export function readClosures(workspace: string): Closure[] {
  try {
    return parseListFile(readFileSync(join(workspace, FILE), 'utf8'), 'closed', closureSchema);
  } catch {
    return [];
  }
}

/** Adds a closure (the same id and time again keeps the first). */
export function recordClosure(workspace: string, c: Closure): void {
  const list = readClosures(workspace);
  if (list.some((x) => x.id === c.id && x.at === c.at)) return;
  writeFileAtomic(join(workspace, FILE), JSON.stringify({ version: 1, closed: [...list, c] }, null, 1) + '\n');
}

/** Every well-formed close receipt; a damaged line, or one of another kind, witnesses nothing here. */
export function readCloseReceipts(workspace: string, env: NodeJS.ProcessEnv): CloseReceipt[] {
  return readReceiptLines(workspace, env, closeReceiptSchema);
}

/** Appends one close receipt. Only `proofmeter close` calls it, for the person. */
export function appendCloseReceipt(workspace: string, env: NodeJS.ProcessEnv, r: CloseReceipt): void {
  appendReceiptLine(workspace, env, r);
}

/** The closures that count, each held to its receipt, and an error for each that is not. */
export function witnessedClosures(workspace: string, env: NodeJS.ProcessEnv): { closed: Closure[]; findings: Finding[] } {
  const list = readClosures(workspace);
  if (!list.length) return { closed: [], findings: [] };
  return witnessClosures(list, readCloseReceipts(workspace, env));
}
