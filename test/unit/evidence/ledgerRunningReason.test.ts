// A run with no result yet is listed in the ledger as still running, not as superseded by the pass before it.
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
describe('the ledger reason of a run with no result yet', () => {
  it('a run with no result yet is listed as still running', () => {
    const file = derive(main, (rs) => appendRun(rs, proof, proof, 1).slice(0, -1));
    const t = evaluate(plan, [file]);
    assert.equal(stateOf(t, 'S1'), 'pending');
    assert.deepEqual(t.ledger.map((l) => l.reason).filter((r) => r === 'still running'), ['still running']);
  });
});
