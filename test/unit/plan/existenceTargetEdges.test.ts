// The example an existence-only proof is shown names the path the check tests: an operand that only
// ends in a dash is still a path, and only a trailing slash (or -d) makes it a folder.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';

const warning = (proof: string): string => {
  const p = parsePlan(`## Steps\n- S1. Do it. Proof: \`${proof}\`\n`);
  assert.equal(p.warnings.length, 1);
  return p.warnings[0]!.message;
};

describe('check-plan: the path an existence-only proof checks', () => {
  const cases: Array<[string, string, string]> = [
    ['a path ending in a dash is the target, not an option', 'test -e notes-', 'grep -q "expected text" notes-'],
    ['an absolute path is a file, not a folder', 'test -e /etc/hosts', 'grep -q "expected text" /etc/hosts'],
    ['a path ending in a slash is a folder', 'test -e build/', 'grep -rq "expected text" build/'],
  ];
  for (const [rule, proof, example] of cases) {
    it(rule, () => {
      assert.ok(warning(proof).endsWith(`e.g. Proof: \`${example}\`.`), warning(proof));
    });
  }
});
