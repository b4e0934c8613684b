import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { pairingViolations, splitTurns } from '../../../src/core/proxy/turns';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const said = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const call = (...ids: string[]): Message => ({ role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id, name: 'Bash', input: {} })) });
const answer = (...ids: string[]): Message => ({ role: 'user', content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' })) });

describe('proxy turns and tool pairs', () => {
  const splits: Array<[string, () => Message[], { headEnd: number; turns: Array<{ start: number; end: number }> }]> = [
    ['starts a turn at each assistant message after a user one', () => [user('go'), said('a'), user('b'), said('c'), user('d')],
      { headEnd: 1, turns: [{ start: 1, end: 3 }, { start: 3, end: 5 }] }],
    ['never starts a turn between a call and its result answered two turns later', () => [user('go'), call('t1'), user('wait'), said('still'), answer('t1'), said('done'), user('ok')],
      { headEnd: 1, turns: [{ start: 1, end: 5 }, { start: 5, end: 7 }] }],
    ['makes the whole history the head when no assistant spoke', () => [user('go'), user('again')], { headEnd: 2, turns: [] }],
  ];
  for (const [name, messages, want] of splits) {
    it(name, () => assert.deepEqual(splitTurns(messages()), want));
  }

  const pairs: Array<[string, () => Message[], number]> = [
    ['a call answered by the next user message', () => [user('go'), call('t1'), answer('t1'), said('done')], 0],
    ['a result that answers no call before it', () => [user('go'), answer('t9'), said('done')], 1],
    ['two results answering nothing, after an assistant that called something else', () => [user('go'), call('t1'), answer('t8', 't9')], 3],
    ['a call whose result never comes, followed by words', () => [user('go'), call('t1', 't2'), user('stop'), said('ok')], 2],
    ['a final call, which the model continues', () => [user('go'), call('t1')], 0],
    ['a call answered after a system message between', () => [user('go'), call('t1'), { role: 'system', content: 'reminder' }, answer('t1')], 0],
  ];
  for (const [name, messages, want] of pairs) {
    it(`counts ${want} unpaired for ${name}`, () => assert.equal(pairingViolations(messages()), want));
  }
});
