// zod shapes of the transcript records the context meter reads. Unknown fields pass through:
// Claude Code adds fields in most releases, and only the ones sized or decided on are typed.
// The compact boundary is the shape Claude Code 2.1.112 and 2.1.332 write (test/fixtures/lab/main*
// hold real ones; the 2.1.332 binary builds it as {type: "system", subtype: "compact_boundary",
// compactMetadata: {trigger, preTokens, [postTokens], [preservedSegment], [preservedMessages]}}).
import { z } from 'zod';

const common = {
  uuid: z.string().nullish(),
  isSidechain: z.boolean().nullish(),
  timestamp: z.string().nullish(),
  sessionId: z.string().nullish(),
};

const count = z.number().finite().nonnegative();

export const usageShape = z
  .object({
    input_tokens: count.nullish(),
    cache_creation_input_tokens: count.nullish(),
    cache_read_input_tokens: count.nullish(),
  })
  .passthrough();

export const assistantShape = z
  .object({
    type: z.literal('assistant'),
    ...common,
    message: z
      .object({
        id: z.string().nullish(),
        model: z.string().nullish(),
        content: z.union([z.string(), z.array(z.unknown())]).default([]),
        usage: usageShape.nullish(),
      })
      .passthrough(),
  })
  .passthrough();

export const userShape = z
  .object({
    type: z.literal('user'),
    ...common,
    message: z.object({ content: z.union([z.string(), z.array(z.unknown())]) }).passthrough(),
  })
  .passthrough();

export const attachmentShape = z
  .object({
    type: z.literal('attachment'),
    ...common,
    attachment: z.object({ type: z.string() }).passthrough(),
  })
  .passthrough();

/** The system prompt and tools Claude Code recorded for its requests (2.1.332). */
export const promptSnapshot = z
  .object({
    type: z.literal('prompt_snapshot'),
    systemPrompt: z.array(z.unknown()).default([]),
    tools: z.array(z.object({ schema: z.unknown().optional() }).passthrough()).default([]),
  })
  .passthrough();

export const compactBoundaryShape = z
  .object({
    type: z.literal('system'),
    subtype: z.literal('compact_boundary'),
    ...common,
    compactMetadata: z
      .object({
        trigger: z.string().nullish(),
        preTokens: count.nullish(),
        postTokens: count.nullish(),
        preservedSegment: z
          .object({ headUuid: z.string().nullish(), tailUuid: z.string().nullish() })
          .passthrough()
          .nullish(),
        preservedMessages: z
          .object({ uuids: z.array(z.string()).nullish(), allUuids: z.array(z.string()).nullish() })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/** Claude Code 2.1.332's record of each request it sent: the model and the beta headers. */
export const apiRequestShape = z
  .object({
    type: z.literal('api-request'),
    params: z.object({ model: z.string().nullish(), betas: z.array(z.string()).nullish() }).passthrough().nullish(),
  })
  .passthrough();

export type CompactBoundaryShape = z.infer<typeof compactBoundaryShape>;
export type AttachmentShape = z.infer<typeof attachmentShape>;
export type ApiRequestShape = z.infer<typeof apiRequestShape>;
