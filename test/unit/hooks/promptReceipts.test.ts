// The prompt hook's receipts: one per prompt and per task notice, only for a genuine hook call.
import { strict as assert } from 'node:assert';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import { wordsDigest } from '../../../src/core/evidence/receipt';
import { hookInput } from '../../../src/hooks/payload';
import { promptSubmit } from '../../../src/hooks/prompt';
import { answerReceipt } from '../../../src/hooks/receipts';
import { FIXTURES } from '../helpers/fixtures';
import { loggedCalls, receiptsOf, receiptWorkspace } from '../helpers/receipts';

const S = '94bbd3b6-a93b-488a-a1cc-5f1dc234edfd';
const NOW = new Date('2026-12-01T10:00:00.000Z');
const caller = (kind: Caller['kind']): Caller => ({ kind, nested: kind === 'nested-hook', claudePid: 1, why: 'test' });
const prompt = (text: string) => hookInput.parse({ session_id: S, cwd: '/p', prompt_id: 'p-1', hook_event_name: 'UserPromptSubmit', prompt: text });

describe('prompt and answer receipts', () => {
  let ws = '';
  beforeEach(() => (ws = receiptWorkspace()));
  afterEach(() => rmSync(ws, { recursive: true, force: true }));
  const ctx = (kind: Caller['kind'], env: Record<string, string> = {}) => ({ workspace: ws, env, now: () => NOW, callerOf: () => caller(kind) });

  it('a typed prompt gets a receipt with its id, its digest and the ids it names, never its text', () => {
    promptSubmit(prompt('S2 looks good, and S10 too'), ctx('hook'));
    assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'prompt', session: S, promptId: 'p-1', digest: wordsDigest('S2 looks good, and S10 too'), ids: ['S2', 'S10'], sdk: false, nested: false, accepts: [], time: NOW.toISOString() }]);
  });

  it('a prompt from a launcher and one in a nested Claude Code say so', () => {
    promptSubmit(prompt('S2'), ctx('hook', { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' }));
    promptSubmit(prompt('S3'), ctx('nested-hook'));
    assert.deepEqual(receiptsOf(ws, S).map((r) => r.kind === 'prompt' && [r.ids, r.sdk, r.nested]), [[['S2'], true, false], [['S3'], false, true]]);
  });

  it('a task notification gets a notice receipt: task, tool use, status and exit code', () => {
    const text = '<task-notification>\n<task-id>bqp6uyukz</task-id>\n<tool-use-id>toolu_bf7d</tool-use-id>\n<output-file>/x</output-file>\n<status>failed</status>\n<summary>Background command "x" failed with exit code 1</summary>\n</task-notification>';
    promptSubmit(prompt(text), ctx('hook'));
    assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'notice', session: S, promptId: 'p-1', taskId: 'bqp6uyukz', toolUseId: 'toolu_bf7d', status: 'failed', exit: 1, time: NOW.toISOString() }]);
  });

  it('a task notification without a tool use id gets a notice receipt with none', () => {
    const text = '<task-notification>\n<task-id>bqp6uyukz</task-id>\n<output-file>/x</output-file>\n<status>completed</status>\n<summary>Background command "x" completed (exit code 0)</summary>\n</task-notification>';
    promptSubmit(prompt(text), ctx('hook'));
    assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'notice', session: S, promptId: 'p-1', taskId: 'bqp6uyukz', toolUseId: null, status: 'completed', exit: 0, time: NOW.toISOString() }]);
  });

  it('a payload without a prompt gets no receipt', () => {
    promptSubmit(hookInput.parse({ session_id: S, cwd: '/p', prompt_id: 'p-1', hook_event_name: 'UserPromptSubmit' }), ctx('hook'));
    assert.deepEqual(receiptsOf(ws, S), []);
  });

  // A slash command (however it is indented) accepts nothing; words that merely end in a slash do.
  const accepting: Array<[string, string[]]> = [
    ['accept F-1a2b3c4, see src/', ['F-1a2b3c4']],
    ['/compact. accept F-1a2b3c4', []],
    ['  /compact. accept F-1a2b3c4', []],
  ];
  for (const [text, want] of accepting) {
    it(`the receipt of ${JSON.stringify(text)} accepts ${want.length ? want.join(' ') : 'nothing'}`, () => {
      promptSubmit(prompt(text), ctx('hook'));
      assert.deepEqual(receiptsOf(ws, S).map((r) => r.kind === 'prompt' && r.accepts), [want]);
    });
  }

  it('an answer without a session or a tool use id is ignored and gets no receipt', () => {
    const answer = (over: Record<string, unknown>) =>
      hookInput.parse({ session_id: S, tool_use_id: 'toolu_1', hook_event_name: 'PostToolUse', tool_name: 'AskUserQuestion', tool_response: { answers: { q: 'S2 is done' } }, ...over });
    assert.deepEqual([answerReceipt(answer({ tool_use_id: undefined }), ctx('hook')).outcome, answerReceipt(answer({ session_id: undefined }), ctx('hook')).outcome], ['ignored', 'ignored']);
    assert.deepEqual(receiptsOf(ws, S), []);
  });

  it("a payload piped in from the agent's shell gets no receipt", () => {
    promptSubmit(prompt('S2 looks good'), ctx('agent-shell'));
    promptSubmit(prompt('S2 looks good'), ctx('person'));
    assert.deepEqual(receiptsOf(ws, S), []);
  });

  it('a question-box answer gets a receipt with the ids the person chose or typed', () => {
    const post = loggedCalls(join(FIXTURES, 'recorded', 'ask-answer', 'hooks.jsonl')).find((c) => c.payload.hook_event_name === 'PostToolUse')!;
    answerReceipt(hookInput.parse(post.payload), ctx('hook'));
    assert.deepEqual(receiptsOf(ws, S), [{ v: 1, kind: 'answer', session: S, toolUseId: 'toolu_374e2f1b8d8adc46d21ffc6f', ids: ['S4', 'S6'], nested: false, time: NOW.toISOString() }]);
  });
});
