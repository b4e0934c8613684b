// zod shapes for the few transcript records the meter reads. Every schema passes unknown fields
// through, because Claude Code adds fields in most releases; only the fields we decide on are typed.
import { z } from 'zod';

export const toolUseBlock = z
  .object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.unknown()).default({}) })
  .passthrough();

export const toolResultBlock = z
  .object({
    type: z.literal('tool_result'),
    tool_use_id: z.string(),
    is_error: z.boolean().nullish(),
    content: z.unknown().optional(),
  })
  .passthrough();

const origin = z.object({ kind: z.string() }).passthrough();

const common = {
  isSidechain: z.boolean().nullish(),
  timestamp: z.string().nullish(),
  sessionId: z.string().nullish(),
  cwd: z.string().nullish(),
};

export const assistantRecord = z
  .object({
    type: z.literal('assistant'),
    ...common,
    message: z.object({ content: z.array(z.unknown()).default([]) }).passthrough(),
  })
  .passthrough();

export const userRecord = z
  .object({
    type: z.literal('user'),
    ...common,
    isMeta: z.boolean().nullish(),
    isCompactSummary: z.boolean().nullish(),
    isVisibleInTranscriptOnly: z.boolean().nullish(),
    promptSource: z.string().nullish(),
    promptId: z.string().nullish(),
    entrypoint: z.string().nullish(),
    origin: origin.nullish(),
    message: z.object({ content: z.union([z.string(), z.array(z.unknown())]) }).passthrough(),
    toolUseResult: z.unknown().optional(),
  })
  .passthrough();

export const queuedCommandAttachment = z
  .object({
    type: z.literal('queued_command'),
    prompt: z.union([z.string(), z.array(z.unknown())]),
    commandMode: z.string().nullish(),
    origin: origin.nullish(),
  })
  .passthrough();

export const attachmentRecord = z
  .object({
    type: z.literal('attachment'),
    ...common,
    attachment: z.object({ type: z.string() }).passthrough(),
  })
  .passthrough();

/** The object form of a Bash tool result; a failed run stores a plain string instead. */
export const bashResultObject = z
  .object({
    interrupted: z.boolean().nullish(),
    returnCodeInterpretation: z.string().nullish(),
    backgroundTaskId: z.string().nullish(),
    backgroundedByUser: z.boolean().nullish(),
  })
  .passthrough();

export const askAnswersResult = z
  .object({ answers: z.record(z.unknown()) })
  .passthrough();

export type AssistantRecord = z.infer<typeof assistantRecord>;
export type UserRecord = z.infer<typeof userRecord>;
export type AttachmentRecord = z.infer<typeof attachmentRecord>;
