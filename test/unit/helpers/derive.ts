// Derives a transcript from a real recording by editing its records, for cases the recordings
// cannot show directly (a forged notice, a prompt naming an id). Everything else stays as recorded.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** A content block of a transcript message: the fields the tests read or edit, the rest kept as is. */
export interface Block {
  type: string;
  id?: string;
  name?: string;
  text?: string;
  input?: { command?: string; [key: string]: unknown };
  tool_use_id?: string;
  is_error?: boolean;
  content?: unknown;
  [key: string]: unknown;
}

/** A transcript record as the tests edit it (the meter's own reading is src/core/transcript/schemas.ts). */
export interface Rec {
  type?: string;
  uuid?: string;
  parentUuid?: string | null;
  timestamp?: string;
  cwd?: string;
  isSidechain?: boolean;
  isMeta?: boolean;
  isCompactSummary?: boolean;
  promptSource?: string;
  promptId?: string;
  origin?: { kind?: string; [key: string]: unknown };
  message?: { role?: string; content?: string | Block[]; [key: string]: unknown };
  attachment?: { type?: string; prompt?: unknown; commandMode?: string; [key: string]: unknown };
  toolUseResult?: unknown;
  [key: string]: unknown;
}

const blockSchema = z.object({ type: z.string(), input: z.object({ command: z.string().optional() }).passthrough().optional() }).passthrough();
const recSchema = z
  .object({
    type: z.string().optional(),
    timestamp: z.string().optional(),
    origin: z.object({ kind: z.string().optional() }).passthrough().optional(),
    message: z.object({ content: z.union([z.string(), z.array(blockSchema)]).optional() }).passthrough().optional(),
    attachment: z.object({ type: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

/** One line of a transcript; a line of another shape (a message that is not an object, ...) fails the test. */
export function parseRecord(line: string): Rec {
  return recSchema.parse(JSON.parse(line));
}

export function readRecords(file: string): Rec[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map(parseRecord);
}

/** The record's content blocks (the same array, so editing one edits the record); none for text content. */
export function blocksOf(r: Rec): Block[] {
  const content = r.message?.content;
  return Array.isArray(content) ? content : [];
}

/** A tool_use block: its id and input are always there. */
export type ToolUse = Block & { id: string; input: NonNullable<Block['input']> };
const isToolUse = (b: Block): b is ToolUse => b.type === 'tool_use' && typeof b.id === 'string' && b.input !== undefined;

/** The record's first tool_use block, failing the test when it has none. */
export function toolUseOf(r: Rec): ToolUse {
  const b = blocksOf(r).find(isToolUse);
  if (!b) throw new Error(`no tool_use block in ${JSON.stringify(r)}`);
  return b;
}

/** A Bash call of the main thread running exactly `command`. */
export const isBashUse = (command: string) => (r: Rec) => r.type === 'assistant' && blocksOf(r).some((b) => b.type === 'tool_use' && b.input?.command === command);

/** The user record holding the result of tool call `id`. */
export const isResultFor = (id: string) => (r: Rec) => r.type === 'user' && blocksOf(r).some((b) => b.tool_use_id === id);

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

/** Replaces the record's content blocks with `f` of each. */
export function mapBlocks(r: Rec, f: (b: Block) => Block): void {
  r.message = { ...r.message, content: blocksOf(r).map(f) };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isAnswers = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((x) => typeof x === 'string');

/** The object form of a record's toolUseResult (the same object, so editing it edits the record). */
export function resultObject(r: Rec): Record<string, unknown> | undefined {
  return isObject(r.toolUseResult) ? r.toolUseResult : undefined;
}

/** An AskUserQuestion result's answers (the same object, so editing it edits the record), undefined when it holds none. */
export function answersOf(r: Rec): Record<string, string> | undefined {
  const answers = resultObject(r)?.answers;
  if (answers === undefined) return undefined;
  if (!isAnswers(answers)) throw new Error(`answers that are not text: ${JSON.stringify(answers)}`);
  return answers;
}

/** Re-runs a recorded call: the tool use of `command` with the result of `resultFromCommand`, appended at the end under a new id. */
export function appendRun(rs: Rec[], command: string, resultFromCommand: string, n: number): Rec[] {
  const use = rs[indexOf(rs, isBashUse(command), `run of ${command}`)]!;
  const src = rs[indexOf(rs, isBashUse(resultFromCommand), `run of ${resultFromCommand}`)]!;
  const srcId = toolUseOf(src).id;
  const result = rs[indexOf(rs, isResultFor(srcId), `result of ${resultFromCommand}`)]!;
  const id = `toolu_rerun_${n}`;
  const time = new Date(Date.parse(rs[rs.length - 1]!.timestamp ?? '2026-11-29T23:00:00Z') + 1000 * (n + 1)).toISOString();
  const newUse = structuredClone(use);
  newUse.timestamp = time;
  mapBlocks(newUse, (b) => (b.type === 'tool_use' ? { ...b, id } : b));
  const newResult = structuredClone(result);
  newResult.timestamp = time;
  mapBlocks(newResult, (b) => (b.tool_use_id ? { ...b, tool_use_id: id } : b));
  return [...rs, newUse, newResult];
}
