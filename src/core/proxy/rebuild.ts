// The requests a recorded Claude Code session sent, rebuilt from its transcript: before each new
// assistant message, the conversation so far. Records of one assistant message (Claude Code writes
// one per content block, sharing message.id) are merged, and so are consecutive user records (tool
// results), the way Claude Code sends them. A compact boundary starts the conversation again.
// The system prompt and tools are not in the transcript, so rebuilt requests hold messages only.
import { z } from 'zod';
import type { Block, Message } from './messages';

const recordSchema = z.object({
  type: z.string(),
  isSidechain: z.boolean().optional(),
  subtype: z.string().optional(),
  message: z.object({
    role: z.enum(['user', 'assistant']),
    id: z.string().optional(),
    model: z.string().optional(),
    content: z.union([z.string(), z.array(z.object({ type: z.string() }).passthrough())]),
  }).passthrough().optional(),
}).passthrough();

export interface Rebuilt {
  messages: Message[];
  model: string;
}

function asBlocks(content: string | Block[]): Block[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** Calls `each` with every rebuilt request, oldest first. The arrays must not be kept or changed. */
export function forEachRequest(records: Iterable<unknown>, each: (r: Rebuilt) => void): void {
  let messages: Message[] = [];
  let lastId: string | undefined;
  let model = '';
  for (const raw of records) {
    const rec = recordSchema.safeParse(raw);
    if (!rec.success || rec.data.isSidechain) continue;
    const r = rec.data;
    if (r.type === 'system' && r.subtype === 'compact_boundary') { messages = []; lastId = undefined; continue; }
    if ((r.type !== 'user' && r.type !== 'assistant') || !r.message) continue;
    const m = r.message;
    const blocks = asBlocks(m.content).filter((b) => !(b.type === 'text' && typeof b.text === 'string' && b.text === ''));
    if (!blocks.length) continue;
    const last = messages[messages.length - 1];
    if (m.role === 'assistant') {
      if (m.model) model = m.model;
      if (last && last.role === 'assistant' && m.id !== undefined && m.id === lastId) {
        messages[messages.length - 1] = { role: 'assistant', content: [...asBlocks(last.content), ...blocks] };
        continue;
      }
      if (messages.length) each({ messages, model });
      messages.push({ role: 'assistant', content: blocks });
      lastId = m.id;
    } else if (last && last.role === 'user') {
      messages[messages.length - 1] = { role: 'user', content: [...asBlocks(last.content), ...blocks] };
    } else {
      messages.push({ role: 'user', content: blocks });
    }
  }
}
