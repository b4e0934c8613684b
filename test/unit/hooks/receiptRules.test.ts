// The node receipts field by field (mutation testing found each rule unguarded): which calls get a
// receipt at all, and what each field of a Bash, answer and prompt receipt says.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import { bashDigest } from '../../../src/core/evidence/receipt';
import { hookInput } from '../../../src/hooks/payload';
import { answerReceipt, bashReceipt, recordPrompt } from '../../../src/hooks/receipts';
import { receiptsOf, receiptWorkspace } from '../helpers/receipts';

const S = '94bbd3b6-a93b-488a-a1cc-5f1dc234edfd';
const NOW = new Date('2026-12-01T10:00:00.900Z');
const caller = (kind: Caller['kind']): Caller => ({ kind, nested: kind === 'nested-hook', claudePid: 1, why: 'test' });

describe('receipts, field by field', () => {
  let ws = '';
  beforeEach(() => (ws = receiptWorkspace()));
  afterEach(() => rmSync(ws, { recursive: true, force: true }));
  const ctx = (kind: Caller['kind'] = 'hook') => ({ workspace: ws, env: {}, now: () => NOW, callerOf: () => caller(kind) });

  const bash = (over: Record<string, unknown> = {}) =>
    hookInput.parse({ session_id: S, cwd: '/p', hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'npm test' }, tool_response: {}, ...over });
  // A function, so the digest (src/core) is computed inside the test that compares it.
  const plain = () => ({ v: 1, kind: 'bash', session: S, toolUseId: 'toolu_1', digest: bashDigest('/p', 'npm test'), event: 'post', exit: null, interrupted: false, cond: false, task: null, agent: false, t: 1796119200 });

  const bashCases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['a plain PostToolUse', {}, {}],
    ['a failure with its exit code', { hook_event_name: 'PostToolUseFailure', error: 'Exit code 12\nfailed' }, { event: 'failure', exit: 12 }],
    ['a failure whose error only mentions an exit code later', { hook_event_name: 'PostToolUseFailure', error: 'Failed: Exit code 3' }, { event: 'failure' }],
    ['a call the response marks interrupted', { tool_response: { interrupted: true } }, { interrupted: true }],
    ['a call the payload marks interrupted', { is_interrupt: true }, { interrupted: true }],
    ['a call whose exit code Claude Code interpreted', { tool_response: { returnCodeInterpretation: 'No matches found' } }, { cond: true }],
    ['a call started in the background', { tool_response: { backgroundTaskId: 'b12_x-Y' } }, { task: 'b12_x-Y' }],
    ['a background id that is not a plain id', { tool_response: { backgroundTaskId: 'b1; rm x' } }, {}],
    ["a subagent's call", { agent_id: 'a1' }, { agent: true }],
  ];
  for (const [name, over, fields] of bashCases) {
    it(`the Bash receipt of ${name}`, () => {
      assert.deepEqual(bashReceipt(bash(over), ctx()), { code: 0, stdout: '', stderr: '', outcome: 'receipt' });
      assert.deepEqual(receiptsOf(ws, S), [{ ...plain(), ...fields }]);
    });
  }

  const noBash: Array<[string, Record<string, unknown>, Caller['kind'], string]> = [
    ['a PreToolUse', { hook_event_name: 'PreToolUse' }, 'hook', 'ignored'],
    ['another tool', { tool_name: 'Read' }, 'hook', 'ignored'],
    ['a call without a tool use id', { tool_use_id: undefined }, 'hook', 'ignored'],
    ["a payload from the agent's shell", {}, 'agent-shell', 'not-a-hook'],
  ];
  for (const [name, over, kind, outcome] of noBash) {
    it(`no Bash receipt for ${name}`, () => {
      assert.equal(bashReceipt(bash(over), ctx(kind)).outcome, outcome);
      assert.deepEqual(receiptsOf(ws, S), []);
    });
  }

  const ask = (over: Record<string, unknown>) => hookInput.parse({ session_id: S, cwd: '/p', hook_event_name: 'PostToolUse', tool_name: 'AskUserQuestion', tool_use_id: 'toolu_q', tool_input: {}, ...over });
  const answerCases: Array<[string, Record<string, unknown>, Caller['kind'], string[], boolean]> = [
    ['answers in the response, one chosen from a list', { tool_response: { answers: { a: 'S4 is done', b: ['S6', 3, 'S7'] } } }, 'hook', ['S4', 'S6', 'S7'], false],
    ['answers only in the input', { tool_response: { answers: {} }, tool_input: { answers: { a: 'S5 is done' } } }, 'hook', ['S5'], false],
    ['a response that is text', { tool_response: 'S4 is done', tool_input: { answers: { a: 'S8 works' } } }, 'hook', ['S8'], false],
    ['answers that are text', { tool_response: { answers: 'S4 is done' } }, 'hook', [], false],
    ['a null response, answers in the input', { tool_response: null, tool_input: { answers: { a: 'S5 is done' } } }, 'hook', ['S5'], false],
    ['null answers, answers in the input', { tool_response: { answers: null }, tool_input: { answers: { a: 'S5 is done' } } }, 'hook', ['S5'], false],
    ['a list holding a list, which is no answer', { tool_response: { answers: { a: [['S9 is done'], 'fine'] } } }, 'hook', [], false],
    ['a nested Claude Code', { tool_response: { answers: { a: 'S4 is done' } } }, 'nested-hook', ['S4'], true],
  ];
  for (const [name, over, kind, ids, nested] of answerCases) {
    it(`the answer receipt of ${name}`, () => {
      assert.equal(answerReceipt(ask(over), ctx(kind)).outcome, 'receipt');
      assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'answer', session: S, toolUseId: 'toolu_q', ids, nested, time: NOW.toISOString() }]);
    });
  }

  it('no answer receipt for another tool, or for a payload from the agent’s shell', () => {
    assert.equal(answerReceipt(ask({ tool_name: 'Bash', tool_response: { answers: { a: 'S4' } } }), ctx()).outcome, 'ignored');
    assert.equal(answerReceipt(ask({ tool_response: { answers: { a: 'S4' } } }), ctx('agent-shell')).outcome, 'not-a-hook');
    assert.deepEqual(receiptsOf(ws, S), []);
  });

  const notice = (id: string) => `<task-notification>\n<task-id>bq1</task-id>\n<tool-use-id>${id}</tool-use-id>\n<status>completed</status>\n<exit-code>0</exit-code>\n</task-notification>`;
  const prompt = (text: string) => hookInput.parse({ session_id: S, cwd: '/p', prompt_id: 'p-1', hook_event_name: 'UserPromptSubmit', prompt: text });
  const promptCases: Array<[string, string, string]> = [
    ['a notice after blank lines is a notice, its tool use id trimmed', `\n  ${notice(' toolu_n ')}`, 'notice'],
    ['a notice quoted after other words is a prompt', `look: ${notice('toolu_n')}`, 'prompt'],
    ['a notice glued to a word is a prompt', `x${notice('toolu_n')}`, 'prompt'],
  ];
  for (const [name, text, kind] of promptCases) {
    it(name, () => {
      recordPrompt(prompt(text), ctx());
      const [r] = receiptsOf(ws, S);
      assert.equal(r?.kind, kind);
      if (r?.kind === 'notice') assert.equal(r.toolUseId, 'toolu_n');
    });
  }
});
