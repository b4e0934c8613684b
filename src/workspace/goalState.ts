// The adopted goal: the frozen item list and how it was frozen, in .claude/proofmeter/goal.json.
// Hooks and the extension read this one file; it is written atomically and never overwritten when
// it cannot be parsed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomicWrite';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { frozenBySchema } from '../core/tally/tallySchema';
import { planItemSchema } from '../core/types';

/** The meter's state folder in the platform's spelling, for paths below a workspace. */
export const STATE_DIR = join(METER_STATE_DIR);

export const goalSchema = z
  .object({
    version: z.literal(1),
    planPath: z.string(),
    title: z.string().nullable(),
    // Only a frozen goal is saved; 'given' is the CLI evaluating transcripts as approved.
    frozenBy: frozenBySchema.exclude(['given']),
    frozenAt: z.string(),
    sessionId: z.string().nullable(),
    countSdkPrompts: z.boolean().default(false),
    items: z.array(planItemSchema),
    // PATH, HOME and locale of whoever froze the goal: the verifier re-runs proofs in it (goalEnv.ts).
    env: z.record(z.string(), z.string()).optional(),
  })
  .passthrough();

export type GoalState = z.infer<typeof goalSchema>;

export function goalPath(workspace: string): string {
  return join(workspace, STATE_DIR, 'goal.json');
}

export type GoalRead = { kind: 'none' } | { kind: 'ok'; goal: GoalState } | { kind: 'bad'; error: string };

export function readGoal(workspace: string): GoalRead {
  const path = goalPath(workspace);
  if (!existsSync(path)) return { kind: 'none' };
  try {
    const parsed = goalSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return { kind: 'ok', goal: parsed.data };
    return { kind: 'bad', error: `${path} does not hold a Proofmeter goal (${parsed.error.issues[0]?.message ?? 'bad shape'})` };
  } catch (e) {
    return { kind: 'bad', error: `${path} is not valid JSON: ${(e as Error).message}` };
  }
}

export function writeGoal(workspace: string, goal: GoalState): void {
  writeFileAtomic(goalPath(workspace), JSON.stringify(goal, null, 2) + '\n');
}
