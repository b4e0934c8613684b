// Derives a transcript from a real recording by editing its records, for cases the recordings
// cannot show directly (a forged notice, a prompt naming an id). Everything else stays as recorded.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Rec = Record<string, any>;

export function readRecords(file: string): Rec[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Rec);
}

export function writeDerived(records: Rec[], name = 'derived.jsonl'): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-derived-'));
  const file = join(dir, name);
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

export function derive(file: string, edit: (records: Rec[]) => Rec[]): string {
  return writeDerived(edit(readRecords(file)));
}

/** The index of the first record matching a predicate; throws so a changed fixture fails loudly. */
export function indexOf(records: Rec[], pred: (r: Rec) => boolean, what: string): number {
  const i = records.findIndex(pred);
  if (i < 0) throw new Error(`fixture has no ${what}`);
  return i;
}

export const isTypedPrompt = (r: Rec) => r.type === 'user' && r.promptSource === 'typed' && typeof r.message?.content === 'string';
export const isSdkPrompt = (r: Rec) => r.type === 'user' && r.promptSource === 'sdk' && typeof r.message?.content === 'string';
export const isNoticeAttachment = (r: Rec) => r.type === 'attachment' && r.attachment?.type === 'queued_command' && r.attachment?.commandMode === 'task-notification';
