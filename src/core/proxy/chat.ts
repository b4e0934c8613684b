// OpenAI Chat Completions through the same rule: each chat message is viewed as a Messages one
// (assistant tool_calls as tool_use blocks, a role "tool" message as a user message holding one
// tool_result), the rule decides on the view, and the result is mapped back to the client's own
// message objects, so kept messages go out as the client sent them.
import { z } from 'zod';
import type { Block, Message } from './messages';

const chatMessageSchema = z.object({
  role: z.string(),
  content: z.unknown().optional(),
  tool_calls: z.array(z.object({ id: z.string(), function: z.object({ name: z.string(), arguments: z.string().optional() }).passthrough() }).passthrough()).optional(),
  tool_call_id: z.string().optional(),
}).passthrough();
export const chatRequestSchema = z.object({ messages: z.array(chatMessageSchema), model: z.string().optional() }).passthrough();
type ChatMessage = z.infer<typeof chatMessageSchema>;

const stringOr = (value: unknown): string => (typeof value === 'string' ? value : '');

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' ? stringOr((p as { text?: unknown }).text) : '')).join('\n');
}

function args(raw: string | undefined): unknown {
  try {
    return raw ? JSON.parse(raw) : {};
  } catch {
    return { arguments: raw };
  }
}

function view(m: ChatMessage): Message {
  if (m.role === 'tool') return { role: 'user', content: [{ type: 'tool_result', tool_use_id: m.tool_call_id ?? '', content: text(m.content) }] };
  if (m.role === 'assistant') {
    const blocks: Block[] = [];
    const t = text(m.content);
    if (t) blocks.push({ type: 'text', text: t });
    for (const c of m.tool_calls ?? []) blocks.push({ type: 'tool_use', id: c.id, name: c.function.name, input: args(c.function.arguments) });
    return { role: 'assistant', content: blocks };
  }
  const role = m.role === 'user' ? 'user' : 'system'; // system and developer messages are not the person's words
  return { role, content: [{ type: 'text', text: text(m.content) }] };
}

export interface ChatView {
  messages: Message[];
  /** The chat messages to send for the rule's output. */
  back(out: Message[], headSent: number): unknown[];
}

export function chatView(original: ChatMessage[]): ChatView {
  const messages = original.map(view);
  const origin = new Map<Message, ChatMessage>(messages.map((m, i) => [m, original[i]!]));
  return {
    messages,
    back(out, headSent) {
      return out.map((m, i) => {
        const o = origin.get(m);
        if (o) return o;
        // The one new message: the head's last with the summary appended, or the summary alone.
        const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
        const summary = stringOr(blocks[blocks.length - 1]?.text);
        const before = i === headSent - 1 && i < original.length ? original[i] : undefined;
        if (before && before.role === 'user') {
          const parts = typeof before.content === 'string' ? [{ type: 'text', text: before.content }] : Array.isArray(before.content) ? (before.content as unknown[]) : [];
          return { ...before, content: [...parts, { type: 'text', text: summary }] };
        }
        return { role: 'user', content: summary };
      });
    },
  };
}
