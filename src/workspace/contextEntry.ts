// The shape of a saved context entry (.claude/proofmeter/context/<key>.json), checked whole on
// every load. It is only a cache of sizes and counts: an entry of any other shape is read again
// from its transcript and rewritten.
import { z } from 'zod';
import { MAX_COMPACTIONS, RECENT, type ContextState } from '../core/context/contextScan';

export const CONTEXT_ENTRY_VERSION = 1;

const count = z.number().int().nonnegative();
const size = z.object({ chars: count, imageTokens: count }).strict();
const time = z.string().nullable();

const compaction = z
  .object({
    line: count,
    time,
    trigger: z.string(),
    preTokens: z.number().nonnegative().nullable(),
    postTokens: z.number().nonnegative().nullable(),
    estimateBefore: count,
    reportedBefore: z.number().nonnegative().nullable(),
    estimateAfter: count.nullable(),
    reportedAfter: z.number().nonnegative().nullable(),
  })
  .strict();

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
    recent: z.array(z.tuple([z.string(), count, count])).max(RECENT),
    lastTime: time,
    unreadable: count,
  })
  .strict() satisfies z.ZodType<ContextState>;

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
export type SavedContext = Omit<ContextEntry, 'version'>;
