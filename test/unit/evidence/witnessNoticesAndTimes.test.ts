// The witness on hand-written events: which receipt a notice takes, disagreeing notices of one
// task, findings that are the same finding, a run with no receipt, and the newest event time.
import { strict as assert } from 'node:assert';
import type { Receipt } from '../../../src/core/evidence/receipt';
import { latestTime, witness } from '../../../src/core/evidence/witness';
import type { BashRun, Position, TaskNotice, TranscriptEvents } from '../../../src/core/types';

const SESSION = 'nt-session';
const FILE = '/home/dev/.claude/projects/p/nt-session.jsonl';
const CWD = '/home/dev/proj';

const at = (line: number, time: string | null = null): Position => ({ file: FILE, line, time });
const events = (parts: Partial<TranscriptEvents>): TranscriptEvents => ({ file: FILE, runs: [], notices: [], words: [], edits: [], unreadable: 0, lines: 10, sessionId: SESSION, cwd: CWD, ...parts });
const notice = (taskId: string, status: string, exitCode: number | null, line: number): TaskNotice => ({ taskId, status, exitCode, at: at(line) });
const noticeReceipt = (status: string, exit: number | null): Receipt => ({ v: 1, kind: 'notice', session: SESSION, promptId: null, taskId: 'bg1', toolUseId: 'toolu_n1', status, exit, time: '2026-12-01T10:01:00.000Z' });
const armed = (receipts: Receipt[]) => new Map([[SESSION, { armed: true, receipts }]]);

describe('a notice is held to the receipts of its task', () => {
  const cases: Array<[string, TaskNotice, Receipt[], [string, number | null], number]> = [
    ['a notice matching one of two receipts is kept as it is', notice('bg1', 'completed', 0, 5), [noticeReceipt('failed', 1), noticeReceipt('completed', 0)], ['completed', 0], 0],
    ['a pass whose receipt has the same status but exit 1 takes exit 1', notice('bg1', 'completed', 0, 5), [noticeReceipt('completed', 1)], ['completed', 1], 1],
    ['a pass whose receipt has exit 0 but status failed takes failed', notice('bg1', 'completed', 0, 5), [noticeReceipt('failed', 0)], ['failed', 0], 1],
    ['of two receipts that both disagree, the failing one is taken', notice('bg1', 'killed', null, 5), [noticeReceipt('completed', 0), noticeReceipt('failed', 1)], ['failed', 1], 1],
  ];
  for (const [title, n, receipts, want, findings] of cases) {
    it(title, () => {
      const w = witness([events({ notices: [n] })], armed(receipts));
      assert.deepEqual(w.transcripts[0]!.notices.map((x) => [x.status, x.exitCode]), [want]);
      assert.equal(w.findings.length, findings);
    });
  }
});

describe('notices of one task that disagree, in a session not held to receipts', () => {
  const cases: Array<[string, TaskNotice[], Array<[string, number | null]>, number]> = [
    ['a completed notice with exit 1 beats a completed one with exit 0', [notice('bg1', 'completed', 0, 5), notice('bg1', 'completed', 1, 6)], [['completed', 1]], 1],
    ['a killed notice with exit 0 beats a completed one', [notice('bg1', 'completed', 0, 5), notice('bg1', 'killed', 0, 6)], [['killed', 0]], 1],
    ['two passing notices beaten by one failure are two findings', [notice('bg1', 'completed', 0, 5), notice('bg1', 'completed', 0, 6), notice('bg1', 'failed', 1, 7)], [['failed', 1]], 2],
    ['two passing notices that agree are both kept', [notice('bg1', 'completed', 0, 5), notice('bg1', 'completed', 0, 6)], [['completed', 0], ['completed', 0]], 0],
  ];
  for (const [title, ns, want, findings] of cases) {
    it(title, () => {
      const w = witness([events({ notices: ns })], new Map());
      assert.deepEqual(w.transcripts[0]!.notices.map((x) => [x.status, x.exitCode]), want);
      assert.equal(w.findings.length, findings);
    });
  }
});

describe('findings with one id are reported once', () => {
  it('the same unreceipted notice written twice is one finding', () => {
    const w = witness([events({ notices: [notice('bg1', 'completed', 0, 5), notice('bg1', 'completed', 0, 6)] })], armed([]));
    assert.deepEqual(w.findings.map((f) => f.line), [5]);
  });
  it('unreceipted notices of two tasks are two findings', () => {
    const w = witness([events({ notices: [notice('bg1', 'completed', 0, 5), notice('bg2', 'completed', 0, 6)] })], armed([]));
    assert.deepEqual(w.findings.map((f) => f.line), [5, 6]);
  });
});

describe('a finished run with no receipt', () => {
  const run = (parts: Partial<BashRun>): BashRun => ({ toolUseId: 'toolu_r1', command: 'npm test', at: at(3), source: 'main', sidechain: false, cwd: CWD, end: { kind: 'passed' }, endAt: at(4), endCwd: CWD, ...parts });
  it('a pass in the main session is dropped and named a pass', () => {
    const w = witness([events({ runs: [run({})] })], armed([]));
    assert.deepEqual(w.transcripts[0]!.runs, []);
    assert.deepEqual(w.findings.map((f) => f.message), ["A Bash pass (toolu_r1) at line 3 of nt-session.jsonl has no receipt: Claude Code's hook never saw it run."]);
  });
  it('a background start in the main session is named a background start', () => {
    const w = witness([events({ runs: [run({ end: { kind: 'pending', taskId: 'bg1' } })] })], armed([]));
    assert.deepEqual(w.findings.map((f) => f.message), ["A Bash background start (toolu_r1) at line 3 of nt-session.jsonl has no receipt: Claude Code's hook never saw it run."]);
  });
  it("a subagent's pass outside the sidechain passes unchanged", () => {
    const r = run({ source: 'subagent' });
    const w = witness([events({ runs: [r] })], armed([]));
    assert.deepEqual(w.transcripts[0]!.runs, [r]);
    assert.deepEqual(w.findings, []);
  });
});

describe('latestTime takes every kind of event time', () => {
  const T1 = '2026-12-01T10:00:00.000Z';
  const T2 = '2026-12-01T11:00:00.000Z';
  const base = { toolUseId: 'toolu_r1', command: 'x', source: 'main', sidechain: false, cwd: CWD } as const;
  it('the start of a run', () => {
    assert.equal(latestTime(events({ runs: [{ ...base, at: at(3, T2) }] as BashRun[] })), T2);
  });
  it('the end of a run', () => {
    assert.equal(latestTime(events({ runs: [{ ...base, at: at(3, T1), endAt: at(4, T2) }] as BashRun[] })), T2);
  });
  it('an edit', () => {
    assert.equal(latestTime(events({ edits: [{ path: 'a', tool: 'Edit', at: at(3, T2) }] })), T2);
  });
});
