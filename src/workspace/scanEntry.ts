// The shape of a saved scan entry (.claude/proofmeter/scan/<key>.json), checked whole on every load:
// an entry is written by this code, but anything can rewrite a file in the workspace, and a wrong
// type deep inside (a `runs` that is not an array) used to fail every later call.
import { z } from 'zod';
import type { ScanState } from '../core/transcript/scan';
import { transcriptSourceSchema, wordsSourceSchema, type Position } from '../core/types';

/**
 * Bumped whenever the saved shape changes; an entry of another version is read again from the
 * transcript. 2: words keep only the ids their sentence affirms (src/core/evidence/affirmedIds.ts).
 * 3: the whole entry is checked on load; runs kept only for the goal's proofs, stamped with them.
 * 4: what ties events to their receipts: a run's endCwd, words' promptId, toolUseId and digest.
 * 5: each event names its line (byteOffset, byteLength) for scanVerify.ts; a run's cwd; forgedCache.
 * 6: a subagent's run with is_error false and no toolUseResult ended passed there (runEnd.ts).
 * 7: a passed run's test count (evidence/testCount.ts).
 */
export const SCAN_ENTRY_VERSION = 7;

const count = z.number().int().nonnegative();
// Every position names the entry's own file, so `file` is left out on save and put back on load.
// byteOffset/byteLength: the record's line, which scanVerify re-reads before the entry is trusted.
const position = z.object({ line: count, time: z.string().nullable(), byteOffset: count.optional(), byteLength: count.optional() }).strict();
const exitCode = count.nullable();
const source = transcriptSourceSchema;

const runEnd = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('passed') }).strict(),
  z.object({ kind: z.literal('failed'), reason: z.string(), exitCode }).strict(),
  z.object({ kind: z.literal('pending'), taskId: z.string() }).strict(),
]);

const run = z
  .object({
    toolUseId: z.string(),
    command: z.string(),
    at: position,
    source,
    sidechain: z.boolean(),
    cwd: z.string().nullable().optional(),
    end: runEnd.optional(),
    endAt: position.optional(),
    backgroundTaskId: z.string().optional(),
    backgroundedByUser: z.boolean().optional(),
    endCwd: z.string().optional(),
    tests: z.object({ runner: z.string(), ran: count }).strict().optional(),
  })
  .strict();

const events = z
  .object({
    runs: z.array(run),
    notices: z.array(z.object({ taskId: z.string(), status: z.string(), exitCode, at: position }).strict()),
    words: z.array(
      z
        .object({
          ids: z.array(z.string()),
          source: wordsSourceSchema,
          at: position,
          // What ties the words to their receipt (evidence/witness.ts).
          promptId: z.string().optional(),
          toolUseId: z.string().optional(),
          digest: z.string().optional(),
        })
        .strict(),
    ),
    edits: z.array(z.object({ path: z.string(), tool: z.string(), at: position }).strict()),
    unreadable: count,
    readError: z.string().optional(),
    lines: count,
    prunedRuns: count.optional(),
    sessionId: z.string().nullable(),
    cwd: z.string().nullable(),
    forgedCache: z.string().optional(),
  })
  .strict();

const state = z
  .object({
    source,
    offset: count,
    lineNo: count,
    events,
    open: z.record(z.string(), z.object({ kind: z.enum(['bash', 'ask']) }).strict()),
    pendingBytes: count,
    prunedTo: count,
  })
  .strict();

export const scanEntry = z
  .object({
    version: z.literal(SCAN_ENTRY_VERSION),
    path: z.string(),
    dev: z.number().int(),
    ino: z.number().int(),
    size: count,
    mtimeMs: z.number().finite(),
    /** The PROBE bytes just before state.offset, base64. */
    probe: z.string(),
    /** keepDigest of the proofs the state was pruned for. */
    keep: z.string(),
    state,
  })
  .strict();

/** A ScanState as saved: the same, less every `file`. */
type Stored<T> = T extends Array<infer U> ? Array<Stored<U>> : T extends object ? { [K in keyof T as K extends 'file' ? never : K]: Stored<T[K]> } : T;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Every field path of a type: mutual assignability alone lets an optional field go missing. */
type Paths<T, P extends string = ''> = T extends Array<infer U>
  ? Paths<U, `${P}[]`>
  : T extends object
    ? { [K in keyof T & string]-?: `${P}.${K}` | Paths<NonNullable<T[K]>, `${P}.${K}`> }[keyof T & string]
    : never;
type Same<A, B> = Mutual<A, B> extends true ? Mutual<Paths<A>, Paths<B>> : false;
// Fails to compile when the schema and ScanState drift apart, in either direction.
const sameShape: Same<z.infer<typeof state>, Stored<ScanState>> = true;
void sameShape;

export type StoredEntry = z.infer<typeof scanEntry>;

type StoredState = z.infer<typeof state>;
type StoredPosition = z.infer<typeof position>;

/** The state as saved: every `file` left out. */
export function storeState(s: ScanState): StoredState {
  const at = (p: Position): StoredPosition =>
    p.byteOffset === undefined || p.byteLength === undefined ? { line: p.line, time: p.time } : { line: p.line, time: p.time, byteOffset: p.byteOffset, byteLength: p.byteLength };
  const { file: _f, events: e, ...rest } = s;
  const { file: _e, ...counts } = e;
  return {
    ...rest,
    events: {
      ...counts,
      runs: e.runs.map(({ at: a, endAt, ...r }) => (endAt ? { ...r, at: at(a), endAt: at(endAt) } : { ...r, at: at(a) })),
      notices: e.notices.map((n) => ({ ...n, at: at(n.at) })),
      words: e.words.map((w) => ({ ...w, at: at(w.at) })),
      edits: e.edits.map((x) => ({ ...x, at: at(x.at) })),
    },
  };
}

/** A saved state with `file` put back everywhere. */
export function restoreState(s: StoredState, file: string): ScanState {
  const at = (p: StoredPosition): Position => ({ file, ...p });
  const e = s.events;
  return {
    ...s,
    file,
    events: {
      ...e,
      file,
      runs: e.runs.map(({ at: a, endAt, ...r }) => (endAt ? { ...r, at: at(a), endAt: at(endAt) } : { ...r, at: at(a) })),
      notices: e.notices.map((n) => ({ ...n, at: at(n.at) })),
      words: e.words.map((w) => ({ ...w, at: at(w.at) })),
      edits: e.edits.map((x) => ({ ...x, at: at(x.at) })),
    },
  };
}
