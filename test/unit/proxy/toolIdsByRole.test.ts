// The tool_use ids an assistant message calls and the tool_use ids a user message answers: only
// the blocks of the right type, of the right role, with an id; read once per message object.
import assert from 'node:assert/strict';
import { toolResultIds, toolUseIds, type Message } from '../../../src/core/proxy/messages';

describe('proxy tool ids by role and block type', () => {
  const uses: Array<[string, () => Message, string[]]> = [
    ['an assistant message calls the ids of its tool_use blocks', () => ({ role: 'assistant', content: [{ type: 'tool_use', id: 'a1' }, { type: 'tool_use', id: 'a2' }] }), ['a1', 'a2']],
    ['a user message calls nothing, even with a tool_use block', () => ({ role: 'user', content: [{ type: 'tool_use', id: 'u1' }] }), []],
    ['a system message calls nothing, even with a tool_use block', () => ({ role: 'system', content: [{ type: 'tool_use', id: 's1' }] }), []],
    ['a tool_use block without an id calls nothing', () => ({ role: 'assistant', content: [{ type: 'tool_use' }, { type: 'tool_use', id: 'a3' }] }), ['a3']],
    ['a block of another type with an id is no call', () => ({ role: 'assistant', content: [{ type: 'text', text: 'hi', id: 't1' }, { type: 'tool_result', id: 'r1', tool_use_id: 'r1' }] }), []],
  ];
  for (const [name, message, want] of uses) {
    it(name, () => assert.deepEqual(toolUseIds(message()), want));
  }

  const results: Array<[string, () => Message, string[]]> = [
    ['a user message answers the ids of its tool_result blocks', () => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a1' }, { type: 'tool_result', tool_use_id: 'a2' }] }), ['a1', 'a2']],
    ['an assistant message answers nothing, even with a tool_result block', () => ({ role: 'assistant', content: [{ type: 'tool_result', tool_use_id: 'a1' }] }), []],
    ['a system message answers nothing, even with a tool_result block', () => ({ role: 'system', content: [{ type: 'tool_result', tool_use_id: 'a1' }] }), []],
    ['a tool_result block without a tool_use_id answers nothing', () => ({ role: 'user', content: [{ type: 'tool_result' }, { type: 'tool_result', tool_use_id: 'a3' }] }), ['a3']],
    ['a block of another type with a tool_use_id is no answer', () => ({ role: 'user', content: [{ type: 'text', text: 'hi', tool_use_id: 't1' }, { type: 'tool_use', id: 'x', tool_use_id: 'x' }] }), []],
  ];
  for (const [name, message, want] of results) {
    it(name, () => assert.deepEqual(toolResultIds(message()), want));
  }

  it('asking twice for the calls of one message gives the same list, read once', () => {
    const m: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 'a1' }] };
    const first = toolUseIds(m);
    assert.equal(toolUseIds(m), first);
    assert.deepEqual(first, ['a1']);
  });

  it('asking twice for the answers of one message gives the same list, read once', () => {
    const m: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a1' }] };
    const first = toolResultIds(m);
    assert.equal(toolResultIds(m), first);
    assert.deepEqual(first, ['a1']);
  });
});
