// The shape of a saved context entry (.claude/proofmeter/context/<key>.json), checked whole on
// every load. It is only a cache of sizes and counts: an entry of any other shape is read again
// from its transcript and rewritten.
//
// Each `statusline --context` call, a fresh process, loads the entry, so what zod walks is paid on
// every call, in code still cold. Version 2 stores the two lists in a form zod checks in few steps:
// the compactions as tuples instead of strict objects (up to 20 of them; the newest 3 show in
// `proofmeter context`, all kept ones in its --json) and the newest sized records as one string
// checked by a pattern instead of 256 tuples. storeContextState and restoreContextState convert.
import { z } from 'zod';
import { MAX_COMPACTIONS, RECENT, type CompactionEvent, type ContextState } from '../core/context/contextScan';

/** 2: compactions as tuples, the recent records as one string (the header says why). */
export const CONTEXT_ENTRY_VERSION = 2;

const count = z.number().int().nonnegative();
const tokens = z.number().nonnegative().nullable();
const size = z.object({ chars: count, imageTokens: count }).strict();
const time = z.string().nullable();

/** A CompactionEvent's fields in the order of its interface. */
const compaction = z.tuple([count, time, z.string(), tokens, tokens, count, tokens, count.nullable(), tokens]);
type StoredCompaction = z.infer<typeof compaction>;

/**
 * One line per record, `<chars> <image tokens> <uuid>\n`, oldest first. A uuid holding a newline
 * cannot be stored; Claude Code's are UUIDs, and such a record would only go uncounted at a boundary.
 */
const RECENT_LINES = /^(?:\d{1,15} \d{1,15} [^\n]+\n)*$/;
const recentText = z
  .string()
  .regex(RECENT_LINES)
  .refine((s) => s.split('\n').length - 1 <= RECENT, `at most ${RECENT} records`);

export const contextStateSchema = z
  .object({
    offset: count,
    lineNo: count,
    pendingBytes: count,
    sessionId: z.string().nullable(),
    model: z.string().nullable(),
    oneMillion: z.boolean(),
    messages: size,
    system: size,
    messageId: z.string().nullable(),
    report: z.object({ tokens: z.number().nonnegative(), estimate: count, line: count, time }).strict().nullable(),
    requests: count,
    compactions: z.array(compaction).max(MAX_COMPACTIONS),
    compactionCount: count,
    recent: recentText,
    lastTime: time,
    unreadable: count,
  })
  .strict();

/** A ContextState as the entry stores it. */
export type StoredContextState = z.infer<typeof contextStateSchema>;

export const contextEntry = z
  .object({
    version: z.literal(CONTEXT_ENTRY_VERSION),
    path: z.string(),
    dev: z.number(),
    ino: z.number(),
    size: count,
    mtimeMs: z.number(),
    probe: z.string(),
    /** The window Claude Code's status line reported for this session, when one was seen. */
    window: count.nullable(),
    state: contextStateSchema,
  })
  .strict();

export type ContextEntry = z.infer<typeof contextEntry>;
/** An entry as the code holds it. */
export type SavedContext = Omit<ContextEntry, 'version' | 'state'> & { state: ContextState };

function storeCompaction(c: CompactionEvent): StoredCompaction {
  return [c.line, c.time, c.trigger, c.preTokens, c.postTokens, c.estimateBefore, c.reportedBefore, c.estimateAfter, c.reportedAfter];
}

function restoreCompaction([line, time, trigger, preTokens, postTokens, estimateBefore, reportedBefore, estimateAfter, reportedAfter]: StoredCompaction): CompactionEvent {
  return { line, time, trigger, preTokens, postTokens, estimateBefore, reportedBefore, estimateAfter, reportedAfter };
}

export function storeContextState(s: ContextState): StoredContextState {
  let recent = '';
  for (const [uuid, chars, images] of s.recent) if (!uuid.includes('\n')) recent += `${chars} ${images} ${uuid}\n`;
  return { ...s, compactions: s.compactions.map(storeCompaction), recent };
}

/** The state of an entry that passed contextStateSchema. */
export function restoreContextState(s: StoredContextState): ContextState {
  const recent: ContextState['recent'] = [];
  for (const line of s.recent.split('\n')) {
    if (!line) continue;
    const a = line.indexOf(' ');
    const b = line.indexOf(' ', a + 1);
    recent.push([line.slice(b + 1), Number(line.slice(0, a)), Number(line.slice(a + 1, b))]);
  }
  return { ...s, compactions: s.compactions.map(restoreCompaction), recent };
}
