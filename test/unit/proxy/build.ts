// Small hand-made Messages histories for the rule's tests.
import { createHash } from 'node:crypto';
import type { Message, MessagesRequest } from '../../../src/core/proxy/messages';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let n = 0;
/** One tool turn: an assistant call and the user message with its result. */
export function toolTurn(result: string, opts: { text?: string; split?: boolean; name?: string; input?: Record<string, unknown> } = {}): Message[] {
  const id = `toolu_t${++n}`;
  const call = { type: 'tool_use', id, name: opts.name ?? 'Bash', input: opts.input ?? { command: `cat file${n}.txt`, description: 'Read it' } };
  const assistant: Message[] = opts.split
    ? [{ role: 'assistant', content: [call] }, { role: 'assistant', content: [{ type: 'text', text: opts.text ?? `Step ${n}.` }] }]
    : [{ role: 'assistant', content: [...(opts.text ? [{ type: 'text', text: opts.text }] : []), call] }];
  return [...assistant, { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: result }] }];
}

export function history(turns: number, resultChars: number, opts: { split?: boolean } = {}): Message[] {
  const out: Message[] = [{ role: 'user', content: 'Fix the failing parser test and keep the public API unchanged.' }];
  for (let i = 0; i < turns; i++) out.push(...toolTurn('r'.repeat(resultChars), { split: opts.split && i % 2 === 0, text: `Looking at part ${i}.` }));
  return out;
}

export function request(messages: Message[], extra: Partial<MessagesRequest> = {}): MessagesRequest {
  return { model: 'claude-test', max_tokens: 1024, system: [{ type: 'text', text: 'You are a coding agent.' }], messages, ...extra };
}
