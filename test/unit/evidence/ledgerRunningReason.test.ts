// A run with no result yet is listed in the ledger as still running, not as superseded by the pass before it.
import { strict as assert } from 'node:assert';
import { appendRun, derive } from '../helpers/derive';
import { evaluate, labTranscript, planOf, stateOf } from '../helpers/fixtures';

const main = labTranscript('main');

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
