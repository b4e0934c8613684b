// Receipts of calls that lack a field (mutation testing found each rule unguarded): a Bash call
// with no cwd or no command is digested with that part empty, and an answer in the response that
// is neither text nor a list counts as no answer, so the answers in the input are read instead.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import { hookInput } from '../../../src/hooks/payload';
import { answerReceipt, bashReceipt } from '../../../src/hooks/receipts';
import { receiptsOf, receiptWorkspace } from '../helpers/receipts';

const S = '94bbd3b6-a93b-488a-a1cc-5f1dc234edfd';
const NOW = new Date('2026-12-01T10:00:00.900Z');
const caller: Caller = { kind: 'hook', nested: false, claudePid: 1, why: 'test' };

describe('receipts of calls with a field missing', () => {
  let ws = '';
  beforeEach(() => (ws = receiptWorkspace()));
  afterEach(() => rmSync(ws, { recursive: true, force: true }));
  const ctx = () => ({ workspace: ws, env: {}, now: () => NOW, callerOf: () => caller });

  const bash = (over: Record<string, unknown>) =>
    hookInput.parse({ session_id: S, cwd: '/p', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'npm test' }, tool_response: {}, ...over });
  // Each digest is sha256 of the cwd, a newline and the command, the missing one empty.
  const digests: Array<[string, Record<string, unknown>, string]> = [
    ['a Bash call with no cwd is digested with an empty cwd', { cwd: undefined }, '373b99401596926112e87a2f2ddb088194f5a5cf7eb47ac83337d603dd8a8864'],
    ['a Bash call with no command is digested with an empty command', { tool_input: {} }, '5e7b251b8cd8df3791ee4f69c7230b6ac8da9199b626f2b7aaffcd5c619039e9'],
  ];
  for (const [name, over, digest] of digests) {
    it(name, () => {
      assert.equal(bashReceipt(bash(over), ctx()).outcome, 'receipt');
      const [r] = receiptsOf(ws, S);
      assert.equal(r?.kind === 'bash' ? r.digest : null, digest);
    });
  }

  it('an answer that is a number is no answer: the ids come from the answers in the input', () => {
    const input = hookInput.parse({ session_id: S, cwd: '/p', hook_event_name: 'PostToolUse', tool_name: 'AskUserQuestion', tool_use_id: 'toolu_q', tool_input: { answers: { a: 'S5 is done' } }, tool_response: { answers: { a: 3 } } });
    assert.equal(answerReceipt(input, ctx()).outcome, 'receipt');
    assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'answer', session: S, toolUseId: 'toolu_q', ids: ['S5'], nested: false, time: NOW.toISOString() }]);
  });
});
