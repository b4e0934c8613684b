// What a plan-changed finding asks for: adopting the plan again, the only way the new list counts.
import { strict as assert } from 'node:assert';
import { planChangedFindings } from '../../../src/core/findings/planChanged';
import { parsePlan } from '../../../src/core/plan/parsePlan';

describe('the action of a plan-changed finding', () => {
  it('says how to count the new list', () => {
    const frozen = parsePlan('# P\n\n## Steps\n- S1. Build it. Proof: `npm run build`\n').items;
    const now = parsePlan('# P\n\n## Steps\n- S1. Build it. Proof: `npm run build`\n- S2. Ship. Proof: `npm run ship`\n').items;
    const f = planChangedFindings(frozen, now, 'PLAN.md');
    assert.equal(f.length, 1);
    assert.equal(f[0]!.action, 'To count the new list, adopt the plan again (`proofmeter adopt PLAN.md`, or approve it in plan mode).');
  });
});
