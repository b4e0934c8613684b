// The context meter's part of the state the host posts to its webviews (see protocol.ts): per
// session, newest first, the sizes and counts `proofmeter context --json` prints. Sizes only.
import { z } from 'zod';

const tokens = z.number().nonnegative();

export const compactionViewSchema = z.object({
  time: z.string().nullable(),
  trigger: z.string(),
  preTokens: tokens.nullable(),
  postTokens: tokens.nullable(),
  estimateBefore: tokens,
  estimateAfter: tokens.nullable(),
  reportedAfter: tokens.nullable(),
});

export const sessionContextViewSchema = z.object({
  sessionId: z.string().nullable(),
  file: z.string(),
  updatedAt: z.string(),
  model: z.string().nullable(),
  estimate: tokens,
  reported: tokens.nullable(),
  calibrated: tokens.nullable(),
  window: tokens.nullable(),
  percent: z.number().nonnegative().nullable(),
  compactionCount: z.number().int().nonnegative(),
  /** The newest few, oldest first. */
  compactions: z.array(compactionViewSchema),
});

export type SessionContextView = z.infer<typeof sessionContextViewSchema>;
