// The witness on events written by hand: the receipt facts no recording has (a failure with no
// exit code, a pass the hook saw go to the background, a notice without an exit code, an answer or
// words with nothing to match a receipt by), and the newest time of a transcript.
import { strict as assert } from 'node:assert';
import { bashDigest, type BashReceipt, type Receipt } from '../../../src/core/evidence/receipt';
import { latestTime, witness, type Witnessed } from '../../../src/core/evidence/witness';
import type { BashRun, PersonWords, Position, TaskNotice, TranscriptEvents } from '../../../src/core/types';

const SESSION = 'edge-session';
const FILE = '/home/dev/.claude/projects/p/edge-session.jsonl';
const CWD = '/home/dev/proj';
const COMMAND = 'npm test';

const at = (line: number, time: string | null = null): Position => ({ file: FILE, line, time });

function events(parts: Partial<TranscriptEvents>): TranscriptEvents {
  return { file: FILE, runs: [], notices: [], words: [], edits: [], unreadable: 0, lines: 10, sessionId: SESSION, cwd: CWD, ...parts };
}

/** A run of `npm test` in the main session that the transcript shows passing. */
function passingRun(): BashRun {
  return { toolUseId: 'toolu_e1', command: COMMAND, at: at(3, '2026-12-01T10:00:00.000Z'), source: 'main', sidechain: false, cwd: CWD, end: { kind: 'passed' }, endAt: at(4), endCwd: CWD };
}

/** The Bash receipt of that run, with the hook's facts changed as the row says. */
function bashReceipt(facts: Partial<BashReceipt>): BashReceipt {
  return { v: 1, kind: 'bash', session: SESSION, toolUseId: 'toolu_e1', digest: bashDigest(CWD, COMMAND), event: 'post', exit: null, interrupted: false, cond: false, task: null, agent: false, t: 1_764_583_200, ...facts };
}

const held = (t: TranscriptEvents, receipts: Receipt[]): Witnessed => witness([t], new Map([[SESSION, { armed: true, receipts }]]));

describe('a pass the hook saw end otherwise, with no exit code', () => {
  const cases: Array<[string, Partial<BashReceipt>, string]> = [
    ['an interrupted call is an interruption', { interrupted: true }, 'an interruption'],
    ['a non-zero exit Claude Code read as no error is a non-zero exit', { cond: true }, 'a non-zero exit'],
    ['a failure event that names no exit code is a failure', { event: 'failure' }, 'a failure'],
    ['an exit code, when the hook has one, is named before anything else', { event: 'failure', exit: 2, interrupted: true }, 'exit code 2'],
  ];
  for (const [name, facts, how] of cases) {
    it(`${name}: the run fails with it, and it is a finding`, () => {
      const w = held(events({ runs: [passingRun()] }), [bashReceipt(facts)]);
      assert.deepEqual(w.transcripts[0]!.runs.map((r) => r.end), [{ kind: 'failed', reason: `Claude Code's hook recorded ${how}`, exitCode: facts.exit ?? null }]);
      assert.deepEqual(
        w.findings.map((f) => [f.kind, f.file, f.line, f.message]),
        [['transcript-tampered', FILE, 3, `The transcript shows toolu_e1 at line 3 of edge-session.jsonl passing, but Claude Code's hook recorded ${how}.`]],
      );
    });
  }
});

describe('a pass the hook saw go to the background', () => {
  it('a run the transcript shows passing but the hook saw start task bg1 waits for bg1, and is a finding', () => {
    const w = held(events({ runs: [passingRun()] }), [bashReceipt({ task: 'bg1' })]);
    const run = w.transcripts[0]!.runs[0]!;
    assert.deepEqual([run.toolUseId, run.command, run.end, run.backgroundTaskId, run.endCwd], ['toolu_e1', COMMAND, { kind: 'pending', taskId: 'bg1' }, 'bg1', CWD]);
    assert.deepEqual(
      w.findings.map((f) => [f.kind, f.severity, f.line, f.message, f.action]),
      [
        [
          'transcript-tampered',
          'error',
          3,
          'The Bash call toolu_e1 at line 3 of edge-session.jsonl went to the background as task bg1, but the transcript says otherwise.',
          "Run the proof again in this session's own Bash; a record written into a transcript never counts.",
        ],
      ],
    );
  });

  it('a run the transcript shows in the background as another task takes the hook’s task', () => {
    const run: BashRun = { ...passingRun(), end: { kind: 'pending', taskId: 'bg9' }, backgroundTaskId: 'bg9' };
    const w = held(events({ runs: [run] }), [bashReceipt({ task: 'bg1' })]);
    assert.deepEqual(w.transcripts[0]!.runs.map((r) => [r.end, r.backgroundTaskId]), [[{ kind: 'pending', taskId: 'bg1' }, 'bg1']]);
    assert.equal(w.findings.length, 1);
  });
});

describe('a notice that names no exit code', () => {
  it('a notice saying killed with no exit code, where Claude Code delivered a pass, says so without an exit code', () => {
    const notice: TaskNotice = { taskId: 'bg1', status: 'killed', exitCode: null, at: at(7) };
    const receipt: Receipt = { v: 1, kind: 'notice', session: SESSION, promptId: null, taskId: 'bg1', toolUseId: 'toolu_e1', status: 'completed', exit: 0, time: '2026-12-01T10:01:00.000Z' };
    const w = held(events({ notices: [notice] }), [receipt]);
    assert.deepEqual(w.transcripts[0]!.notices.map((n) => [n.taskId, n.status, n.exitCode]), [['bg1', 'completed', 0]]);
    assert.deepEqual(w.findings.map((f) => f.message), ['The completion notice for task bg1 at line 7 of edge-session.jsonl says killed, but Claude Code delivered completed (exit code 0).']);
  });
});

describe('words with nothing to find a receipt by', () => {
  const answer = (toolUseId?: string): PersonWords => ({ ids: ['S1'], source: 'answer', at: at(5), ...(toolUseId ? { toolUseId } : {}) });
  const cases: Array<[string, PersonWords]> = [
    ['an answer that names no question box', answer()],
    ['an answer to a question box no receipt is for', answer('toolu_q9')],
  ];
  for (const [name, words] of cases) {
    it(`${name} closes nothing, and is a finding`, () => {
      const receipt: Receipt = { v: 1, kind: 'answer', session: SESSION, toolUseId: 'toolu_q1', ids: ['S1'], nested: false, time: '2026-12-01T10:01:00.000Z' };
      const w = held(events({ words: [words] }), [receipt]);
      assert.deepEqual(w.transcripts[0]!.words, []);
      assert.deepEqual(
        w.findings.map((f) => [f.kind, f.line, f.message, f.action]),
        [['transcript-tampered', 5, 'An answer at line 5 of edge-session.jsonl has no receipt: no question box Claude Code showed returned it.', 'Only words the person types into the session count; ask them to type it again.']],
      );
    });
  }

  it('two typed words with neither prompt id nor digest have no receipt: two findings, with ids that stay the same from run to run', () => {
    const typed = (line: number): PersonWords => ({ ids: ['S1'], source: 'typed', at: at(line) });
    const w = held(events({ words: [typed(5), typed(6)] }), []);
    // The ids are pinned: a finding's id is what an acceptance names, so it must not drift.
    assert.deepEqual(w.findings.map((f) => [f.id, f.line]), [['F-1t0ke2c', 5], ['F-1tuj759', 6]]);
  });
});

describe('the newest record time of a transcript', () => {
  const cases: Array<[string, Partial<TranscriptEvents>, string | null]> = [
    ['a transcript with no events has none', {}, null],
    ['a completion notice newer than every run is the newest', { runs: [passingRun()], notices: [{ taskId: 'bg1', status: 'completed', exitCode: 0, at: at(9, '2026-12-01T11:00:00.000Z') }] }, '2026-12-01T11:00:00.000Z'],
    ['a notice alone gives its time', { notices: [{ taskId: 'bg1', status: 'completed', exitCode: 0, at: at(9, '2026-12-01T09:00:00.000Z') }] }, '2026-12-01T09:00:00.000Z'],
    ['words newer than a run are the newest', { runs: [passingRun()], words: [{ ids: ['S1'], source: 'typed', at: at(8, '2026-12-01T10:30:00.000Z') }] }, '2026-12-01T10:30:00.000Z'],
  ];
  for (const [name, parts, want] of cases) {
    it(name, () => assert.equal(latestTime(events(parts)), want));
  }
});
