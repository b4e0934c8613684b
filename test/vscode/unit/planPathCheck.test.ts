// A proof that names a program its shell will not find is warned about on the item's line.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { pathWarnings } from '../../../src/extension/planPathCheck';

describe('proofs naming a program that is not on PATH', function () {
  const plan = '# P\n\n- **S1.** Docs. Proof: `check-docs.sh --all`\n- **S2.** Tests. Proof: `npm test`\n- **S3.** Script. Proof: `./scripts/check-docs.sh`\n- **H1.** Look. Proof: human — you read it\n';
  const onPath = new Set(['npm']);
  const cases: Array<[string, (n: string) => string | null, string[]]> = [
    ['a script in the folder: the warning gives its path', (n) => (n === 'check-docs.sh' ? './scripts/check-docs.sh' : null), ['S1 line 3: S1: `check-docs.sh` is not on PATH here, so the proof would fail with "command not found"; write its path, `./scripts/check-docs.sh`.']],
    ['nowhere in the folder: install it or write its path', () => null, ['S1 line 3: S1: `check-docs.sh` is not on PATH here, so the proof would fail with "command not found"; install it, or write the path of the script.']],
  ];
  for (const [name, nearby, want] of cases) {
    it(name, function () {
      const got = pathWarnings(parsePlan(plan).items, (n) => onPath.has(n), nearby);
      assert.deepEqual(got.map((w) => `${w.id} line ${w.line}: ${w.message}`), want);
    });
  }

  it('nothing when every program is found', function () {
    assert.deepEqual(pathWarnings(parsePlan(plan).items, () => true, () => null), []);
  });
});
