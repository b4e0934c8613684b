// No unit test runs src/core or src/hooks code while mocha loads it (helpers/loadTimeCalls.ts says
// why: under `npm run mutate` such a result can never kill a mutant). Compute in it() or beforeEach.
import { strict as assert } from 'node:assert';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importsOnly, loadTimeCalls } from './helpers/loadTimeCalls';

const ROOT = resolve(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'loadTime');

describe('product code that runs while the unit tests load', function () {
  this.timeout(180_000);
  let base = new Set<string>();
  before(() => {
    base = importsOnly();
  });

  it('a suite that parses a plan in its describe() body is caught, naming the function', () => {
    const calls = loadTimeCalls([join(FIXTURES, 'parsesAtLoad.ts')], base);
    assert.ok(calls.some((c) => c === 'src/core/plan/parsePlan.ts parsePlan'), calls.join('\n'));
  });

  it('the same suite parsing inside its test is not', () => {
    assert.deepEqual(loadTimeCalls([join(FIXTURES, 'parsesInTest.ts')], base), []);
  });

  it('no unit test file runs a src/core or src/hooks function while it loads', () => {
    const files = readdirSync(join(ROOT, 'test', 'unit'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => join(ROOT, 'test', 'unit', f));
    assert.deepEqual(loadTimeCalls(files, base), []);
  });
});
