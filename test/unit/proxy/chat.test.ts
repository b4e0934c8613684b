import assert from 'node:assert/strict';
import { chatView } from '../../../src/core/proxy/chat';
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

  it('views each chat message as a Messages one', () => {
    const v = chatView([
      { role: 'developer', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'x' }, text: 'not a text part' }, null, { type: 'text', text: 'b' }] },
      { role: 'assistant', content: '', tool_calls: [{ id: 'c1', function: { name: 'read', arguments: '{"p":1}' } }, { id: 'c2', function: { name: 'run', arguments: 'not json' } }, { id: 'c3', function: { name: 'ls' } }] },
      { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'one' }] },
      { role: 'tool', content: 'orphan' },
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 42 },
    ]);
    assert.deepEqual(v.messages, [
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'user', content: [{ type: 'text', text: 'a\n\n\nb' }] },
      { role: 'assistant', content: [
        { type: 'tool_use', id: 'c1', name: 'read', input: { p: 1 } },
        { type: 'tool_use', id: 'c2', name: 'run', input: { arguments: 'not json' } },
        { type: 'tool_use', id: 'c3', name: 'ls', input: {} },
      ] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: 'one' }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: '', content: 'orphan' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { role: 'user', content: [{ type: 'text', text: '' }] },
    ]);
  });

  const backs: Array<[string, () => Array<{ role: string } & Record<string, unknown>>, unknown]> = [
    ['appends the summary to a head user message of plain text', () => [{ role: 'user', content: 'Task.', name: 'kept' }], { role: 'user', content: [{ type: 'text', text: 'Task.' }, { type: 'text', text: 'SUMMARY' }], name: 'kept' }],
    ['appends the summary to a head user message of parts', () => [{ role: 'user', content: [{ type: 'text', text: 'Task.' }] }], { role: 'user', content: [{ type: 'text', text: 'Task.' }, { type: 'text', text: 'SUMMARY' }] }],
    ['appends the summary to a head user message without content', () => [{ role: 'user' }], { role: 'user', content: [{ type: 'text', text: 'SUMMARY' }] }],
    ['sends the summary alone after a head that ends in a system message', () => [{ role: 'system', content: 'Rules.' }], { role: 'user', content: 'SUMMARY' }],
  ];
  for (const [name, head, want] of backs) {
    it(name, () => {
      const original = [...head(), { role: 'assistant', content: 'Hi.' }];
      const v = chatView(original);
      const summaryMessage = { role: 'user' as const, content: [{ type: 'text', text: 'x' }, { type: 'text', text: 'SUMMARY' }] };
      const sent = v.back([summaryMessage, v.messages[1]!], 1);
      assert.deepEqual(sent, [want, original[1]]);
    });
  }

  it('sends a new summary message of plain text as it is, where no head message was', () => {
    const original = [{ role: 'assistant', content: 'Hi.' }];
    const v = chatView(original);
    assert.deepEqual(v.back([{ role: 'user', content: 'SUMMARY' }, v.messages[0]!], 1), [{ role: 'user', content: 'SUMMARY' }, original[0]]);
  });

  it('sends a new message before the last head message as the summary alone', () => {
    const original = [{ role: 'user', content: 'A.' }, { role: 'user', content: 'B.' }];
    const v = chatView(original);
    assert.deepEqual(v.back([{ role: 'user', content: 'SUMMARY' }, v.messages[1]!], 2), [{ role: 'user', content: 'SUMMARY' }, original[1]]);
  });

  it('sends a new message past the head as the summary alone', () => {
    const original = [{ role: 'user', content: 'Task.' }];
    const v = chatView(original);
    assert.deepEqual(v.back([v.messages[0]!, { role: 'user', content: [] }], 1), [original[0], { role: 'user', content: '' }]);
  });
});
