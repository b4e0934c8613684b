// The plan's shapes as zod schemas, for the files the meter writes and reads back (goal.json and
// the plan cache): a file that parses but holds the wrong shape must be caught on reading, not by
// a TypeError deep in the tally. The annotations tie each schema to its type in core/types, so a
// field added there fails the typecheck here instead of being silently dropped.
import { z } from 'zod';
import type { Owner, ParsedPlan, PlanFinding, PlanItem, PlanRule, Proof } from '../core/types';

export const proofSchema: z.ZodType<Proof> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('command'), command: z.string() }),
  z.object({ kind: z.literal('human'), what: z.string() }),
  z.object({ kind: z.literal('later'), event: z.string() }),
]);

const ownerSchema = z.enum(['claude', 'human', 'later']);

const ruleSchema = z.enum(['missing-proof', 'bare-name', 'placeholder', 'cut-short', 'missing-id', 'duplicate-id', 'no-items', 'cannot-fail', 'existence-only', 'too-large']);

// A rule or owner added to core/types but not here would make every cached plan that uses it
// fail validation and be parsed again on every call: these fail the typecheck instead.
const everyRule: [PlanRule] extends [z.infer<typeof ruleSchema>] ? true : never = true;
const everyOwner: [Owner] extends [z.infer<typeof ownerSchema>] ? true : never = true;
void everyRule;
void everyOwner;

export const planItemSchema: z.ZodType<PlanItem> = z.object({
  id: z.string(),
  list: z.string(),
  text: z.string(),
  key: z.string(),
  owner: ownerSchema,
  proof: proofSchema.nullable(),
  line: z.number(),
});

export const planFindingSchema: z.ZodType<PlanFinding> = z.object({
  id: z.string().nullable(),
  rule: ruleSchema,
  line: z.number(),
  message: z.string(),
});

export const parsedPlanSchema: z.ZodType<ParsedPlan> = z.object({
  title: z.string().nullable(),
  items: z.array(planItemSchema),
  findings: z.array(planFindingSchema),
  warnings: z.array(planFindingSchema),
});
