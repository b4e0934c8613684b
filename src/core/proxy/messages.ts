// The shapes of an Anthropic Messages request the rule reads. Everything else in a request (and in
// a block) passes through untouched, so the schemas are loose: they check only what the rule uses.
import { z } from 'zod';

export const blockSchema = z.object({ type: z.string() }).passthrough();
export type Block = z.infer<typeof blockSchema>;

// Claude Code 2.1.332 also sends messages with role "system" (reminders) among the others.
export const messageSchema = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(blockSchema)]),
}).passthrough();
export type Message = z.infer<typeof messageSchema>;

export const requestSchema = z.object({
  messages: z.array(messageSchema),
  system: z.unknown().optional(),
  tools: z.unknown().optional(),
  model: z.string().optional(),
}).passthrough();
export type MessagesRequest = z.infer<typeof requestSchema>;

/** A message's content as a list of blocks (a plain string is one text block). */
export function blocksOf(m: Message): Block[] {
  return typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

// Parsed messages are never changed, so their ids are read once per object (a replay asks again
// for every request).
const uses = new WeakMap<object, string[]>();
const results = new WeakMap<object, string[]>();
const NONE: string[] = [];

/** The tool_use ids an assistant message calls. */
export function toolUseIds(m: Message): string[] {
  if (m.role !== 'assistant') return NONE;
  let ids = uses.get(m);
  if (!ids) uses.set(m, ids = blocksOf(m).filter((b) => b.type === 'tool_use').map((b) => str(b.id)).filter(Boolean));
  return ids;
}

/** The tool_use ids a user message answers. */
export function toolResultIds(m: Message): string[] {
  if (m.role !== 'user') return NONE;
  let ids = results.get(m);
  if (!ids) results.set(m, ids = blocksOf(m).filter((b) => b.type === 'tool_result').map((b) => str(b.tool_use_id)).filter(Boolean));
  return ids;
}
