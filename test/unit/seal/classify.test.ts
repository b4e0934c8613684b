// The seal's diff on small fake projects (test/fixtures/seal): every finding kind from an edit an
// agent could make, and the edits that are nobody's business (an npm install, the product's code).
import { strict as assert } from 'node:assert';
import type { Finding, FindingKind } from '../../../src/core/findings/finding';
import { findingsAfter, replaceIn, type Files } from './helpers';

interface Case {
  name: string;
  fixture: string;
  proofs: string[];
  edit: (f: Files) => void;
  /** Every finding expected, as `kind file` (file `-` for none), in any order. */
  expect: string[];
  /** Text the message or evidence of one of the findings must hold. */
  shows?: string;
}

const NODE = 'node-mocha';

const CASES: Case[] = [
  {
    name: 'a test script replaced by `true` is trivialized, and the evidence shows the script before and after',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'package.json', '"test": "mocha"', '"test": "true"'),
    expect: ['checker-trivialized package.json', 'tests-removed -'],
    shows: "scripts.test: 'mocha' → 'true'",
  },
  {
    name: 'a test script replaced by an echo is trivialized',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'package.json', '"test": "mocha"', '"test": "echo tests passed"'),
    expect: ['checker-trivialized package.json', 'tests-removed -'],
  },
  {
    name: 'a check script ending in `exit 0` instead of its checks is trivialized',
    fixture: NODE,
    proofs: ['sh check.sh'],
    edit: (f) => (f['check.sh'] = '#!/bin/sh\n# all good\nexit 0\n'),
    expect: ['checker-trivialized check.sh', 'tests-removed -'],
    shows: '-4: npm test',
  },
  {
    name: 'an emptied check script is trivialized',
    fixture: NODE,
    proofs: ['sh check.sh'],
    edit: (f) => (f['check.sh'] = '#!/bin/sh\n'),
    expect: ['checker-trivialized check.sh', 'tests-removed -'],
  },
  {
    name: 'a node script the tests run first that now exits 0 at its top is trivialized',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => (f['scripts/prepare.js'] = "const { existsSync } = require('node:fs');\nprocess.exit(0);\n" + f['scripts/prepare.js']),
    expect: ['checker-trivialized scripts/prepare.js'],
  },
  {
    name: '`|| true` added to the test script swallows its failure',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'package.json', '"test": "mocha"', '"test": "mocha || true"'),
    expect: ['failure-swallowed package.json'],
    shows: "scripts.test: 'mocha' → 'mocha || true'",
  },
  {
    name: '--passWithNoTests added to the test script swallows an empty run',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'package.json', '"test": "mocha"', '"test": "mocha --passWithNoTests"'),
    expect: ['failure-swallowed package.json'],
  },
  {
    name: '`|| true` added inside a check script under set -e swallows that step',
    fixture: NODE,
    proofs: ['sh check.sh'],
    edit: (f) => replaceIn(f, 'check.sh', 'npm test\n', 'npm test || true\n'),
    expect: ['failure-swallowed check.sh'],
  },
  {
    name: 'it.skip on a test the proof runs is a skipped test, on its line',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/strings.test.js', "it('trims'", "it.skip('trims'"),
    expect: ['test-skipped test/strings.test.js:7'],
  },
  {
    name: 'xit is a skipped test',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/math.test.js', "it('multiplies", "xit('multiplies"),
    expect: ['test-skipped test/math.test.js:10'],
  },
  {
    name: 'it.todo in place of a test is a skipped test and one assertion fewer',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/strings.test.js', /it\('trims', \(\) => \{\n.*\n {2}\}\);/, "it.todo('trims');"),
    expect: ['test-skipped test/strings.test.js:7', 'assertions-removed test/strings.test.js'],
  },
  {
    name: 'it.only is a focused test',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/math.test.js', "it('adds two", "it.only('adds two"),
    expect: ['test-focused test/math.test.js:5'],
  },
  {
    name: 'a new test file with describe.only focuses the whole run',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => (f['test/zzz.test.js'] = "describe.only('new', () => { it('passes', () => {}); });\n"),
    expect: ['test-focused test/zzz.test.js:1'],
  },
  {
    name: 'a new test file that focuses nothing is no finding',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => (f['test/zzz.test.js'] = "const assert = require('node:assert');\nit('passes', () => assert.ok(1));\n"),
    expect: [],
  },
  {
    name: 'a deleted test file is a deleted test',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => delete f['test/strings.test.js'],
    expect: ['test-deleted test/strings.test.js'],
  },
  {
    name: 'an emptied test file is a deleted test',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => (f['test/strings.test.js'] = "describe('strings', () => {});\n"),
    expect: ['test-deleted test/strings.test.js'],
  },
  {
    name: 'a test case taken out is fewer tests (and fewer assertions)',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/math.test.js', / {2}it\('multiplies[\s\S]*?\n {2}\}\);\n/, ''),
    expect: ['tests-removed test/math.test.js', 'assertions-removed test/math.test.js'],
  },
  {
    name: 'an assertion taken out is fewer assertions, a warning',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/math.test.js', '    assert.strictEqual(add(-1, 1), 0);\n', ''),
    expect: ['assertions-removed test/math.test.js'],
  },
  {
    name: 'a test that gains a case is a plain change to the checker, with its counts',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, 'test/strings.test.js', '});\n', "});\nit('pads', () => { assert.strictEqual('a'.padStart(2), ' a'); });\n"),
    expect: ['checker-changed test/strings.test.js'],
    shows: 'test cases 2 → 3, assertions 2 → 3',
  },
  {
    name: 'a changed check script that can still fail is a plain change to the checker',
    fixture: NODE,
    proofs: ['sh check.sh'],
    edit: (f) => replaceIn(f, 'check.sh', "grep -q 'exports.add' src/math.js", "grep -q 'exports.mul' src/math.js"),
    expect: ['checker-changed check.sh'],
    shows: '+1 line, -1 line',
  },
  {
    name: 'a deleted check script is a change to the checker',
    fixture: NODE,
    proofs: ['sh check.sh'],
    edit: (f) => delete f['check.sh'],
    expect: ['checker-changed check.sh', 'tests-removed -'],
  },
  {
    name: "mocha's spec narrowed in .mocharc.json narrows what runs, an error, and the tests it no longer selects are removed",
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, '.mocharc.json', '"test/**/*.test.js"', '"test/math.test.js"'),
    expect: ['runner-config-narrowed .mocharc.json', 'tests-removed -'],
    shows: 'globs narrowed',
  },
  {
    name: 'an eslint rule turned off is a gate change that says so',
    fixture: NODE,
    proofs: ['npm run lint'],
    edit: (f) => replaceIn(f, 'eslint.config.js', "eqeqeq: 'error'", "eqeqeq: 'off'"),
    expect: ['gate-config-changed eslint.config.js'],
    shows: 'rules disabled',
  },
  {
    name: 'strict turned off in a tsconfig the proof reaches through extends is a gate change',
    fixture: NODE,
    proofs: ['npm run typecheck'],
    edit: (f) => replaceIn(f, 'tsconfig.base.json', '"strict": true', '"strict": false'),
    expect: ['gate-config-changed tsconfig.base.json'],
    shows: 'rules disabled',
  },
  {
    name: 'continue-on-error added to a CI job swallows its failure',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, '.github/workflows/ci.yml', '    runs-on: ubuntu-latest\n', '    runs-on: ubuntu-latest\n    continue-on-error: true\n'),
    expect: ['failure-swallowed .github/workflows/ci.yml'],
  },
  {
    name: 'a CI step removed is a gate change',
    fixture: NODE,
    proofs: ['npm test'],
    edit: (f) => replaceIn(f, '.github/workflows/ci.yml', '      - run: npm test\n', ''),
    expect: ['gate-config-changed .github/workflows/ci.yml'],
  },
  {
    name: 'a dependency added to package.json and an edit to the product are no finding',
    fixture: NODE,
    proofs: ['npm test', 'sh check.sh'],
    edit: (f) => {
      replaceIn(f, 'package.json', '"mocha": "^10.0.0"', '"mocha": "^10.0.0",\n    "chai": "^5.0.0"');
      replaceIn(f, 'src/math.js', 'a * b', 'b * a');
    },
    expect: [],
  },
  {
    name: 'a script chained by npm-run-all replaced by true is trivialized',
    fixture: NODE,
    proofs: ['npm run check'],
    edit: (f) => replaceIn(f, 'package.json', '"lint": "eslint ."', '"lint": "true"'),
    expect: ['checker-trivialized package.json'],
    shows: "scripts.lint: 'eslint .' → 'true'",
  },
  {
    name: 'pytest: a skip mark on a test is a skipped test',
    fixture: 'pytest',
    proofs: ['pytest'],
    edit: (f) => replaceIn(f, 'tests/test_calc.py', 'def test_add():', '@pytest.mark.skip(reason="later")\ndef test_add():'),
    expect: ['test-skipped tests/test_calc.py:6'],
  },
  {
    name: 'pytest: a test method taken out of a Test class is fewer tests',
    fixture: 'pytest',
    proofs: ['pytest'],
    edit: (f) => replaceIn(f, 'tests/test_calc.py', / {4}def test_sum[\s\S]*?== 6\n/, ''),
    expect: ['tests-removed tests/test_calc.py', 'assertions-removed tests/test_calc.py'],
  },
  {
    name: 'pytest: --deselect added to addopts skips a test',
    fixture: 'pytest',
    proofs: ['pytest'],
    edit: (f) => replaceIn(f, 'pyproject.toml', 'addopts = "-q"', 'addopts = "-q --deselect tests/test_calc.py::test_add"'),
    expect: ['test-skipped pyproject.toml:8'],
  },
  {
    name: 'pytest: testpaths widened is a gate change, not a narrowing; the project version is no change',
    fixture: 'pytest',
    proofs: ['pytest'],
    edit: (f) => {
      replaceIn(f, 'pyproject.toml', 'testpaths = ["tests"]', 'testpaths = ["tests", "more"]');
      replaceIn(f, 'pyproject.toml', 'version = "0.1.0"', 'version = "0.2.0"');
    },
    expect: ['gate-config-changed pyproject.toml'],
  },
  {
    name: 'pytest: a conftest.py that skips tests is a skipped test',
    fixture: 'pytest',
    proofs: ['pytest'],
    edit: (f) => (f['tests/conftest.py'] += '\n\ndef pytest_runtest_setup(item):\n    pytest.skip("not today")\n'),
    expect: ['test-skipped tests/conftest.py:10'],
  },
  {
    name: 'go: t.Skip in a test is a skipped test',
    fixture: 'go',
    proofs: ['go test ./...'],
    edit: (f) => replaceIn(f, 'internal/parse/parse_test.go', 'func TestParse(t *testing.T) {\n', 'func TestParse(t *testing.T) {\n\tt.Skip("flaky")\n'),
    expect: ['test-skipped internal/parse/parse_test.go:6'],
  },
  {
    name: 'go: a test function taken out is fewer tests',
    fixture: 'go',
    proofs: ['go test ./...'],
    edit: (f) => replaceIn(f, 'calc_test.go', /func TestAddZero[\s\S]*?\n}\n/, ''),
    expect: ['tests-removed calc_test.go', 'assertions-removed calc_test.go'],
  },
  {
    name: 'go: a t.Fatal taken out is fewer assertions',
    fixture: 'go',
    proofs: ['go test ./...'],
    edit: (f) => replaceIn(f, 'calc_test.go', /\t\tif Add\(-1, 1\) != 0 \{\n.*\n\t\t\}\n/, ''),
    expect: ['assertions-removed calc_test.go'],
  },
  {
    name: 'go: a deleted package test file is a deleted test',
    fixture: 'go',
    proofs: ['go test ./...'],
    edit: (f) => delete f['internal/parse/parse_test.go'],
    expect: ['test-deleted internal/parse/parse_test.go'],
  },
  {
    name: 'cargo: #[ignore] on a test is a skipped test',
    fixture: 'cargo',
    proofs: ['cargo test'],
    edit: (f) => replaceIn(f, 'src/lib.rs', '    #[test]\n    fn firsts', '    #[test]\n    #[ignore]\n    fn firsts'),
    expect: ['test-skipped src/lib.rs:20'],
  },
  {
    name: 'cargo: an integration test taken out is fewer tests',
    fixture: 'cargo',
    proofs: ['cargo test'],
    edit: (f) => (f['tests/integration.rs'] = 'use seal_fixture::add;\n\nfn helper() -> i32 {\n    add(2, 2)\n}\n'),
    expect: ['test-deleted tests/integration.rs'],
  },
  {
    name: 'cargo: assert_ne! taken out is fewer assertions',
    fixture: 'cargo',
    proofs: ['cargo test'],
    edit: (f) => replaceIn(f, 'src/lib.rs', '        assert_ne!(first("ab"), "b");\n', ''),
    expect: ['assertions-removed src/lib.rs'],
  },
  {
    name: 'cargo: an edit to a source file without tests is no finding: the product is not a dependency',
    fixture: 'cargo',
    proofs: ['cargo test'],
    edit: (f) => replaceIn(f, 'src/util.rs', 'x * 2', 'x + x'),
    expect: [],
  },
  {
    name: 'make: a recipe replaced by `@true` is trivialized',
    fixture: 'make',
    proofs: ['make check'],
    edit: (f) => replaceIn(f, 'Makefile', '\t$(PYTEST) tests', '\t@true'),
    expect: ['checker-trivialized Makefile', 'tests-removed -'],
  },
  {
    name: 'make: a variable that makes the test recipe `true` trivializes it',
    fixture: 'make',
    proofs: ['make check'],
    edit: (f) => replaceIn(f, 'Makefile', 'PYTEST = python3 -m pytest', 'PYTEST = true'),
    expect: ['checker-trivialized Makefile', 'checker-changed Makefile', 'tests-removed -'],
  },
  {
    name: 'make: a recipe line marked `-` ignores its errors',
    fixture: 'make',
    proofs: ['make check'],
    edit: (f) => replaceIn(f, 'Makefile', '\t$(PYTEST) tests', '\t-$(PYTEST) tests'),
    expect: ['failure-swallowed Makefile'],
  },
  {
    name: 'make: `|| true` after the test recipe swallows it',
    fixture: 'make',
    proofs: ['make check'],
    edit: (f) => replaceIn(f, 'Makefile', '\t$(PYTEST) tests', '\t$(PYTEST) tests || true'),
    expect: ['failure-swallowed Makefile'],
  },
  {
    name: 'make: a lint script a target runs that still can fail is a plain change',
    fixture: 'make',
    proofs: ['make check'],
    edit: (f) => (f['scripts/lint.sh'] += 'test -s calc.py\n'),
    expect: ['checker-changed scripts/lint.sh'],
  },
  {
    name: 'make: a target the proof does not run may change freely',
    fixture: 'make',
    proofs: ['make check'],
    edit: (f) => replaceIn(f, 'Makefile', 'rm -rf .pytest_cache', 'true'),
    expect: [],
  },
];

const label = (f: Finding) => `${f.kind} ${f.file ?? '-'}${f.line !== null && ['test-skipped', 'test-focused'].includes(f.kind) ? ':' + f.line : ''}`;

describe('the seal classifies changes to what the proofs depend on', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const findings = findingsAfter(c.fixture, c.proofs, c.edit);
      assert.deepEqual(findings.map(label).sort(), [...c.expect].sort(), JSON.stringify(findings, null, 1));
      const told = findings.map((f) => `${f.message}\n${f.evidence}`).join('\n');
      if (c.shows) assert.ok(told.includes(c.shows), `${c.shows} in ${told}`);
    });
  }

  it('every finding kind of the seal has a case above', () => {
    const covered = new Set(CASES.flatMap((c) => c.expect.map((e) => e.split(' ')[0] as FindingKind)));
    for (const k of ['checker-trivialized', 'test-skipped', 'test-focused', 'test-deleted', 'tests-removed', 'failure-swallowed', 'assertions-removed', 'checker-changed', 'gate-config-changed'] as const) {
      assert.ok(covered.has(k), k);
    }
  });

  it('errors block and warnings do not: severities follow the table', () => {
    const trivial = findingsAfter(NODE, ['npm test'], (f) => replaceIn(f, 'package.json', '"test": "mocha"', '"test": "true"'));
    const changed = findingsAfter(NODE, ['sh check.sh'], (f) => replaceIn(f, 'check.sh', 'exports.add', 'exports.mul'));
    assert.equal(trivial.find((f) => f.kind === 'checker-trivialized')!.severity, 'error');
    assert.equal(changed[0]!.severity, 'warning');
  });

  it('the same fact keeps its id from one check to the next, and a further change gets a new one', () => {
    const once = findingsAfter(NODE, ['sh check.sh'], (f) => replaceIn(f, 'check.sh', 'exports.add', 'exports.mul'));
    const again = findingsAfter(NODE, ['sh check.sh'], (f) => replaceIn(f, 'check.sh', 'exports.add', 'exports.mul'));
    const other = findingsAfter(NODE, ['sh check.sh'], (f) => replaceIn(f, 'check.sh', 'exports.add', 'exports.div'));
    assert.equal(once[0]!.id, again[0]!.id);
    assert.notEqual(once[0]!.id, other[0]!.id);
    assert.match(once[0]!.action, new RegExp(`accept ${once[0]!.id}$`));
  });

  it('a skip keeps its id when other lines of the file change', () => {
    const skip = (f: Files) => replaceIn(f, 'test/strings.test.js', "it('trims'", "it.skip('trims'");
    const alone = findingsAfter(NODE, ['npm test'], skip);
    const withMore = findingsAfter(NODE, ['npm test'], (f) => {
      skip(f);
      f['test/strings.test.js'] = '// a comment on top\n' + f['test/strings.test.js'];
    });
    const id = (fs: Finding[]) => fs.find((f) => f.kind === 'test-skipped')!.id;
    assert.equal(id(alone), id(withMore));
  });

  it('an error finding tells what to restore and how to accept it', () => {
    const [f] = findingsAfter(NODE, ['sh check.sh'], (x) => (x['check.sh'] = '#!/bin/sh\nexit 0\n'));
    assert.equal(f!.action, `restore check.sh to its sealed content (git diff -- check.sh), or ask the person to accept ${f!.id}`);
    assert.match(f!.message, /^check\.sh can no longer fail: `exit 0` decides its exit \(proof `sh check\.sh`\)$/);
  });
});
