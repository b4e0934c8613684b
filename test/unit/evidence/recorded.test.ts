// The evidence rules on sessions recorded from the real Claude Code CLI by this project's harness.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tally } from '../../../src/core/tally/tally';
import { answersOf, derive, indexOf } from '../helpers/derive';
import { evaluate, FIXTURES, planOf, recordedTranscript, stateOf } from '../helpers/fixtures';

const code = (c: string) => '`' + c + '`';

describe('recorded: demo session', () => {
  const plan = readFileSync(join(FIXTURES, 'recorded', 'demo', 'PLAN.md'), 'utf8');
  // Evaluated before each test, never while the file loads: a mutant is active only while the
  // tests that reach it run, so a tally computed here would always come from unmutated code.
  let t: Tally;
  beforeEach(() => {
    t = evaluate(plan, [recordedTranscript('demo')]);
  });
  const table: Array<[string, string, string]> = [
    ['S1', 'proved', 'its proof ran exactly and passed'],
    ['V1', 'proved', 'a failure then a passing rerun: the newest run decides'],
    ['S2', 'proved', 'passed'],
    ['S3', 'unrun', 'run only with `> build.log` appended: a different command'],
    ['V2', 'unrun', 'run only by a subagent'],
    ['V3', 'proved', 'a background run with its completion notice (exit code 0)'],
    ['S6', 'unrun', 'never run'],
    ['S4', 'open', 'the person never answered'],
    ['S5', 'open', 'a later event'],
  ];
  for (const [id, state, why] of table) {
    it(`${id} is ${state}: ${why}`, () => assert.equal(stateOf(t, id), state));
  }
  it('the ledger explains the runs that did not count', () => {
    assert.ok(t.ledger.some((l) => l.reason === 'different command' && l.ids.includes('S3') && l.run.command === 'sh build.sh > build.log'));
    assert.ok(t.ledger.some((l) => l.reason === 'subagent' && l.ids.includes('V2')));
    assert.ok(t.ledger.some((l) => l.reason === 'superseded' && l.ids.includes('V1') && l.run.outcome === 'failed'));
  });
  it('the verdict is NOT DONE with S3, V2 and S6 open', () => {
    assert.equal(t.verdict, 'not-done');
    assert.equal(t.open, 3);
  });
});

describe('recorded: test -f false and diff differences', () => {
  const plan = planOf({
    S1: code('test -f missing.txt'),
    S2: code('[ -f missing.txt ]'),
    S3: code('diff a.txt b.txt'),
    S4: code('test -f present.txt'),
    S5: code('diff a.txt a.txt'),
    S6: code('test -f missing.txt; exit 1'),
  });
  // Per test, as above.
  let t: Tally;
  beforeEach(() => {
    t = evaluate(plan, [recordedTranscript('test-false')]);
  });
  const table: Array<[string, string, RegExp]> = [
    ['S1', 'failed', /Condition is false/],
    ['S2', 'failed', /Condition is false/],
    ['S3', 'failed', /Files differ/],
    ['S4', 'proved', /proved/],
    ['S5', 'proved', /proved/],
    ['S6', 'failed', /exit code 1/],
  ];
  for (const [id, state, detail] of table) {
    it(`${id} ${state} (${detail.source})`, () => {
      assert.equal(stateOf(t, id), state);
      assert.match(t.items.find((i) => i.id === id)!.detail, detail);
    });
  }
});

describe('recorded: question box answers', () => {
  const plan = planOf({ S4: 'human — your answer names S4', S6: 'human — names S6', S7: 'human — names S7' });
  it('answers naming an id close it; an -p/SDK message naming S7 does not', () => {
    const t = evaluate(plan, [recordedTranscript('ask-answer')]);
    assert.equal(stateOf(t, 'S4'), 'closed');
    assert.equal(stateOf(t, 'S6'), 'closed');
    assert.equal(stateOf(t, 'S7'), 'open');
    assert.equal(t.items.find((i) => i.id === 'S4')!.closedBy?.source, 'answer');
  });
  it('the question text (quoted in the tool result) is not an answer', () => {
    const file = derive(recordedTranscript('ask-answer'), (rs) => {
      const i = indexOf(rs, (r) => answersOf(r) !== undefined, 'AskUserQuestion result');
      const answers = answersOf(rs[i]!)!;
      for (const q of Object.keys(answers)) answers[q] = 'Looks good';
      return rs;
    });
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S4'), 'open');
    assert.equal(stateOf(t, 'S6'), 'open');
  });
});

describe('recorded: typing while Claude is busy', () => {
  it('a queued prompt naming S10 (queued_command, origin human) closes S10', () => {
    const t = evaluate(planOf({ S10: 'human — names S10', S1: 'human — names S1' }), [recordedTranscript('queued-prompt')]);
    assert.equal(stateOf(t, 'S10'), 'closed');
    assert.equal(t.items.find((i) => i.id === 'S10')!.closedBy?.source, 'queued');
    assert.equal(stateOf(t, 'S1'), 'open');
  });
});

describe('recorded: ctrl+b and Esc', () => {
  it('a run the person moved to the background passes only at its notice', () => {
    const file = recordedTranscript('ctrlb');
    const plan = planOf({ S1: code('sleep 8; echo done') });
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S1'), 'proved');
    assert.ok((t.items[0]!.run?.endLine ?? 0) > 30, 'decided at the notice, not at the backgrounding');
    const cut = derive(file, (rs) => rs.filter((r) => !(r.type === 'user' && r.origin?.kind === 'task-notification')));
    assert.equal(stateOf(evaluate(plan, [cut]), 'S1'), 'pending');
  });

  it('runs cancelled with Esc fail', () => {
    const t = evaluate(planOf({ S1: code('rm -rf build && mkdir build'), S2: code('sh long-test.sh') }), [recordedTranscript('esc-cancel')]);
    assert.equal(stateOf(t, 'S1'), 'failed');
    assert.equal(stateOf(t, 'S2'), 'failed');
    assert.match(t.items[1]!.detail, /rejected by the person/);
  });
});
