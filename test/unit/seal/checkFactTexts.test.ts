// The words and keys of the facts the seal reads from a changed command, config or test file. The
// key names the finding, so a fact with the wrong key is a different finding (or the same as
// another); the what is the line a person reads. Both are asserted whole.
import { strict as assert } from 'node:assert';
import { commandFacts, configFacts, testFacts, type Fact, type TestFacts } from '../../../src/core/seal/checks';

const ONE_CASE = "it('a', () => { assert(1); });\n";
const TWO_CASES = "it('a', () => { assert(1); });\nit('b', () => { assert(1); assert(2); });\n";

describe('the facts of a changed command or config, word for word', () => {
  it('a skip flag added next to `|| true` is still its own fact: only masking loosenings fold into the masked exit', () => {
    const expected: Fact[] = [
      { kind: 'failure-swallowed', what: 'can no longer fail: `|| true` hides the failure', line: null, key: '|| true' },
      { kind: 'test-skipped', what: 'a skip flag added: `run --skip x || true`', line: 1, key: 'a skip flag\0run --skip x || true' },
    ];
    assert.deepEqual(commandFacts('run\n', 'run --skip x || true\n', 'sh'), expected);
  });

  it('a loosening added to a config is named with the line that adds it', () => {
    const expected: Fact[] = [{ kind: 'failure-swallowed', what: 'continue-on-error added: `continue-on-error: true`', line: 2, key: 'continue-on-error\0continue-on-error: true' }];
    assert.deepEqual(configFacts('a: 1\n', 'a: 1\ncontinue-on-error: true\n'), expected);
  });
});

// [rule, before, after, facts and counts]
const TESTS: Array<[string, string | null, string | null, TestFacts]> = [
  [
    'the same skip marker added twice where there was none is two new skips',
    ONE_CASE,
    "it.skip('a', () => { assert(1); });\nit.skip('a', () => { assert(1); });\n",
    {
      facts: [
        { kind: 'test-skipped', what: "skips a test: `it.skip('a', () => { assert(1); });`", line: 1, key: "it.skip('a', () => { assert(1); });" },
        { kind: 'test-skipped', what: "skips a test: `it.skip('a', () => { assert(1); });`", line: 2, key: "it.skip('a', () => { assert(1); });" },
      ],
      counts: 'test cases 1 → 2, assertions 1 → 2',
    },
  ],
  ['a sealed test file deleted says how many cases it had', TWO_CASES, null, { facts: [{ kind: 'test-deleted', what: 'was deleted (2 test cases)', line: null, key: 'deleted' }], counts: null }],
  ['a sealed test file left empty was emptied, with the cases it had', TWO_CASES, '', { facts: [{ kind: 'test-deleted', what: 'was emptied (2 test cases → 0)', line: null, key: 'emptied' }], counts: null }],
  ['a sealed file with no cases, left only blanks, was emptied too', 'const x = 1;\n', ' \n', { facts: [{ kind: 'test-deleted', what: 'was emptied (0 test cases → 0)', line: null, key: 'emptied' }], counts: null }],
  ['a new empty file the proof did not run before was not emptied: it had nothing', null, '', { facts: [], counts: null }],
  [
    'fewer cases and fewer assertions are two facts, each keyed by its counts',
    TWO_CASES,
    ONE_CASE,
    {
      facts: [
        { kind: 'tests-removed', what: 'has fewer test cases than sealed: 2 → 1', line: null, key: '2->1' },
        { kind: 'assertions-removed', what: 'has fewer assertions than sealed: 3 → 1', line: null, key: '3->1' },
      ],
      counts: 'test cases 2 → 1, assertions 3 → 1',
    },
  ],
];

describe('the facts of a changed test file, word for word', () => {
  for (const [rule, before, after, expected] of TESTS) {
    it(rule, () => assert.deepEqual(testFacts('t.test.js', before, after), expected));
  }
});
