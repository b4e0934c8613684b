// Each item keeps only its newest run; handovers let the person's words close Claude's items.
import { strict as assert } from 'node:assert';
import { appendRun, derive, indexOf, isBashUse, mapBlocks } from '../helpers/derive';
import { evaluate, labTranscript, planOf, stateOf } from '../helpers/fixtures';

const main = labTranscript('main');

const proof = 'echo hello-from-bash; echo to-stderr >&2';
const plan = planOf({ S1: '`' + proof + '`' });

describe('newest run decides', () => {
  it('a later failure takes the proof back', () => {
    const file = derive(main, (rs) => appendRun(rs, proof, 'echo before-exit; echo err-before-exit >&2; exit 3', 1));
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S1'), 'failed');
    assert.ok(t.ledger.some((l) => l.reason === 'superseded'), 'the older pass is listed as superseded');
  });

  it('a pass after a failure proves it again', () => {
    const file = derive(main, (rs) => appendRun(appendRun(rs, proof, 'grep -q nomatch /etc/hostname', 1), proof, proof, 2));
    assert.equal(stateOf(evaluate(plan, [file]), 'S1'), 'proved');
  });

  it('a later pending (background) run takes the proof back until its notice', () => {
    const file = derive(main, (rs) => appendRun(rs, proof, 'sleep 2; echo done-bg', 1));
    assert.equal(stateOf(evaluate(plan, [file]), 'S1'), 'pending');
  });

  it('a run with no result yet is pending, never a pass', () => {
    const file = derive(main, (rs) => {
      const all = appendRun(rs, proof, proof, 1);
      return all.slice(0, -1);
    });
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S1'), 'pending');
    assert.match(t.items[0]!.detail, /still running/);
  });

  it('two items with the same proof are both proved by one run', () => {
    const t = evaluate(planOf({ S1: '`' + proof + '`', V1: '`' + proof + '`' }), [main]);
    assert.equal(stateOf(t, 'S1'), 'proved');
    assert.equal(stateOf(t, 'V1'), 'proved');
  });
});

describe('handover', () => {
  const hplan = planOf({ S1: '`' + proof + '`', S2: '`deploy --prod`' });
  const withHandover = (command: string, words: string | null) =>
    derive(labTranscript('tui'), (rs) => {
      const use = rs[indexOf(rs, isBashUse('echo hello-from-tui'), 'tui run')]!;
      mapBlocks(use, (b) => (b.type === 'tool_use' ? { ...b, input: { ...b.input, command } } : b));
      if (words !== null) {
        const typed = rs.filter((r) => r.type === 'user' && r.promptSource === 'typed');
        const last = typed[typed.length - 1]!;
        last.message = { ...last.message, content: words };
      }
      return rs;
    });

  it('a passing handover run leaves the item open, handed over, until the person names it', () => {
    const t = evaluate(hplan, [withHandover('proofmeter handover S2 --why "needs production credentials"', null)]);
    assert.equal(stateOf(t, 'S2'), 'handed-over');
    assert.equal(t.verdict, 'not-done', 'a handed-over item stays open in Claude’s count');
  });

  it('the person’s words after the handover close it', () => {
    const t = evaluate(hplan, [withHandover('npx proofmeter handover S2 --why "needs production credentials"', 'S2 is deployed, thanks')]);
    assert.equal(stateOf(t, 'S2'), 'closed');
  });

  it('words never stand in for a command without a handover', () => {
    const t = evaluate(hplan, [withHandover('echo not a handover', 'S2 is deployed')]);
    assert.equal(stateOf(t, 'S2'), 'unrun');
  });

  for (const cmd of ['proofmeter handover S2', 'proofmeter handover S2 --why ""', 'echo x && proofmeter handover S2 --why "y"', 'proofmeter handover S2 --why "y" || true']) {
    it(`is not a handover: ${cmd}`, () => {
      assert.equal(stateOf(evaluate(hplan, [withHandover(cmd, 'S2 ok')]), 'S2'), 'unrun');
    });
  }
});
