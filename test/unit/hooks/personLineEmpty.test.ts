// The person's line of the ledger is there only while something waits on the person: a plan of
// Claude's items alone, none handed over, has no such line at all.
import { strict as assert } from 'node:assert';
import { personLine } from '../../../src/hooks/ledger';
import { evaluate } from '../helpers/fixtures';

describe("the person's ledger line when nothing waits on the person", () => {
  const plans: Array<[string, string]> = [
    ['a plan of one step of Claude\'s', '# Deploy\n\n## Steps\n- S1. Deploy it. Proof: `test -f deployed.txt`\n'],
    ['a plan of two steps of Claude\'s', '# Deploy\n\n## Steps\n- S1. Deploy it. Proof: `test -f deployed.txt`\n- S2. Check it. Proof: `test -f checked.txt`\n'],
  ];
  for (const [name, plan] of plans) {
    it(`${name} gives no line (null)`, () => {
      assert.equal(personLine(evaluate(plan, [], { transcripts: [] })), null);
    });
  }
});
