// The rewritten line a plan's item without an id is shown: the next free id of the letters its own
// list uses (every digit of the highest id counted), the source line as written (a byte-order mark
// only at the very start of the plan is dropped), and an item that opens with anything but a
// paragraph has no id, whatever its later paragraph says.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';

const cases: Array<[string, string, string[], Array<[string, number, string]>]> = [
  [
    'an item without an id in a list of T ids is shown the next T id',
    '# P\n\n## Steps\n- T1. Build. Proof: `npm run build`\n- Test. Proof: `npm test`\n',
    ['T1'],
    [['missing-id', 5, 'The item "Test. Proof: npm test" on line 5 has Proof: but no id; write line 5 as: - **T2.** Test. Proof: `npm test`']],
  ],
  [
    'an item without an id in the second list is shown the letters of that list, not the first',
    '# P\n\n## Steps\n- S1. Build. Proof: `npm run build`\n\n## Checks\n- V1. Lint. Proof: `npm run lint`\n- Test. Proof: `npm test`\n',
    ['S1', 'V1'],
    [['missing-id', 8, 'The item "Test. Proof: npm test" on line 8 has Proof: but no id; write line 8 as: - **V2.** Test. Proof: `npm test`']],
  ],
  [
    'after an id of two digits the next free id counts both digits',
    '# P\n\n## Steps\n- S12. Build. Proof: `npm run build`\n- Test. Proof: `npm test`\n',
    ['S12'],
    [['missing-id', 5, 'The item "Test. Proof: npm test" on line 5 has Proof: but no id; write line 5 as: - **S13.** Test. Proof: `npm test`']],
  ],
  [
    'a byte-order mark at the start of the plan is not part of its first line',
    '\uFEFF- Build. Proof: `npm run build`\n',
    [],
    [
      ['no-items', 1, 'The plan has no items: every step needs an id and a proof; the line below shows each item rewritten.'],
      ['missing-id', 1, 'The item "Build. Proof: npm run build" on line 1 has Proof: but no id; write line 1 as: - **S1.** Build. Proof: `npm run build`'],
    ],
  ],
  [
    'a byte-order mark inside a line stays in the line as written',
    '# P\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- Test it \uFEFFnow. Proof: `npm test`\n',
    ['S1'],
    [['missing-id', 5, 'The item "Test it now. Proof: npm test" on line 5 has Proof: but no id; write line 5 as: - **S2.** Test it \uFEFFnow. Proof: `npm test`']],
  ],
  [
    'an item that opens with a code block has no id, though its paragraph after it starts with one',
    '# P\n\n## Steps\n- ```\n  code\n  ```\n  S1. Build. Proof: `npm run build`\n',
    [],
    [
      ['no-items', 1, 'The plan has no items: every step needs an id and a proof; the line below shows each item rewritten.'],
      ['missing-id', 4, 'The item "S1. Build. Proof: npm run build" on line 4 has Proof: but no id; write line 4 as: - **S1.** ```'],
    ],
  ],
];

describe('the rewritten line of an item without an id', () => {
  for (const [what, markdown, ids, findings] of cases) {
    it(what, () => {
      const p = parsePlan(markdown);
      assert.deepEqual({ ids: p.items.map((i) => i.id), findings: p.findings.map((f) => [f.rule, f.line, f.message]) }, { ids, findings });
    });
  }
});
