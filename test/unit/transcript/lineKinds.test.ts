// Lines the scanner meets besides Bash calls and prompts: records of types it does not read, a
// line cut off before its end, a Bash call without a command, and the answers of a question box.
import { strict as assert } from 'node:assert';
import { newScanState, scanBytes } from '../../../src/core/transcript/scan';

const base = { sessionId: 'kinds-session', cwd: '/home/dev/proj', isSidechain: false };
const bytesOf = (lines: string[]): Buffer => Buffer.from(lines.map((l) => l + '\n').join(''));
const scan = (lines: string[]) => scanBytes(newScanState('k.jsonl', 'main'), bytesOf(lines)).events;

/** A question box: the AskUserQuestion call and the result Claude Code writes with the answers. */
function asked(answers: Record<string, unknown>): string[] {
  const call = { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_ask1', name: 'AskUserQuestion', input: { questions: [] } }] }, timestamp: '2026-12-01T10:00:00.000Z', ...base };
  const result = {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_ask1', content: 'answered' }] },
    toolUseResult: { questions: [], answers },
    timestamp: '2026-12-01T10:00:01.000Z',
    ...base,
  };
  return [JSON.stringify(call), JSON.stringify(result)];
}

describe('records of types the meter does not read', () => {
  const cases: Array<[string, string]> = [
    ['a system record in another spacing is read past, not counted as unreadable', '{"type": "system", "subtype": "info", "sessionId": "kinds-session"}'],
    ['a record of a future type that mentions a queued command is read past, not counted as unreadable', '{"type":"future-thing","note":"queued_command","sessionId":"kinds-session"}'],
  ];
  for (const [name, line] of cases) {
    it(name, () => {
      const e = scan([line]);
      assert.equal(e.unreadable, 0);
      assert.equal(e.lines, 1);
    });
  }
});

describe('a line cut off mid-record', () => {
  it('a transcript line cut mid-record is counted as unreadable, not dropped, and names no session', () => {
    const e = scan(['{"type":"system","sessionId":"kinds-sess']);
    assert.equal(e.unreadable, 1);
    assert.equal(e.sessionId, null);
  });

  it('two cut lines count two, before a whole line names the session', () => {
    const e = scan(['{"type":"system","sessionId":"a', '{"type":"system","sessionId":"b', '{"type":"system","sessionId":"whole"}']);
    assert.equal(e.unreadable, 2);
    assert.equal(e.sessionId, 'whole');
  });
});

describe('a Bash call without a command', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['a Bash call with no command is a run of the empty command', { description: 'nothing' }],
    ['a Bash call whose command is not text is a run of the empty command', { command: 42 }],
  ];
  for (const [name, input] of cases) {
    it(name, () => {
      const call = { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_b1', name: 'Bash', input }] }, timestamp: '2026-12-01T10:00:00.000Z', ...base };
      const e = scan([JSON.stringify(call)]);
      assert.deepEqual(e.runs.map((r) => [r.toolUseId, r.command]), [['toolu_b1', '']]);
    });
  }
});

describe('the answers of a question box', () => {
  // Each row: the answers as Claude Code writes them, and the ids the person's answer affirms.
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['an answer chosen from several options affirms the ids it names', { 'Which are done?': ['S1 is done', 'S2 is done'] }, ['S1', 'S2']],
    ['each chosen option is its own sentence: one that says not leaves only its own id open', { 'Which are done?': ['S1 is done', 'S2 is not done'] }, ['S1']],
    ['options that are not text are not read as words', { 'Which are done?': ['S1 is done', ['S3 is done'], 7] }, ['S1']],
    ['a choice of options none of which is text affirms nothing', { 'Which are done?': [['S3 is done']] }, []],
    ['a typed answer affirms the ids it names, beside one that is neither text nor a list', { 'Anything else?': 'S4 is done', 'Score?': 5 }, ['S4']],
  ];
  for (const [name, answers, ids] of cases) {
    it(name, () => {
      const e = scan(asked(answers));
      assert.deepEqual(e.words.map((w) => [w.source, w.ids, w.toolUseId]), ids.length ? [['answer', ids, 'toolu_ask1']] : []);
    });
  }
});
