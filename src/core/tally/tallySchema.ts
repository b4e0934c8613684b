// The tally's shape, the one definition: the engine's return type is inferred from it, and the
// extension host and its webviews validate the tally they are given with it (src/protocol.ts).
import { z } from 'zod';
import { protectionSchema } from '../install/protection';
import { itemStateSchema, ledgerReasonSchema } from '../evidence/evidenceSchema';
import { verifierJsonSchema } from '../evidence/rerun';
import { testsRanSchema } from '../evidence/testCount';
import { reverifySchema } from '../evidence/reverified';
import { acceptanceSchema } from '../findings/acceptance';
import { findingSchema } from '../findings/finding';
import { ownerSchema, planFindingSchema, transcriptSourceSchema } from '../types';
import { stageSchema } from './stages';

/** How the list was frozen: approved at ExitPlanMode, adopted, or given on the command line. */
export const frozenBySchema = z.enum(['approval', 'adopt', 'given']);

export const goalInfoSchema = z.object({
  title: z.string().nullable(),
  planPath: z.string().nullable(),
  frozenBy: frozenBySchema.nullable(),
  frozenAt: z.string().nullable(),
});
export type GoalInfo = z.infer<typeof goalInfoSchema>;

const position = { file: z.string(), line: z.number() };

export const runJsonSchema = z.object({
  command: z.string(),
  time: z.string().nullable(),
  exit: z.number().nullable(),
  ...position,
  endLine: z.number().nullable(),
  outcome: z.enum(['passed', 'failed', 'pending', 'running']),
  /** The folder the run started in, when the transcript says (a run from another folder does not count). */
  cwd: z.string().nullable().default(null),
  /** How many tests its runner's summary says ran (evidence/testCount.ts); null where none was recognised. */
  tests: testsRanSchema.nullable().default(null),
});
export type RunJson = z.infer<typeof runJsonSchema>;

export const itemJsonSchema = z.object({
  id: z.string(),
  list: z.string(),
  owner: ownerSchema,
  state: itemStateSchema,
  proof: z.string(),
  text: z.string(),
  planLine: z.number(),
  detail: z.string(),
  run: runJsonSchema.nullable(),
  closedBy: z.object({ source: z.string(), time: z.string().nullable(), ...position }).nullable(),
  handover: z.object({ why: z.string(), time: z.string().nullable(), line: z.number() }).nullable(),
});
export type ItemJson = z.infer<typeof itemJsonSchema>;

export const ledgerJsonSchema = z.object({
  ids: z.array(z.string()),
  reason: ledgerReasonSchema,
  source: transcriptSourceSchema,
  run: runJsonSchema,
});
export type LedgerJson = z.infer<typeof ledgerJsonSchema>;

export const tallySchema = z.object({
  goal: goalInfoSchema,
  verdict: z.enum(['done', 'not-done']),
  /** Claude's items plus commit and push where they apply (skipped steps and close are not counted). */
  headline: z.object({ done: z.number(), total: z.number() }),
  /** What of the headline is not done: always total minus done. */
  open: z.number(),
  stages: z.array(stageSchema),
  items: z.array(itemJsonSchema),
  added: z.array(z.object({ id: z.string(), list: z.string(), line: z.number() })),
  ledger: z.array(ledgerJsonSchema),
  findings: z.array(planFindingSchema),
  unreadableLines: z.number(),
  /** Transcript files that could not be read at all. */
  unreadableFiles: z.array(z.object({ file: z.string(), code: z.string() })),
  sessions: z.number(),
  /** Integrity findings, one list for every check (see findings/finding.ts). */
  integrity: z.array(findingSchema),
  /** The verifier's re-runs beside the session's evidence; null when none were saved. */
  verifier: verifierJsonSchema.nullish(),
  /** The person's acceptances of the findings listed in `integrity`. */
  accepted: z.array(acceptanceSchema).optional(),
  /** What keeps the agent off the meter's files (core/install/protection.ts); added by the workspace side, absent where nothing read the settings. */
  protection: protectionSchema.nullish(),
  /**
   * Done means re-verified (evidence/reverified.ts): whether the stop gate's re-run stands for the
   * work tree as it is. Absent where nothing gates the tally (transcripts evaluated as given).
   */
  reverify: reverifySchema.nullish(),
});
export type Tally = z.infer<typeof tallySchema>;
