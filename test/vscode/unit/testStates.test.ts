// The Testing view's states, read off a real tally of the recorded lab session: each engine state
// has one Testing state, the meter's words as the description, and a failure's message.
import { strict as assert } from 'node:assert';
import type { RerunJson } from '../../../src/core/evidence/rerun';
import type { ItemState } from '../../../src/core/evidence/evidenceSchema';
import type { ItemJson, Tally } from '../../../src/core/tally/tally';
import { chooseTargets, itemTests, testLabel, testsKey, type FreshResult, type ItemTest } from '../../../src/extension/testStates';
import { underWayTally } from '../../webview/fixtures';

function rerun(id: string, proof: string, outcome: RerunJson['outcome'], exit: number | null, session: ItemState): RerunJson {
  return { id, proof, outcome, exit, signal: null, durationMs: 12, outputBytes: 40, outputTruncated: false, at: '2026-12-03T10:00:00.000Z', clean: false, timeoutMs: 120_000, error: null, session, reopened: false, by: 'verify' };
}

/** The lab tally with one item's state replaced (the states the lab session does not reach). */
function withState(t: Tally, id: string, state: ItemState): Tally {
  return { ...t, items: t.items.map((i): ItemJson => (i.id === id ? { ...i, state } : i)) };
}

function testOf(tests: ItemTest[], id: string): ItemTest {
  const x = tests.find((i) => i.id === id);
  assert.ok(x, `a test for ${id}`);
  return x;
}

describe('plan items as tests (the Testing view)', function () {
  const rows: { name: string; id: string; tally?: (t: Tally) => Tally; state: ItemTest['state']; description: RegExp; message: RegExp | null }[] = [
    { name: 'a proved item passes, with its exit and time', id: 'S1', state: 'passed', description: /^proved · exit 0 · \d\d:\d\d$/, message: null },
    { name: 'an item the person closed with words passes', id: 'S9', tally: (t) => withState(t, 'S9', 'closed'), state: 'passed', description: /^closed by your words$/, message: null },
    { name: 'a failed item fails, its message the exit and the proof', id: 'S3', state: 'failed', description: /^failed · exit 3 · /, message: /^S3 failed in the session: exit code 3\.\nProof: echo before-exit; echo err-before-exit >&2; exit 3$/ },
    { name: 'a failure with no exit code says the reason Claude Code gave', id: 'S2', state: 'failed', description: /^failed/, message: /^S2 failed in the session: No matches found\.\n/ },
    { name: 'a proof run only in a subagent is skipped, saying it did not count', id: 'S6', state: 'skipped', description: /^ran in a subagent\b.*: did not count$/, message: null },
    { name: 'a proof never run is skipped: not run yet', id: 'V2', state: 'skipped', description: /^not run yet$/, message: null },
    { name: "the person's item is skipped: it waits for them", id: 'S9', state: 'skipped', description: /^waits for you$/, message: null },
    { name: 'a later item is skipped: it waits for a later event', id: 'S10', state: 'skipped', description: /^waits for a later event$/, message: null },
    { name: 'a run waiting for its completion notice is skipped, not passed', id: 'V2', tally: (t) => withState(t, 'V2', 'pending'), state: 'skipped', description: /^waiting for its completion notice$/, message: null },
    { name: 'an item handed over to the person is skipped', id: 'S6', tally: (t) => withState(t, 'S6', 'handed-over'), state: 'skipped', description: /^handed over to you$/, message: null },
  ];
  for (const row of rows) {
    it(row.name, function () {
      const base = underWayTally();
      const x = testOf(itemTests(row.tally ? row.tally(base) : base), row.id);
      assert.equal(x.state, row.state);
      assert.match(x.description, row.description);
      if (row.message === null) assert.equal(x.message, null);
      else assert.match(x.message ?? '', row.message);
    });
  }

  it('every item of the plan is a test, in plan order, labelled with its text up to its proof and placed at its frozen line', function () {
    const t = underWayTally();
    const tests = itemTests(t);
    assert.deepEqual(
      tests.map((x) => [x.id, x.planLine]),
      t.items.map((i) => [i.id, i.planLine]),
    );
    assert.equal(testOf(tests, 'S1').label, 'S1. Greet.');
    assert.equal(testOf(tests, 'S9').label, 'S9. Ask.');
  });

  const labels: { name: string; text: string; proof: string; label: string }[] = [
    { name: 'the closing proof clause is cut', text: 'S1. Greet. Proof: echo hi', proof: 'echo hi', label: 'S1. Greet.' },
    { name: 'a text that does not end with its proof keeps it all', text: 'S1. Greet. Proof: echo hi (twice)', proof: 'echo hi', label: 'S1. Greet. Proof: echo hi (twice)' },
    { name: 'white space folds to one line', text: 'S1. Greet\n  the world. Proof: echo  hi', proof: 'echo  hi', label: 'S1. Greet the world.' },
    { name: 'a text that is only the clause keeps it', text: ' Proof: x', proof: 'x', label: 'Proof: x' },
  ];
  for (const row of labels) {
    it(`a label: ${row.name}`, function () {
      assert.equal(testLabel({ text: row.text, proof: row.proof }), row.label);
    });
  }

  it('a proof a re-run took back fails with the re-run’s end and, right after a run, its last lines of output', function () {
    const base = underWayTally();
    const s1 = base.items.find((i) => i.id === 'S1')!;
    const t: Tally = { ...withState(base, 'S1', 'failed'), verifier: { results: [{ ...rerun('S1', s1.proof, 'fail', 1, 'proved'), reopened: true }], clean: [], disagreements: ['S1'], reopened: ['S1'], findings: [] } };
    const fresh = new Map<string, FreshResult>([['S1', { outcome: 'fail', exit: 1, signal: null, timeoutMs: 120_000, error: null, tampered: false, tail: ['expected hello', 'got nothing'] }]]);
    const x = testOf(itemTests(t, fresh), 'S1');
    assert.equal(x.state, 'failed');
    assert.equal(x.description, 'failed on re-run');
    assert.equal(x.message, `S1 failed on re-run (exit 1, 2026-12-03T10:00:00.000Z): the session had proved it, and a newer re-run took it back.\nProof: ${s1.proof}\n\nThe re-run's last lines of output:\nexpected hello\ngot nothing`);
    assert.doesNotMatch(testOf(itemTests(t), 'S1').message ?? '', /last lines/, 'the tally keeps no output: none without a fresh run');
  });

  it('a proof a re-run took back on its test count says both counts, not "passed"', function () {
    const base = underWayTally();
    const s1 = base.items.find((i) => i.id === 'S1')!;
    const counted: Tally = { ...base, items: base.items.map((i): ItemJson => (i.id === 'S1' && i.run ? { ...i, state: 'failed', run: { ...i.run, tests: { runner: 'mocha', ran: 12 } } } : i)) };
    const t: Tally = { ...counted, verifier: { results: [{ ...rerun('S1', s1.proof, 'pass', 0, 'proved'), tests: { runner: 'mocha', ran: 0 }, reopened: true }], clean: [], disagreements: ['S1'], reopened: ['S1'], findings: [] } };
    const x = testOf(itemTests(t), 'S1');
    assert.equal(x.state, 'failed');
    assert.match(x.message ?? '', /^S1 failed on re-run \(exit 0, but the re-run ran 0 tests \(the session's run ran 12\), 2026-12-03T10:00:00\.000Z\): /);
  });

  it('a re-run beside a state it cannot change is said, never counted: an unrun item stays skipped, a failed one failed', function () {
    const base = underWayTally();
    const v2 = base.items.find((i) => i.id === 'V2')!;
    const s3 = base.items.find((i) => i.id === 'S3')!;
    const t: Tally = { ...base, verifier: { results: [rerun('V2', v2.proof, 'fail', 1, 'unrun'), rerun('S3', s3.proof, 'pass', 0, 'failed')], clean: [], disagreements: ['S3'], reopened: [], findings: [] } };
    const tests = itemTests(t);
    assert.deepEqual([testOf(tests, 'V2').state, testOf(tests, 'V2').description], ['skipped', 'not run yet · re-run: exit 1']);
    assert.equal(testOf(tests, 'S3').state, 'failed');
    assert.match(testOf(tests, 'S3').description, / · re-run: passed$/);
    assert.match(testOf(tests, 'S3').message ?? '', /\nA re-run passed \(2026-12-03T10:00:00\.000Z\); a re-run never proves an item, the session's own run does\.\n/);
  });

  it('the key of what the view shows changes with a state and stays with an equal tally', function () {
    const t = underWayTally();
    assert.equal(testsKey(itemTests(t)), testsKey(itemTests(underWayTally())));
    assert.notEqual(testsKey(itemTests(withState(t, 'V2', 'pending'))), testsKey(itemTests(t)));
  });

  describe('which chosen items a run re-runs', function () {
    const targets = [
      { id: 'S1', proof: 'echo a' },
      { id: 'S3', proof: 'exit 3' },
    ];
    it('none chosen: every command proof of Claude’s, the rest named with why', function () {
      const t = underWayTally();
      const r = chooseTargets(null, [], targets, t.items);
      assert.deepEqual(r.run, targets);
      assert.deepEqual(
        r.notRunnable.map((n) => n.id),
        t.items.map((i) => i.id).filter((id) => id !== 'S1' && id !== 'S3'),
      );
      assert.equal(r.notRunnable.find((n) => n.id === 'S9')?.why, 'its proof is your words; nothing run closes it');
      assert.equal(r.notRunnable.find((n) => n.id === 'S10')?.why, 'it waits for a later event; nothing run now closes it');
    });
    it('the chosen ones only, minus the excluded', function () {
      const t = underWayTally();
      assert.deepEqual(chooseTargets(['S3', 'S1'], ['S1'], targets, t.items), { run: [{ id: 'S3', proof: 'exit 3' }], notRunnable: [] });
    });
    it("the person's item alone runs nothing and says why", function () {
      const t = underWayTally();
      assert.deepEqual(chooseTargets(['S9'], [], targets, t.items), { run: [], notRunnable: [{ id: 'S9', why: 'its proof is your words; nothing run closes it' }] });
    });
    it('an item Claude handed over is named as the person’s to close', function () {
      const t = underWayTally();
      const items = t.items.map((i) => (i.id === 'S6' ? { ...i, handover: { why: 'needs a key', time: null, line: 3 } } : i));
      assert.equal(chooseTargets(['S6'], [], [], items).notRunnable[0]?.why, 'Claude handed it over to you; your words close it');
    });
  });
});
