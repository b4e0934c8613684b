// Which lines of a transcript the scan reads as the person's words (src/core/transcript/scan.ts):
// the origin and source fields of a prompt, the text blocks of its content, the answers of a
// question box, and prompts queued while Claude was busy. A record that is not the person's must
// never affirm an id, whatever its text says.
import { strict as assert } from 'node:assert';
import { wordsDigest } from '../../../src/core/evidence/receipt';
import { newScanState, scanBytes } from '../../../src/core/transcript/scan';
import type { TranscriptEvents, TranscriptSource } from '../../../src/core/types';
import { bytesOf } from './synth';

const T0 = '2026-12-01T10:00:00.000Z';
const T1 = '2026-12-01T10:00:01.000Z';
const base = { sessionId: 'words-session', cwd: '/home/dev/proj', isSidechain: false };
const scan = (lines: string[], source: TranscriptSource = 'main'): TranscriptEvents => scanBytes(newScanState('w.jsonl', source), bytesOf(lines)).events;
/** The same record in the spacing of `JSON.stringify(x, null, 1)` on one line: the scan reads such lines whole. */
const spaced = (line: string): string => line.replace('"type":"', '"type": "');

function prompt(fields: Record<string, unknown>, content: unknown): string {
  return JSON.stringify({ type: 'user', message: { role: 'user', content }, timestamp: T0, ...base, ...fields });
}

const wordsOf = (e: TranscriptEvents) => e.words.map((w) => [w.source, w.ids]);

describe('whose words a user record holds', () => {
  // Each row: the record's own fields, its text, and the words the scan reads from it.
  const cases: Array<[string, Record<string, unknown>, string, Array<[string, string[]]>]> = [
    ['a sidechain prompt in the main transcript is not the person’s words', { isSidechain: true, promptSource: 'typed', entrypoint: 'cli' }, 'S1 is done', []],
    ['a compact summary is not the person’s words, though marked typed', { isCompactSummary: true, promptSource: 'typed', entrypoint: 'cli' }, 'S1 is done', []],
    ['a record shown only in the transcript is not the person’s words', { isVisibleInTranscriptOnly: true, promptSource: 'typed', entrypoint: 'cli' }, 'S1 is done', []],
    ['a slash command’s output is not the person’s words, though marked typed', { promptSource: 'typed', entrypoint: 'cli' }, '<local-command-stdout>S1 is done</local-command-stdout>', []],
    ['a prompt of another origin is not the person’s words, though marked typed', { origin: { kind: 'channel' }, promptSource: 'typed', entrypoint: 'cli' }, 'S1 is done', []],
    ['a prompt of human origin is typed, without a prompt source', { origin: { kind: 'human' }, entrypoint: 'cli' }, 'S1 is done', [['typed', ['S1']]]],
    ['a prompt whose source is the SDK is an SDK prompt, from any entrypoint', { promptSource: 'sdk', entrypoint: 'cli' }, 'S1 is done', [['sdk', ['S1']]]],
    ['a prompt from the SDK entrypoint is an SDK prompt, without a prompt source', { entrypoint: 'sdk-cli' }, 'S1 is done', [['sdk', ['S1']]]],
    ['a prompt with no source and no origin from the command line is nobody’s words', { entrypoint: 'cli' }, 'S1 is done', []],
    ['a prompt of the VS Code panel with a source the meter does not know is nobody’s words', { promptSource: 'replay', entrypoint: 'claude-vscode' }, 'S1 is done', []],
    ['a prompt of the VS Code panel with no source is typed', { entrypoint: 'claude-vscode' }, 'S1 is done', [['typed', ['S1']]]],
  ];
  for (const [name, fields, text, words] of cases) {
    it(name, () => {
      assert.deepEqual(wordsOf(scan([prompt(fields, text)])), words);
    });
  }

  it('a typed prompt in a subagent’s own file is not the person’s words, even in a spacing read whole', () => {
    const line = spaced(prompt({ promptSource: 'typed', entrypoint: 'cli' }, 'S1 is done'));
    assert.equal(wordsOf(scan([line])).length, 1, 'the same line in the main file is a typed prompt');
    assert.deepEqual(wordsOf(scan([line], 'subagent')), []);
  });

  it('a typed prompt is read with its promptId, its line’s bytes and the digest of its text, and no question-box call', () => {
    const line = prompt({ promptSource: 'typed', entrypoint: 'cli', promptId: 'prompt-1' }, 'S1 is done');
    const e = scan([line]);
    assert.deepEqual(e.words, [
      {
        ids: ['S1'],
        source: 'typed',
        at: { file: 'w.jsonl', line: 1, time: T0, byteOffset: 0, byteLength: Buffer.byteLength(line) },
        promptId: 'prompt-1',
        digest: wordsDigest('S1 is done'),
      },
    ]);
  });

  it('a user record that carries a tool result is not a prompt, even with a typed text block beside it', () => {
    const call = JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_r1', name: 'Bash', input: { command: 'ls' } }] }, timestamp: T0, ...base });
    const res = prompt({ promptSource: 'typed', entrypoint: 'cli', toolUseResult: { stdout: 'ok', stderr: '', interrupted: false }, timestamp: T1 }, [
      { type: 'tool_result', tool_use_id: 'toolu_r1', content: 'ok', is_error: false },
      { type: 'text', text: 'S1 is done' },
    ]);
    const e = scan([call, res]);
    assert.deepEqual(e.runs.map((r) => [r.toolUseId, r.end]), [['toolu_r1', { kind: 'passed' }]]);
    assert.deepEqual(wordsOf(e), []);
  });
});

describe('the text blocks of a prompt', () => {
  const typedBlocks = (content: unknown[]) => scan([prompt({ promptSource: 'typed', entrypoint: 'cli' }, content)]);

  it('text blocks are read one per line, and the digest is of that text', () => {
    const e = typedBlocks([
      { type: 'text', text: 'S1 is done' },
      { type: 'text', text: 'S2 is done' },
    ]);
    assert.deepEqual(
      e.words.map((w) => [w.ids, w.digest]),
      [[['S1', 'S2'], wordsDigest('S1 is done\nS2 is done')]],
    );
  });

  // Each row: the content blocks, and the ids the prompt affirms.
  const cases: Array<[string, unknown[], string[]]> = [
    ['a block of another type is not read, though it has a text field', [{ type: 'image', text: 'S2 is done' }, { type: 'text', text: 'S1 is done' }], ['S1']],
    ['a null block is passed over, and the text blocks after it are read', [null, { type: 'text', text: 'S1 is done' }], ['S1']],
    ['a text block whose text is not text is passed over', [{ type: 'text', text: 7 }, { type: 'text', text: 'S1 is done' }], ['S1']],
  ];
  for (const [name, content, ids] of cases) {
    it(name, () => {
      const e = typedBlocks(content);
      assert.equal(e.unreadable, 0);
      assert.deepEqual(wordsOf(e), [['typed', ids]]);
    });
  }

  it('a prompt with no text block holds no words', () => {
    const e = typedBlocks([{ type: 'image', source: { type: 'base64', data: '' } }]);
    assert.deepEqual(e.words, []);
    assert.equal(e.unreadable, 0);
  });
});

/** A question box: the AskUserQuestion call and the result Claude Code writes with the answers. */
function asked(answers: Record<string, unknown>, resultFields: Record<string, unknown> = {}): string[] {
  const call = { type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_ask1', name: 'AskUserQuestion', input: { questions: [] } }] }, timestamp: T0, ...base };
  const result = {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_ask1', content: 'answered' }] },
    toolUseResult: { questions: [], answers },
    timestamp: T1,
    ...base,
    ...resultFields,
  };
  return [JSON.stringify(call), JSON.stringify(result)];
}

describe('whose answers a question box holds', () => {
  const answers = { 'Which are done?': ['S1 is done'] };

  it('the answer of a question box in the main session is the person’s', () => {
    assert.deepEqual(wordsOf(scan(asked(answers))), [['answer', ['S1']]]);
  });

  it('an answer in a result marked sidechain is not the person’s words', () => {
    assert.deepEqual(wordsOf(scan(asked(answers, { isSidechain: true }))), []);
  });

  it('a question box in a subagent’s own file holds no words of the person', () => {
    assert.deepEqual(wordsOf(scan(asked(answers), 'subagent')), []);
  });
});

/** A queued_command attachment: a prompt or notice that arrived while Claude was busy. */
function queued(attachment: Record<string, unknown>, fields: Record<string, unknown> = {}): string {
  return JSON.stringify({ type: 'attachment', attachment: { type: 'queued_command', ...attachment }, timestamp: T0, ...base, ...fields });
}

const NOTICE_TEXT = '<task-notification>\n<task-id>bg1</task-id>\n<status>completed</status>\n<summary>Background command completed (exit code 0)</summary>\n</task-notification>';

describe('prompts and notices queued while Claude was busy', () => {
  it('a queued prompt keeps the time of its record when the attachment has none', () => {
    const e = scan([queued({ prompt: 'S1 is done', commandMode: 'prompt', origin: { kind: 'human' } })]);
    assert.deepEqual(
      e.words.map((w) => [w.source, w.ids, w.at.time]),
      [['queued', ['S1'], T0]],
    );
  });

  it('a queued prompt takes the attachment’s time when its record has none', () => {
    const e = scan([queued({ prompt: 'S1 is done', commandMode: 'prompt', origin: { kind: 'human' }, timestamp: T1 }, { timestamp: undefined })]);
    assert.deepEqual(
      e.words.map((w) => [w.source, w.ids, w.at.time]),
      [['queued', ['S1'], T1]],
    );
  });

  it('a queued shell line of the person is not their words', () => {
    assert.deepEqual(wordsOf(scan([queued({ prompt: 'S1 is done', commandMode: 'bash', origin: { kind: 'human' } })])), []);
  });

  it('a queued prompt with no origin whose text reads as a notice is no notice: only its mode could say so', () => {
    const e = scan([queued({ prompt: NOTICE_TEXT, commandMode: 'prompt' })]);
    assert.deepEqual(e.notices, []);
    assert.deepEqual(e.words, []);
  });

  it('a queued notice with no origin is read by its mode', () => {
    const e = scan([queued({ prompt: NOTICE_TEXT, commandMode: 'task-notification' })]);
    assert.deepEqual(
      e.notices.map((n) => [n.taskId, n.exitCode]),
      [['bg1', 0]],
    );
  });

  it('a queued prompt of human origin with the mode of a notice is neither a notice nor words', () => {
    const e = scan([queued({ prompt: NOTICE_TEXT, commandMode: 'task-notification', origin: { kind: 'human' } })]);
    assert.deepEqual(e.notices, []);
    assert.deepEqual(e.words, []);
  });

  it('a queued prompt in a subagent’s own file is not the person’s words, even in a spacing read whole', () => {
    const line = spaced(queued({ prompt: 'S1 is done', commandMode: 'prompt', origin: { kind: 'human' } }));
    assert.deepEqual(wordsOf(scan([line])), [['queued', ['S1']]], 'the same line in the main file is a queued prompt');
    assert.deepEqual(wordsOf(scan([line], 'subagent')), []);
  });

  it('a transcript of only a queued prompt names its session and folder', () => {
    const e = scan([queued({ prompt: 'S1 is done', commandMode: 'prompt', origin: { kind: 'human' } })]);
    assert.deepEqual([e.sessionId, e.cwd], ['words-session', '/home/dev/proj']);
  });

  it('a transcript of only a typed prompt names its session and folder', () => {
    const e = scan([prompt({ promptSource: 'typed', entrypoint: 'cli' }, 'S1 is done')]);
    assert.deepEqual([e.sessionId, e.cwd], ['words-session', '/home/dev/proj']);
  });
});
