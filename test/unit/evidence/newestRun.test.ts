// Each item keeps only its newest run; handovers let the person's words close Claude's items.
import { strict as assert } from 'node:assert';
import { blocksOf, derive, indexOf, mapBlocks, type Rec, toolUseOf } from '../helpers/derive';
import { evaluate, labTranscript, planOf, stateOf } from '../helpers/fixtures';

const main = labTranscript('main');
const isBashUse = (cmd: string) => (r: Rec) =>
  r.type === 'assistant' && blocksOf(r).some((b) => b.type === 'tool_use' && b.name === 'Bash' && b.input?.command === cmd);
const isResultFor = (id: string) => (r: Rec) => r.type === 'user' && blocksOf(r).some((b) => b.tool_use_id === id);

/** Re-runs a recorded call: the tool use of `useOf` with the result of `resultOf`, appended at the end. */
function appendRun(rs: Rec[], command: string, resultFromCommand: string, n: number): Rec[] {
  const use = rs[indexOf(rs, isBashUse(command), `run of ${command}`)]!;
  const src = rs[indexOf(rs, isBashUse(resultFromCommand), `run of ${resultFromCommand}`)]!;
  const srcId = toolUseOf(src).id;
  const result = rs[indexOf(rs, isResultFor(srcId), `result of ${resultFromCommand}`)]!;
  const id = `toolu_rerun_${n}`;
  const time = new Date(Date.parse(rs[rs.length - 1]!.timestamp ?? '2026-11-29T23:00:00Z') + 1000 * (n + 1)).toISOString();
  const newUse = structuredClone(use);
  newUse.timestamp = time;
  mapBlocks(newUse, (b) => (b.type === 'tool_use' ? { ...b, id } : b));
  const newResult = structuredClone(result);
  newResult.timestamp = time;
  mapBlocks(newResult, (b) => (b.tool_use_id ? { ...b, tool_use_id: id } : b));
  return [...rs, newUse, newResult];
}

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
