// The shapes that flow through the engine, from plan and transcript to the tally.
// Everything here is plain data so the CLI, the hooks and the extension can share it as JSON.
// The plan's shapes are zod schemas, the types inferred from them, so the files that hold them
// (goal.json, the plan cache) are read back through the same definition.
import { z } from 'zod';
import type { TestsRan } from './evidence/testCount';

/** Who can close an item: Claude by running its proof, the person by words, or a later event. */
export const ownerSchema = z.enum(['claude', 'human', 'later']);
export type Owner = z.infer<typeof ownerSchema>;

export const proofSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('command'), command: z.string() }),
  z.object({ kind: z.literal('human'), what: z.string() }),
  z.object({ kind: z.literal('later'), event: z.string() }),
]);
export type Proof = z.infer<typeof proofSchema>;

export const planItemSchema = z.object({
  /** `S1`, `V12`: letters then digits. */
  id: z.string(),
  /** The nearest heading above the item (`Steps`, `Checks`, ...); '' when there is none. */
  list: z.string(),
  /** The item's whole text as Markdown reads it (code spans keep their content, bold markers gone). */
  text: z.string(),
  /** Frozen-list key: list plus whole text, bold removed, white space folded, lower-cased. */
  key: z.string(),
  owner: ownerSchema,
  /** null only when the plan has a finding for this item. */
  proof: proofSchema.nullable(),
  /** 1-based line of the item in the plan file. */
  line: z.number(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

export const planRuleSchema = z.enum([
  'missing-proof',
  'bare-name',
  'placeholder',
  'cut-short',
  'missing-id',
  'duplicate-id',
  'no-items',
  /** A proof whose exit is 0 whatever happened (`true`, `npm test || true`, `npm test | tail`). */
  'cannot-fail',
  /** A warning only: a proof that checks no more than that a file exists (`test -f X`, `ls X`). */
  'existence-only',
  /** A text too long to be a plan, refused before it is parsed (plan/planSize.ts). */
  'too-large',
]);
export type PlanRule = z.infer<typeof planRuleSchema>;

export const planFindingSchema = z.object({
  /** The item id, or null when the item has none (or the finding is about the whole plan). */
  id: z.string().nullable(),
  rule: planRuleSchema,
  line: z.number(),
  /** One line that teaches the fix; shown to the agent by the plan gate. */
  message: z.string(),
  /**
   * A mechanical fix, when there is one: the text `from` on the finding's line becomes `to` (the
   * proof with `|| true` dropped, the next free id). The editor offers it as a quick fix.
   */
  fix: z.object({ from: z.string(), to: z.string() }).optional(),
});
export type PlanFinding = z.infer<typeof planFindingSchema>;

export const parsedPlanSchema = z.object({
  /** The first heading of the plan, if any. */
  title: z.string().nullable(),
  items: z.array(planItemSchema),
  /** What refuses the plan. */
  findings: z.array(planFindingSchema),
  /** What is worth saying but refuses nothing. */
  warnings: z.array(planFindingSchema),
});
export type ParsedPlan = z.infer<typeof parsedPlanSchema>;

/** Where a transcript line came from; only `main` can ever be evidence. */
export const transcriptSourceSchema = z.enum(['main', 'subagent']);
export type TranscriptSource = z.infer<typeof transcriptSourceSchema>;

export interface Position {
  /** Transcript file path as given to the engine. */
  file: string;
  /** 1-based line in that file. */
  line: number;
  /** ISO time of the record, when it has one. */
  time: string | null;
  /**
   * Byte offset and length of the record's line, set by the scanner: a saved scan state is checked
   * against these bytes of the transcript before it is trusted (see workspace/scanVerify.ts).
   */
  byteOffset?: number;
  byteLength?: number;
}

/** How a finished Bash run ended, read from its own exit signals, never its text. */
export type RunEnd =
  | { kind: 'passed' }
  | { kind: 'failed'; reason: string; exitCode: number | null }
  | { kind: 'pending'; taskId: string };

export interface BashRun {
  toolUseId: string;
  command: string;
  at: Position;
  source: TranscriptSource;
  /** True for a record marked isSidechain even inside the main file. */
  sidechain: boolean;
  /**
   * The folder the run started in: the cwd of its tool_use record, or null when another Bash
   * result between its call and its own result named another folder (calls in one message run one
   * after another, so a `cd` among them moves the later ones). Absent when the record has none.
   */
  cwd?: string | null;
  /** Set once the tool_result is seen; undefined while the call has no result yet. */
  end?: RunEnd;
  /** Where the deciding result (tool_result or notice) was read. */
  endAt?: Position;
  /** The background task id from toolUseResult, when the run went to the background. */
  backgroundTaskId?: string;
  backgroundedByUser?: boolean;
  /** The cwd of its tool_result record: where the shell ended, as the Bash receipt saw it. */
  endCwd?: string;
  /** For a passed run whose output closes with a test runner's summary: how many tests ran (evidence/testCount.ts); the count only, never the text. */
  tests?: TestsRan;
}

export interface TaskNotice {
  taskId: string;
  status: string;
  exitCode: number | null;
  at: Position;
}

export const wordsSourceSchema = z.enum(['typed', 'queued', 'answer', 'sdk']);
export type WordsSource = z.infer<typeof wordsSourceSchema>;

/**
 * Words that may be the person's; the engine decides which sources count. Only the id-shaped
 * tokens are kept (upper-cased), never the prompt text, so saved state holds nothing private.
 */
export interface PersonWords {
  ids: string[];
  source: WordsSource;
  at: Position;
  /** The record's promptId (typed and SDK prompts), matched against the prompt hook's receipt. */
  promptId?: string;
  /** The AskUserQuestion call the answer belongs to. */
  toolUseId?: string;
  /** wordsDigest of the text (never the text itself). */
  digest?: string;
}

export interface FileEdit {
  path: string;
  tool: string;
  at: Position;
}

/** Everything the engine takes from one transcript file. */
export interface TranscriptEvents {
  /** The transcript file these events come from. */
  file: string;
  runs: BashRun[];
  notices: TaskNotice[];
  words: PersonWords[];
  edits: FileEdit[];
  /** Lines that could not be read (bad JSON, bad UTF-8, wrong shape); counted, never guessed. */
  unreadable: number;
  /** Set when the file itself could not be read (its error code, e.g. ENOENT); the rest goes on. */
  readError?: string;
  /** Lines read in all. */
  lines: number;
  /** Older runs of a command dropped from saved state (they can no longer decide anything). */
  prunedRuns?: number;
  sessionId: string | null;
  cwd: string | null;
  /**
   * Why a saved scan state of this file was found forged and discarded (these events were then
   * read again from the transcript); kept with the rebuilt state so the report outlives one read.
   */
  forgedCache?: string;
}
