// The JSON the CLI prints and the state files it writes, parsed with the product's own schemas, so a
// test that reads them fails on a change of shape rather than reading `undefined`.
import { z } from 'zod';
import type { VerifyJson } from '../../../src/cli/commands/verify';
import { verifyJsonSchema } from '../../../src/extension/verifyJson';
import { tallySchema, type Tally } from '../../../src/core/tally/tallySchema';
import { planFindingSchema, planItemSchema } from '../../../src/core/types';
import { goalSchema, type GoalState } from '../../../src/workspace/goalState';

/** `proofmeter tally --json`. */
export function tallyJson(out: string): Tally {
  return tallySchema.parse(JSON.parse(out));
}

/** .claude/proofmeter/goal.json's text. */
export function goalJson(text: string): GoalState {
  return goalSchema.parse(JSON.parse(text));
}

/** `proofmeter verify --json` (src/cli/commands/verify.ts VerifyJson), with the schema the extension reads it by. */
export { verifyJsonSchema };

export function verifyJson(out: string): VerifyJson {
  return verifyJsonSchema.parse(JSON.parse(out));
}

/** `proofmeter check-plan --json` (src/cli/commands/checkPlan.ts). */
export const checkPlanJsonSchema = z.object({
  ok: z.boolean(),
  title: z.string().nullable(),
  items: z.array(planItemSchema),
  findings: z.array(planFindingSchema),
  warnings: z.array(planFindingSchema),
});

export function checkPlanJson(out: string): z.infer<typeof checkPlanJsonSchema> {
  return checkPlanJsonSchema.parse(JSON.parse(out));
}
