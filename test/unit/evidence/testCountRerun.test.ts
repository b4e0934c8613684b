// The count rule: a re-run that exits 0 but ran no tests, or fewer than the session's deciding run
// of the proof, or printed no count where that run printed one, does not pass; the count can only
// take a proof back, never give one.
import { strict as assert } from 'node:assert';
import type { ItemEvidence } from '../../../src/core/evidence/evidence';
import { applyReruns, countShort, countWords, rerunPasses, verifierView, type Rerun } from '../../../src/core/evidence/rerun';
import type { ItemState } from '../../../src/core/evidence/evidenceSchema';
import type { TestsRan } from '../../../src/core/evidence/testCount';

const PROOF = 'npm test';
const RUN_AT = '2025-01-02T03:04:05.000Z';
const LATER = '2025-01-02T03:05:00.000Z';

function evidence(state: ItemState, sessionTests: TestsRan | undefined): ItemEvidence {
  return {
    item: { id: 'S2', list: 'Steps', text: 'tests pass', key: 's2', owner: 'claude', proof: { kind: 'command', command: PROOF }, line: 1 },
    state,
    deciding: {
      run: { toolUseId: 'tu-S2', command: PROOF, at: { file: 'main.jsonl', line: 3, time: RUN_AT }, source: 'main', sidechain: false, ...(sessionTests ? { tests: sessionTests } : {}) },
      end: { kind: 'passed' },
      endAt: null,
      exitCode: 0,
    },
    closedBy: null,
    handover: null,
    detail: 'proved by its own run',
  };
}

function rerun(outcome: Rerun['outcome'], tests: TestsRan | null | undefined, at = LATER): Rerun {
  return { id: 'S2', proof: PROOF, outcome, exit: outcome === 'pass' ? 0 : 1, signal: null, durationMs: 5, outputBytes: 10, outputTruncated: false, at, clean: false, timeoutMs: 120_000, error: null, tests };
}

const mocha = (ran: number): TestsRan => ({ runner: 'mocha', ran });

describe('the count rule (countShort)', () => {
  const ROWS: [why: string, r: Rerun, session: number | null, expected: ReturnType<typeof countShort>][] = [
    ['the same count as the session passes', rerun('pass', mocha(12)), 12, null],
    ['more tests than the session passes', rerun('pass', mocha(13)), 12, null],
    ['fewer tests than the session does not pass', rerun('pass', mocha(3)), 12, { kind: 'fewer', ran: 3, session: 12 }],
    ['none ran, where the session ran 12', rerun('pass', mocha(0)), 12, { kind: 'none', ran: 0, session: 12 }],
    ['none ran is a failure even where the session showed no count', rerun('pass', mocha(0)), null, { kind: 'none', ran: 0, session: null }],
    ['none ran is a failure even where the session ran none too', rerun('pass', mocha(0)), 0, { kind: 'none', ran: 0, session: 0 }],
    ['no count on re-run where the session printed one does not pass', rerun('pass', null), 12, { kind: 'uncounted', ran: null, session: 12 }],
    ['no count on either side: the exit alone decides', rerun('pass', null), null, null],
    ['an old record without the field, the session with no count: the exit decides', rerun('pass', undefined), null, null],
    ['a failed re-run is judged by its exit, not its count', rerun('fail', mocha(0)), 12, null],
  ];
  for (const [why, r, session, expected] of ROWS) {
    it(why, () => {
      assert.deepEqual(countShort(r, session), expected);
      assert.equal(rerunPasses(r, session), r.outcome === 'pass' && expected === null);
    });
  }

  it('says both counts in the words the stop gate and the tally show', () => {
    assert.equal(countWords({ kind: 'none', ran: 0, session: 12 }), "the re-run ran 0 tests (the session's run ran 12)");
    assert.equal(countWords({ kind: 'fewer', ran: 1, session: 12 }), "the re-run ran 1 test (the session's run ran 12)");
    assert.equal(countWords({ kind: 'none', ran: 0, session: null }), 'the re-run ran 0 tests');
    assert.equal(countWords({ kind: 'uncounted', ran: null, session: 4 }), "the re-run printed no test count (the session's run ran 4)");
  });
});

describe('the count rule in the take-back and the verifier view', () => {
  it('a passing re-run that ran none takes the proof back, and the finding is no-tests-ran', () => {
    const items = [evidence('proved', mocha(12))];
    const reruns = [rerun('pass', mocha(0))];
    const [e] = applyReruns(items, reruns);
    assert.equal(e?.state, 'failed');
    assert.equal(e?.detail, "failed on re-run (exit 0, but the re-run ran 0 tests (the session's run ran 12), 2025-01-02T03:05:00Z)");
    const view = verifierView(items, reruns);
    assert.deepEqual(view.reopened, ['S2']);
    assert.deepEqual(view.disagreements, ['S2']);
    assert.deepEqual(view.findings.map((f) => [f.kind, f.severity]), [['no-tests-ran', 'error']]);
    assert.match(view.findings[0]!.message, /^S2: .*exited 0 on re-run, but the re-run ran 0 tests \(the session's run ran 12\)\.$/);
    assert.deepEqual(view.results[0]?.tests, { runner: 'mocha', ran: 0 });
  });

  it('fewer tests than the session is tests-fewer-on-rerun, naming both counts', () => {
    const view = verifierView([evidence('proved', mocha(12))], [rerun('pass', mocha(5))]);
    assert.deepEqual(view.findings.map((f) => f.kind), ['tests-fewer-on-rerun']);
    assert.match(view.findings[0]!.message, /ran 5 tests \(the session's run ran 12\)/);
  });

  it('as many tests as the session: nothing taken back, no finding', () => {
    const items = [evidence('proved', mocha(12))];
    const reruns = [rerun('pass', mocha(12))];
    assert.deepEqual(applyReruns(items, reruns), items);
    const view = verifierView(items, reruns);
    assert.deepEqual([view.reopened, view.findings, view.disagreements], [[], [], []]);
  });

  it('a count never gives a proof: a re-run that ran many tests leaves a failed item failed', () => {
    const items = [evidence('failed', mocha(12))];
    assert.deepEqual(applyReruns(items, [rerun('pass', mocha(40))]), items);
  });

  it('a re-run older than the session run that decided takes nothing back, whatever it counted', () => {
    const items = [evidence('proved', mocha(12))];
    assert.deepEqual(applyReruns(items, [rerun('pass', mocha(0), RUN_AT)]), items);
  });

  it('a re-run in a clean checkout is reported and never takes back on its count', () => {
    const items = [evidence('proved', mocha(12))];
    const clean = { ...rerun('pass', mocha(0)), clean: true };
    assert.deepEqual(applyReruns(items, [clean]), items);
    assert.deepEqual(verifierView(items, [clean]).findings, []);
  });
});
