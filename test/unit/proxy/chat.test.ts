import assert from 'node:assert/strict';
import { Engine } from '../../../src/core/proxy/engine';
import { DEFAULTS } from '../../../src/core/proxy/options';
import { SUMMARY_HEADER } from '../../../src/core/proxy/summary';
import { sha256 } from './build';

type Chat = { role: string; content?: unknown; tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>; tool_call_id?: string };

function chatHistory(turns: number, resultChars: number): Chat[] {
  const out: Chat[] = [{ role: 'system', content: 'You are a coding agent.' }, { role: 'user', content: 'Fix the failing parser test.' }];
  for (let i = 0; i < turns; i++) {
    out.push({ role: 'assistant', content: `Reading part ${i}.`, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ path: `src/p${i}.ts` }) } }] });
    out.push({ role: 'tool', tool_call_id: `call_${i}`, content: 'c'.repeat(resultChars) });
  }
  return out;
}

/** Every tool_calls id answered by the tool messages right after it, and no tool message unanswered. */
function chatPairs(ms: Chat[]): number {
  let bad = 0;
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    if (m.role === 'tool') {
      let j = i - 1;
      while (j >= 0 && ms[j]!.role === 'tool') j--;
      if (!ms[j]?.tool_calls?.some((c) => c.id === m.tool_call_id)) bad++;
    }
    for (const c of m.tool_calls ?? []) {
      let j = i + 1;
      let found = false;
      while (j < ms.length && ms[j]!.role === 'tool') { if (ms[j]!.tool_call_id === c.id) found = true; j++; }
      if (!found && i < ms.length - 1) bad++;
    }
  }
  return bad;
}

describe('proxy, OpenAI Chat Completions dialect', () => {
  it('compacts a chat history under the threshold, the kept messages as the client sent them', () => {
    const e = new Engine({ ...DEFAULTS, threshold: 6000 }, sha256);
    const history = chatHistory(30, 3000);
    const body = JSON.stringify({ model: 'gpt-test', messages: history, stream: true });
    const out = e.handle(body, { upstream: 'x', dialect: 'openai-chat' });
    assert.ok(out.body, `action ${out.decision?.action}`);
    const sent = JSON.parse(out.body) as { model: string; stream: boolean; messages: Chat[] };
    assert.equal(sent.model, 'gpt-test');
    assert.deepEqual(sent.messages.slice(-6), history.slice(-6), 'the newest three turns verbatim');
    assert.deepEqual(sent.messages[0], history[0]);
    const head = sent.messages[1]!;
    assert.equal(head.role, 'user');
    assert.ok(Array.isArray(head.content));
    const parts = head.content as Array<{ type: string; text: string }>;
    assert.equal(parts[0]!.text, 'Fix the failing parser test.');
    assert.ok(parts[1]!.text.startsWith(SUMMARY_HEADER));
    assert.match(parts[1]!.text, /call read_file \{"path":"src\/p0\.ts"\}/);
    assert.equal(chatPairs(sent.messages), 0);
    assert.ok(out.decision!.estAfter <= out.decision!.threshold);
  });

  it('passes a chat request under the threshold unchanged', () => {
    const e = new Engine({ ...DEFAULTS }, sha256);
    const out = e.handle(JSON.stringify({ model: 'gpt-test', messages: chatHistory(2, 10) }), { upstream: 'x', dialect: 'openai-chat' });
    assert.equal(out.body, null);
    assert.equal(out.decision?.action, 'pass');
  });
});
