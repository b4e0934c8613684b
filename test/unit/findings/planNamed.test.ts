// A change to a file the approved plan names is info, not a warning the person cannot act on; a
// warning the person dismissed is listed as info; errors are never softened.
import { strict as assert } from 'node:assert';
import type { Finding, FindingKind } from '../../../src/core/findings/finding';
import { listDismissed, planNamesFile, softenPlanNamed } from '../../../src/core/findings/planNamed';

function finding(kind: FindingKind, file: string | null, severity: Finding['severity'] = 'warning'): Finding {
  // A literal id: these rows are built while the file loads, where no product code may run.
  return { id: `F-${kind}:${file ?? ''}`, kind, severity, message: `${file} is new`, action: 'check it', file, line: null, evidence: null };
}

describe('whether the plan’s text names a file', () => {
  const rows: Array<[string, string[], string, boolean]> = [
    ['its path in a code span', ['S1. Add `scripts/check.sh` that runs the linter. Proof: `sh scripts/check.sh`'], 'scripts/check.sh', true],
    ['its path with ./ in front', ['S1. Write ./scripts/check.sh first'], 'scripts/check.sh', true],
    ['its base name with an extension', ['S2. Add a lint step to package.json.'], 'package.json', true],
    ['the base name of a nested file with an extension', ['S2. Turn on strict mode in tsconfig.json'], 'packages/app/tsconfig.json', true],
    ['a Makefile by name', ['S3. Add a test target to the Makefile'], 'build/Makefile', true],
    ['a path in quotes or parentheses', ['S1. Create "ci/run.sh" (and ci/env.sh)'], 'ci/env.sh', true],
    ['another file with a similar name does not count', ['S1. Edit scripts/check.sh.bak'], 'scripts/check.sh', false],
    ['a longer name that contains it does not count', ['S1. Edit my-package.json'], 'package.json', false],
    ['a folder’s name alone does not count', ['S1. Clean up scripts'], 'scripts/check', false],
    ['a file the plan does not name', ['S1. Build the parser. Proof: `npm test`'], 'vitest.config.ts', false],
    ['no plan text names nothing', [], 'package.json', false],
  ];
  for (const [name, texts, file, want] of rows) {
    it(`${name}: ${want ? 'named' : 'not named'}`, () => assert.equal(planNamesFile(texts, file), want));
  }
});

describe('softening the findings about files the plan names', () => {
  const plan = ['S1. Add `scripts/check.sh` and a lint config in .eslintrc.json. Proof: `sh scripts/check.sh`'];
  const rows: Array<[string, Finding, Finding['severity']]> = [
    ['a new checker the plan asked for is info', finding('checker-changed', 'scripts/check.sh'), 'info'],
    ['a changed config the plan names is info', finding('gate-config-changed', '.eslintrc.json'), 'info'],
    ['a checker the plan does not name stays a warning', finding('checker-changed', 'scripts/other.sh'), 'warning'],
    ['an error about a file the plan names stays an error', finding('checker-trivialized', 'scripts/check.sh', 'error'), 'error'],
    ['a warning of another kind about a named file stays a warning', finding('no-verify', 'scripts/check.sh'), 'warning'],
    ['a warning about no file stays a warning', finding('checker-changed', null), 'warning'],
  ];
  for (const [name, f, want] of rows) {
    it(name, () => {
      const [out] = softenPlanNamed([f], plan);
      assert.equal(out!.severity, want);
      assert.equal(out!.id, f.id, 'the id stays, so an acceptance keeps holding');
      if (want === 'info' && f.severity === 'warning') assert.match(out!.action, /^the approved plan names /);
      else assert.equal(out!.action, f.action);
    });
  }
});

describe('warnings the person dismissed', () => {
  it('a dismissed warning is listed as info; one not dismissed and an accepted error keep their severity', () => {
    const w1 = finding('checker-changed', 'a.sh');
    const w2 = finding('checker-changed', 'b.sh');
    const e = finding('checker-trivialized', 'c.sh', 'error');
    const out = listDismissed([w1, w2, e], new Set([w1.id, e.id]));
    assert.deepEqual(
      out.map((f) => f.severity),
      ['info', 'warning', 'error'],
    );
  });
});
