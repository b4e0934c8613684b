// Where turns start (the first of a run of assistant messages after the head, never a user message),
// which starts a pair of call and result forbids (by the first call of an id, only for a result after
// its call), and the unpaired calls and results of merged messages.
import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { pairingViolations, splitTurns } from '../../../src/core/proxy/turns';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const said = (text: string): Message => ({ role: 'assistant', content: [{ type: 'text', text }] });
const call = (...ids: string[]): Message => ({ role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id, name: 'Bash', input: {} })) });
const answer = (...ids: string[]): Message => ({ role: 'user', content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' })) });

describe('proxy turn starts and unpaired calls', () => {
  const splits: Array<[string, () => Message[], { headEnd: number; turns: Array<{ start: number; end: number }> }]> = [
    ['a user message after another user message starts no turn', () => [user('go'), said('a'), user('b'), user('c'), said('d')],
      { headEnd: 1, turns: [{ start: 1, end: 4 }, { start: 4, end: 5 }] }],
    ['an assistant message right after another starts no turn', () => [user('go'), said('a'), said('b'), user('c')],
      { headEnd: 1, turns: [{ start: 1, end: 4 }] }],
    ['a call id used twice is paired from its first call, so a later result still covers the turn start between', () =>
      [user('go'), call('x'), answer('x'), call('x'), answer('x'), said('done')],
      { headEnd: 1, turns: [{ start: 1, end: 5 }, { start: 5, end: 6 }] }],
    ['a result before its call forbids nothing and lifts no other pair', () =>
      [user('go'), call('y'), answer('x'), call('x'), answer('y')],
      { headEnd: 1, turns: [{ start: 1, end: 5 }] }],
  ];
  for (const [name, messages, want] of splits) {
    it(name, () => assert.deepEqual(splitTurns(messages()), want));
  }

  const pairs: Array<[string, () => Message[], number]> = [
    ['a call in the second of two assistant messages is answered by the user message after them', () => [user('go'), said('a'), call('t1'), answer('t1')], 0],
    ['a result in the first message answers no call, whatever its id', () => [answer('Stryker was here'), said('a')], 1],
  ];
  for (const [name, messages, want] of pairs) {
    it(name, () => assert.equal(pairingViolations(messages()), want));
  }
});
