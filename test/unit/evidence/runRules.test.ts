// Each evidence rule on real Claude Code recordings (test/fixtures/lab, recorded with 2.1.332).
import { strict as assert } from 'node:assert';
import { evaluate, labTranscript, planOf, stateOf } from '../helpers/fixtures';

const code = (c: string) => '`' + c + '`';

describe('evidence rules on recorded transcripts', () => {
  const main = labTranscript('main');
  const v112 = labTranscript('main-v2.1.112');
  const plan = planOf({
    S1: code('echo hello-from-bash; echo to-stderr >&2'),
    S2: code('grep -q nomatch /etc/hostname'),
    S3: code('echo before-exit; echo err-before-exit >&2; exit 3'),
    S4: code('sleep 2; echo done-bg'),
    S5: code('sleep 5; echo never-printed'),
    S6: code('echo from-subagent'),
    S7: code('sleep 1; cat out.txt'),
    S8: code('npm test'),
  });

  const cases: Array<[string, string, string, RegExp | null]> = [
    ['S1', 'proved', 'a clean exit proves its item', null],
    ['S2', 'failed', 'grep no-match (returnCodeInterpretation) is a failure', /No matches found/],
    ['S3', 'failed', 'a non-zero exit is a failure', /exit code 3/],
    ['S4', 'proved', 'a background run passes on its completion notice with exit code 0', null],
    ['S5', 'failed', 'a timed-out run is a failure', /exit code 143/],
    ['S6', 'unrun', "a subagent's run never counts", null],
    ['S7', 'proved', 'a foreground run passes', null],
    ['S8', 'unrun', 'a proof nobody ran stays unrun', null],
  ];
  for (const file of [main, v112]) {
    const version = file === main ? '2.1.332' : '2.1.112';
    // Evaluated inside each test, never while the file loads: a mutant is active only while the
    // tests that reach it run, so a tally computed here would always come from unmutated code.
    const tally = () => evaluate(plan, [file]);
    for (const [id, state, why, detail] of cases) {
      it(`${version}: ${why} (${id} ${state})`, () => {
        const t = tally();
        assert.equal(stateOf(t, id), state);
        if (detail) assert.match(t.items.find((i) => i.id === id)!.detail, detail);
      });
    }
    if (file === main) {
      it('2.1.332: a timed-out run says it timed out', () => {
        const t = tally();
        assert.match(t.items.find((i) => i.id === 'S5')!.detail, /timed out \(exit code 143\)/);
      });
    }
    it(`${version}: the ledger names the subagent run as not counted`, () => {
      const sub = tally().ledger.filter((l) => l.reason === 'subagent');
      assert.ok(sub.some((l) => l.ids.includes('S6') && l.run.command === 'echo from-subagent'));
    });
  }

  it('a background run that ends with a failed notice is a failure', () => {
    const t = evaluate(planOf({ S1: code('sleep 3; echo done-late; exit 4') }), [labTranscript('bg-late')]);
    assert.equal(stateOf(t, 'S1'), 'failed');
    assert.match(t.items[0]!.detail, /failed \(exit code 4\)/);
    assert.equal(t.items[0]!.run?.exit, 4);
  });

  it('records the deciding run with its time, exit and transcript line', () => {
    const t = evaluate(plan, [main]);
    const s1 = t.items.find((i) => i.id === 'S1')!;
    assert.equal(s1.run?.line, 28);
    assert.equal(s1.run?.exit, 0);
    assert.match(s1.run?.time ?? '', /^20\d\d-/);
    const s4 = t.items.find((i) => i.id === 'S4')!;
    assert.ok((s4.run?.endLine ?? 0) > s4.run!.line, 'a background run is decided at its notice');
  });

  it('equality, not containment: a longer command holding the proof does not count', () => {
    const t = evaluate(planOf({ S1: code('echo hello-from-bash') }), [main]);
    assert.equal(stateOf(t, 'S1'), 'unrun');
    assert.ok(t.ledger.some((l) => l.reason === 'different command' && l.ids.includes('S1')));
  });
});
