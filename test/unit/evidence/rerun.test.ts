// The take-back rule: a re-run can take a proof back, never give one. On a real recording
// (lab/main, Claude Code 2.1.332), with re-runs placed before and after the session's own runs.
import { strict as assert } from 'node:assert';
import { disagrees, rerunDetail, rerunEnd, type Rerun, type RerunOutcome } from '../../../src/core/evidence/rerun';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { tallyText } from '../../../src/core/tally/format';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import type { TranscriptEvents } from '../../../src/core/types';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { labTranscript, planOf } from '../helpers/fixtures';

const code = (c: string) => '`' + c + '`';
const PROVED = 'echo hello-from-bash; echo to-stderr >&2';
const FAILED = 'echo before-exit; echo err-before-exit >&2; exit 3';
const plan = planOf({ S1: code(PROVED), S2: code(FAILED), S3: code('npm test'), S4: 'human — your answer names S4' });

function tally(transcripts: TranscriptEvents[], reruns: Rerun[]): Tally {
  const p = parsePlan(plan);
  return computeTally({
    goal: { title: p.title, planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: p.items,
    findings: [],
    added: [],
    transcripts,
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
    reruns,
  });
}

const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** The recording read and tallied without re-runs, with times a minute after and before its runs. */
interface Session {
  transcripts: TranscriptEvents[];
  base: Tally;
  after: (id: string) => string;
  before: (id: string) => string;
}

// Called inside each test that needs it, never while the file loads: a mutant is active only while
// the tests that reach it run, so a reading or tally made at load time would always be unmutated.
function session(): Session {
  const transcripts = readTranscripts([labTranscript('main')]);
  const base = tally(transcripts, []);
  const runTime = (id: string) => base.items.find((i) => i.id === id)!.run!.time!;
  return { transcripts, base, after: (id) => shift(runTime(id), 60_000), before: (id) => shift(runTime(id), -60_000) };
}

function rerun(id: string, proof: string, outcome: RerunOutcome, at: string, over: Partial<Rerun> = {}): Rerun {
  const exit = outcome === 'pass' ? 0 : outcome === 'fail' ? 1 : null;
  return { id, proof, outcome, exit, signal: null, durationMs: 5, outputBytes: 0, outputTruncated: false, at, clean: false, timeoutMs: 120_000, error: null, ...over };
}

describe('re-runs against the session evidence', () => {
  it('the recording proves S1, fails S2 and leaves S3 unrun (the ground the table stands on)', () => {
    const { base } = session();
    assert.deepEqual(base.items.map((i) => [i.id, i.state]), [['S1', 'proved'], ['S2', 'failed'], ['S3', 'unrun'], ['S4', 'open']]);
    assert.equal(base.verifier, null, 'no re-runs: no verifier section');
  });

  const cases: Array<{ name: string; reruns: (s: Session) => Rerun[]; states: string[]; detail?: RegExp; reopened: string[]; disagreements: string[] }> = [
    {
      name: 'a failing re-run newer than the proving run reopens the item, with exit and time',
      reruns: ({ after }) => [rerun('S1', PROVED, 'fail', after('S1'), { exit: 7 })],
      states: ['failed', 'failed', 'unrun'],
      detail: /^failed on re-run \(exit 7, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$/,
      reopened: ['S1'],
      disagreements: ['S1'],
    },
    {
      name: 'a timed-out re-run reopens it like a failure, the timeout named',
      reruns: ({ after }) => [rerun('S1', PROVED, 'timeout', after('S1'), { timeoutMs: 1000 })],
      states: ['failed', 'failed', 'unrun'],
      detail: /^failed on re-run \(timed out after 1 s, /,
      reopened: ['S1'],
      disagreements: ['S1'],
    },
    {
      name: 'a re-run that could not start reopens it too',
      reruns: ({ after }) => [rerun('S1', PROVED, 'error', after('S1'), { error: 'ENOENT' })],
      states: ['failed', 'failed', 'unrun'],
      detail: /^failed on re-run \(could not run: ENOENT, /,
      reopened: ['S1'],
      disagreements: ['S1'],
    },
    {
      name: 'a failing re-run older than the proving run changes nothing: the newer session run decides',
      reruns: ({ before }) => [rerun('S1', PROVED, 'fail', before('S1'))],
      states: ['proved', 'failed', 'unrun'],
      reopened: [],
      disagreements: ['S1'],
    },
    {
      name: 'a passing re-run never proves an item the session failed',
      reruns: ({ after }) => [rerun('S2', FAILED, 'pass', after('S2'))],
      states: ['proved', 'failed', 'unrun'],
      reopened: [],
      disagreements: ['S2'],
    },
    {
      name: 'a passing re-run never proves an item the session never ran',
      reruns: ({ after }) => [rerun('S3', 'npm test', 'pass', after('S1'))],
      states: ['proved', 'failed', 'unrun'],
      reopened: [],
      disagreements: [],
    },
    {
      name: 'a failing re-run in a clean checkout is reported and never changes the count',
      reruns: ({ after }) => [rerun('S1', PROVED, 'fail', after('S1'), { clean: true })],
      states: ['proved', 'failed', 'unrun'],
      reopened: [],
      disagreements: ['S1'],
    },
    {
      name: 'a re-run of another proof (the goal was frozen again with a new one) does not apply',
      reruns: ({ after }) => [rerun('S1', 'echo something else', 'fail', after('S1'))],
      states: ['proved', 'failed', 'unrun'],
      reopened: [],
      disagreements: [],
    },
    {
      name: 'the newest re-run of an item decides: a pass after a failure leaves the proof standing',
      reruns: ({ after }) => [rerun('S1', PROVED, 'fail', after('S1')), rerun('S1', PROVED, 'pass', shift(after('S1'), 1000))],
      states: ['proved', 'failed', 'unrun'],
      reopened: [],
      disagreements: [],
    },
    {
      name: 'a re-run whose time cannot be read counts as newer: doubt takes the proof back',
      reruns: () => [rerun('S1', PROVED, 'fail', 'not a time')],
      states: ['failed', 'failed', 'unrun'],
      reopened: ['S1'],
      disagreements: ['S1'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = session();
      const t = tally(s.transcripts, c.reruns(s));
      assert.deepEqual(t.items.slice(0, 3).map((i) => i.state), c.states);
      if (c.detail) assert.match(t.items[0]!.detail, c.detail);
      assert.deepEqual(t.verifier?.reopened, c.reopened);
      assert.deepEqual(t.verifier?.disagreements, c.disagreements);
      assert.equal(t.items[3]!.state, 'open', "the person's item is never touched");
    });
  }

  it('a reopened item keeps the verdict NOT DONE and the text tally says why', () => {
    const { transcripts, after } = session();
    const all = planOf({ S1: code(PROVED) });
    const p = parsePlan(all);
    const input = { goal: { title: null, planPath: null, frozenBy: 'given' as const, frozenAt: null }, items: p.items, findings: [], added: [], transcripts, git: null, home: '/home/dev', countSdkPrompts: false };
    assert.equal(computeTally(input).verdict, 'done');
    const t = computeTally({ ...input, reruns: [rerun('S1', PROVED, 'fail', after('S1'))] });
    assert.equal(t.verdict, 'not-done');
    const text = tallyText(t);
    assert.match(text, /^ {2}S1 {2}failed: failed on re-run \(exit 1, .*\) {2}proof: /m);
    assert.match(text, /^Re-run outside the session: S1 exit 1; taken back: S1$/m);
    assert.equal(text.split('\n').at(-1), 'verdict: NOT DONE (1 open)');
    assert.equal(t.verifier?.findings[0]?.kind, 'failed-on-rerun');
    assert.equal(t.verifier?.findings[0]?.severity, 'error');
  });

  const table: Array<[string, RerunOutcome, boolean]> = [
    ['proved', 'pass', false],
    ['proved', 'fail', true],
    ['proved', 'timeout', true],
    ['failed', 'pass', true],
    ['failed', 'fail', false],
    ['unrun', 'pass', false],
    ['pending', 'fail', false],
  ];
  for (const [session, outcome, want] of table) {
    it(`a session ${session} and a re-run ${outcome} ${want ? 'disagree' : 'do not disagree'}`, () => assert.equal(disagrees(session as never, outcome), want));
  }

  it('the detail names a signal when a re-run was killed without an exit code', () => {
    assert.equal(rerunDetail(rerun('S1', PROVED, 'fail', '2026-01-02T03:04:05.678Z', { exit: null, signal: 'SIGSEGV' })), 'failed on re-run (killed by SIGSEGV, 2026-01-02T03:04:05Z)');
  });
});

describe('how a re-run ended, in a few words', () => {
  const none = { exit: null, signal: null, timeoutMs: 120_000, error: null };
  const cases: Array<[string, Parameters<typeof rerunEnd>[0], string]> = [
    ['a pass is exit 0', { ...none, outcome: 'pass', exit: 0 }, 'exit 0'],
    ['a timeout names the limit in seconds', { ...none, outcome: 'timeout', timeoutMs: 90_400 }, 'timed out after 90 s'],
    ['a proof that could not run names why', { ...none, outcome: 'error', error: 'ENOENT' }, 'could not run: ENOENT'],
    ['a proof that could not run for no known reason says so', { ...none, outcome: 'error' }, 'could not run: unknown error'],
    ['a failure names its exit code', { ...none, outcome: 'fail', exit: 3 }, 'exit 3'],
    ['a failure killed by a signal names it', { ...none, outcome: 'fail', signal: 'SIGKILL' }, 'killed by SIGKILL'],
    ['a failure with neither exit code nor signal was killed by a signal', { ...none, outcome: 'fail' }, 'killed by a signal'],
  ];
  for (const [name, r, want] of cases) it(`${name}: ${want}`, () => assert.equal(rerunEnd(r), want));
});
