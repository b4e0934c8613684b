// plan-changed (info): the plan file edited after the freeze; the frozen list still counts.
import { strict as assert } from 'node:assert';
import { planChangedFindings } from '../../../src/core/findings/planChanged';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import type { PlanItem } from '../../../src/core/types';

// Parsed inside each test, never while the file loads: a mutant is active only while the tests that
// reach it run, so a list parsed at load time would always come from unmutated code.
const frozen = () => parsePlan('# P\n\n## Steps\n- S1. Build it. Proof: `npm run build`\n- S2. Test it. Proof: `npm test`\n').items;
const now = (text: string) => parsePlan(`# P\n\n## Steps\n${text}`).items;

describe('plan-changed', () => {
  const cases: Array<[string, string, RegExp | null]> = [
    ['the same plan', '- S1. Build it. Proof: `npm run build`\n- S2. Test it. Proof: `npm test`\n', null],
    ['an item added', '- S1. Build it. Proof: `npm run build`\n- S2. Test it. Proof: `npm test`\n- S3. Ship. Proof: `npm run ship`\n', /\(added S3\)/],
    ['an item removed', '- S1. Build it. Proof: `npm run build`\n', /\(removed S2\)/],
    ['an item reworded', '- S1. Build it. Proof: `npm run build`\n- S2. Test it. Proof: `true`\n', /\(reworded S2\)/],
    ['all three', '- S2. Test it quickly. Proof: `npm test`\n- S9. New. Proof: `npm run x`\n', /added S9; removed S1; reworded S2/],
  ];
  for (const [what, text, want] of cases) {
    it(`${what}: ${want ? 'an info finding' : 'nothing'}`, () => {
      const f = planChangedFindings(frozen(), now(text), 'PLAN.md');
      if (!want) return assert.deepEqual(f, []);
      assert.equal(f.length, 1);
      assert.equal(f[0]!.kind, 'plan-changed');
      assert.equal(f[0]!.severity, 'info');
      assert.match(f[0]!.message, want);
      assert.match(f[0]!.message, /the frozen list still counts/);
    });
  }

  it('names an item without an id, as a goal.json may hold one, by saying so', () => {
    const noId: PlanItem = { id: '', list: 'Steps', text: 'Build it. Proof: npm run build', key: 'steps:build it. proof: npm run build', owner: 'claude', proof: { kind: 'command', command: 'npm run build' }, line: 4 };
    const f = planChangedFindings([noId], [], 'PLAN.md');
    assert.equal(f.length, 1);
    assert.match(f[0]!.message, /\(removed \(an item without an id\)\)/);
  });

  it('says nothing when the plan file is gone (the frozen list stands)', () => assert.deepEqual(planChangedFindings(frozen(), null, 'PLAN.md'), []));
});
