// A question-box answer whose response holds no answer text (blank answers, answers that are not
// text, answers that are not a map) is read from the answers in the tool input instead.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import { hookInput } from '../../../src/hooks/payload';
import { answerReceipt } from '../../../src/hooks/receipts';
import { receiptsOf, receiptWorkspace } from '../helpers/receipts';

const S = '94bbd3b6-a93b-488a-a1cc-5f1dc234edfd';
const NOW = new Date('2026-12-01T10:00:00.000Z');
const caller: Caller = { kind: 'hook', nested: false, claudePid: 1, why: 'test' };

describe('answers read from the input when the response has none', () => {
  let ws = '';
  beforeEach(() => (ws = receiptWorkspace()));
  afterEach(() => rmSync(ws, { recursive: true, force: true }));
  const ctx = () => ({ workspace: ws, env: {}, now: () => NOW, callerOf: () => caller });

  const cases: Array<[string, unknown]> = [
    ['two blank answers in the response', { answers: { a: '', b: '' } }],
    ['two answers that are neither text nor a list', { answers: { a: 3, b: true } }],
    ['a blank answer and an empty list', { answers: { a: '', b: [] } }],
    ['answers that are one text, not a map of them', { answers: 'S7 is done' }],
  ];
  for (const [name, response] of cases) {
    it(`with ${name}, the ids come from the answers in the input`, () => {
      const input = hookInput.parse({ session_id: S, cwd: '/p', hook_event_name: 'PostToolUse', tool_name: 'AskUserQuestion', tool_use_id: 'toolu_q', tool_input: { answers: { a: 'S5 is done' } }, tool_response: response });
      assert.equal(answerReceipt(input, ctx()).outcome, 'receipt');
      assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'answer', session: S, toolUseId: 'toolu_q', ids: ['S5'], nested: false, time: NOW.toISOString() }]);
    });
  }
});
