// The input a response reports, read from the first bytes of a streamed (server-sent events) or
// plain JSON Messages response: input + cache creation + cache read tokens.
import { z } from 'zod';

const usageSchema = z.object({
  input_tokens: z.number().optional(),
  cache_creation_input_tokens: z.number().nullable().optional(),
  cache_read_input_tokens: z.number().nullable().optional(),
}).passthrough();
const messageSchema = z.object({ usage: usageSchema }).passthrough();
const startSchema = z.object({ type: z.literal('message_start'), message: messageSchema }).passthrough();

function total(u: z.infer<typeof usageSchema>): number | null {
  if (typeof u.input_tokens !== 'number') return null;
  return u.input_tokens + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
}

/** From the start of an event stream: the message_start event's usage, or null (not there yet). */
export function usageFromEvents(text: string): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:') || !line.includes('message_start')) continue;
    try {
      const ev = startSchema.safeParse(JSON.parse(line.slice(5)));
      if (ev.success) return total(ev.data.message.usage);
    } catch { /* a line cut short: not there yet */ }
  }
  return null;
}

export function usageFromJson(text: string): number | null {
  try {
    const m = messageSchema.safeParse(JSON.parse(text));
    return m.success ? total(m.data.usage) : null;
  } catch {
    return null;
  }
}
