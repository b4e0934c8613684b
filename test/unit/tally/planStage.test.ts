// The plan stage and the proof an item shows, when the plan on disk has findings and an item has
// no usable proof.
import { strict as assert } from 'node:assert';
import { computeTally } from '../../../src/core/tally/tally';
import type { PlanFinding, PlanItem } from '../../../src/core/types';

const S1: PlanItem = { id: 'S1', list: 'Steps', text: 'Deploy.', key: 'steps deploy.', owner: 'claude', proof: null, line: 3 };

function tallyOf(findings: PlanFinding[]) {
  return computeTally({
    goal: { title: 'P', planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: [S1],
    findings,
    added: [],
    transcripts: [],
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
  });
}

describe('the plan stage', () => {
  const cases: Array<[string, PlanFinding[], { name: string; state: string; detail: string }]> = [
    ['a plan with a finding is under way, counting its findings', [{ id: 'S1', rule: 'missing-proof', line: 3, message: 'S1 has no proof.' }], { name: 'plan', state: 'under way', detail: '1 finding(s)' }],
    [
      'a plan with two findings counts both',
      [
        { id: 'S1', rule: 'missing-proof', line: 3, message: 'S1 has no proof.' },
        { id: null, rule: 'missing-id', line: 5, message: 'An item has no id.' },
      ],
      { name: 'plan', state: 'under way', detail: '2 finding(s)' },
    ],
    ['a plan without findings is done, counting its items', [], { name: 'plan', state: 'done', detail: '1 items' }],
  ];
  for (const [name, findings, want] of cases) {
    it(name, () => assert.deepEqual(tallyOf(findings).stages[0], want));
  }
});

describe('the proof an item shows', () => {
  it('an item with no usable proof shows an empty proof, and is open', () => {
    const t = tallyOf([{ id: 'S1', rule: 'missing-proof', line: 3, message: 'S1 has no proof.' }]);
    assert.deepEqual(t.items.map((i) => [i.id, i.proof, i.state, i.detail]), [['S1', '', 'open', 'no usable proof']]);
  });
});
