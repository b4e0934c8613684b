import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTests, stripAnsi, testsRan, type TestCount } from '../../../src/core/evidence/testCount';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'testCount');
const recorded = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
const count = (runner: string, passed: number, failed: number, skipped: number): TestCount => ({ runner, ran: passed + failed, passed, failed, skipped });

// Each row: a file of real output (test/fixtures/testCount/README.md says how it was made) and what it counts.
const ROWS: [file: string, expected: TestCount | null, why: string][] = [
  ['mocha-pass.txt', count('mocha', 3, 0, 1), "mocha's passing and pending lines"],
  ['mocha-fail.txt', count('mocha', 4, 1, 1), 'a failing line adds to what ran'],
  ['mocha-grep-none.txt', count('mocha', 0, 0, 0), 'a grep that selects nothing prints 0 passing and exits 0: zero ran'],
  ['mocha-color.txt', count('mocha', 3, 0, 1), 'colour codes around the counts are taken out'],
  ['mocha-dot.txt', count('mocha', 3, 0, 1), 'the dot reporter closes with the same summary'],
  ['mocha-tap.txt', count('tap', 3, 0, 0), "mocha's tap reporter: # tests, # pass, # fail"],
  ['mocha-cut.txt', null, 'a run killed mid-test printed no summary'],
  ['node-tap.txt', count('node', 2, 0, 1), 'node --test, TAP: skipped and todo tests did not run'],
  ['node-tap-fail.txt', count('node', 3, 1, 1), 'node --test, TAP, with a failure'],
  ['node-spec.txt', count('node', 2, 0, 1), "node's spec reporter (ℹ tests N)"],
  ['node-spec-fail.txt', count('node', 3, 1, 1), "node's spec reporter with a failure"],
  ['node-name-pattern-none.txt', count('node', 0, 0, 4), 'a name pattern that matches nothing skips all four: zero ran'],
  ['node-dot.txt', null, "node's dot reporter prints no count"],
  ['node-cut.txt', null, 'a node --test run killed mid-test'],
  ['jest-pass.txt', count('jest', 2, 0, 2), "jest's Tests line: skipped and todo did not run"],
  ['jest-fail.txt', count('jest', 3, 1, 2), 'jest with a failing file'],
  ['jest-zero.txt', count('jest', 0, 0, 4), 'jest -t matching nothing: 4 skipped, 4 total, exit 0'],
  ['jest-none.txt', count('jest', 0, 0, 0), 'jest finding no test file'],
  ['jest-none-pass.txt', count('jest', 0, 0, 0), 'jest --passWithNoTests finding no test file exits 0: zero ran'],
  ['jest-color.txt', count('jest', 2, 0, 2), 'jest --colors'],
  ['vitest-pass.txt', count('vitest', 2, 0, 2), "vitest's Tests line (coloured even into a pipe)"],
  ['vitest-fail.txt', count('vitest', 3, 1, 2), 'vitest with a failing file'],
  ['vitest-zero.txt', count('vitest', 0, 0, 4), 'vitest -t matching nothing'],
  ['vitest-none.txt', count('vitest', 0, 0, 0), 'vitest finding no test file'],
  ['vitest-none-pass.txt', count('vitest', 0, 0, 0), 'vitest --passWithNoTests finding no test file exits 0: zero ran'],
  ['vitest-color.txt', count('vitest', 2, 0, 2), 'vitest with FORCE_COLOR'],
  ['pytest-pass.txt', count('pytest', 2, 0, 1), "pytest's closing line between bars"],
  ['pytest-quiet.txt', count('pytest', 2, 0, 1), 'pytest -q: the closing line without bars'],
  ['pytest-fail.txt', count('pytest', 3, 1, 1), 'pytest with a failure'],
  ['pytest-deselected.txt', count('pytest', 0, 0, 3), 'pytest -k matching nothing: all deselected'],
  ['pytest-none.txt', count('pytest', 0, 0, 0), 'pytest: no tests ran'],
  ['pytest-color.txt', count('pytest', 2, 0, 1), 'pytest --color=yes'],
  ['pytest-cut.txt', null, 'a pytest run killed mid-test'],
  ['cargo-pass.txt', count('cargo', 3, 0, 1), 'cargo: the unit tests and the doc-tests, added up'],
  ['cargo-fail.txt', count('cargo', 3, 1, 1), 'cargo with a failing integration test binary'],
  ['cargo-filter-none.txt', count('cargo', 0, 0, 3), 'cargo with a filter matching nothing: filtered out, zero ran'],
  ['cargo-color.txt', count('cargo', 3, 0, 1), 'cargo --color always'],
  ['go-verbose.txt', count('go', 3, 0, 1), 'go test -v: each --- PASS, subtests too'],
  ['go-fail-v.txt', count('go', 3, 1, 1), 'go test -v with a failure'],
  ['go-zero.txt', count('go', 0, 0, 0), 'go test -run matching nothing: [no tests to run]'],
  ['go-zero-v.txt', count('go', 0, 0, 0), 'go test -v -run matching nothing'],
  ['go-plain.txt', null, 'go test without -v prints no count'],
  ['go-cached.txt', null, 'a cached go test result prints no count'],
  ['go-fail.txt', null, 'go test without -v, failing: only the failures are listed, so no count'],
  ['mocha-then-pytest.txt', count('mocha+pytest', 5, 0, 2), 'a script running two runners: both summaries added up'],
];

describe('countTests on recorded runner output', () => {
  for (const [file, expected, why] of ROWS) {
    it(`${file}: ${why}`, () => {
      assert.deepEqual(countTests(recorded(file)), expected);
    });
  }

  it('every recorded file is in the table', () => {
    const listed = new Set(ROWS.map((r) => r[0]));
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.txt'));
    assert.deepEqual(files.filter((f) => !listed.has(f)), []);
  });
});

describe('countTests on what a summary is not', () => {
  const CASES: [text: string, expected: TestCount | null, why: string][] = [
    ['', null, 'no output'],
    ['all good\nexit 0\n', null, 'a proof that is not a test runner'],
    ['  3 passing\n', null, "mocha's line without its duration is not mocha's"],
    ['we had 3 passing (2ms) runs today', null, 'a sentence that contains the words'],
    ['  1 pending\n  2 failing\n', null, "pending and failing lines without mocha's passing line"],
    ['Tests: 3 passed, 3 total\n', count('jest', 3, 0, 0), "jest's line alone"],
    ['5 passed, 2 warnings in 0.10s\n', count('pytest', 5, 0, 0), 'pytest -q with warnings'],
    ['1 passed, 2 bananas in 0.1s\n', null, 'a closing line with a word pytest never prints'],
    ['=== 10 passed in 61.23s (0:01:01) ===\n', count('pytest', 10, 0, 0), 'a pytest run over a minute'],
    ['  3 passing (2s)\r\n  1 failing\r\n', count('mocha', 3, 1, 0), 'CRLF line ends'],
    ['ok  \texample.com/a\t0.01s [no tests to run]\nok  \texample.com/b\t0.02s\n', null, 'go without -v where one package ran an unknown number of tests'],
    ['  2 passing (5ms)\nok  \texample.com/a\t(cached)\n', null, 'a part whose count cannot be known makes the total unknown'],
  ];
  for (const [text, expected, why] of CASES) {
    it(`${why}`, () => {
      assert.deepEqual(countTests(text), expected);
    });
  }
});

describe('stripAnsi and testsRan', () => {
  it('takes out colour and hyperlink sequences and leaves the text', () => {
    assert.equal(stripAnsi('\x1b[32m 3 passing\x1b[0m \x1b]8;;file:///x\x07link\x1b]8;;\x07'), ' 3 passing link');
  });

  it('keeps only the runner and the number that ran', () => {
    assert.deepEqual(testsRan(count('mocha', 3, 1, 2)), { runner: 'mocha', ran: 4 });
    assert.equal(testsRan(null), null);
  });
});
