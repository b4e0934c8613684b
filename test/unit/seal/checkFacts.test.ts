// The facts the seal reads from one changed command text or test file, called directly: a make
// target whose recipe lines are all blank, a python script that now exits 0 first, a new empty
// script, a skip marker added a second time, a test file deleted, and how long texts are clipped.
import { strict as assert } from 'node:assert';
import { clip, commandFacts, testFacts, type Dialect, type Fact } from '../../../src/core/seal/checks';

const COMMANDS: Array<[string, string | null, string, Dialect, Fact[]]> = [
  [
    'a make target whose only recipe line is a bare `@` has no recipe, a constant',
    'check:\n\tsh t.sh\n',
    'check:\n\t@\n',
    'make',
    [{ kind: 'checker-trivialized', what: 'can no longer fail: `(no recipe)` decides its exit', line: null, key: '(no recipe)' }],
  ],
  [
    'a python script that now starts with `sys.exit(0)` can no longer fail',
    'import sys\nrun()\n',
    'import sys\nsys.exit(0)\nrun()\n',
    'python',
    [{ kind: 'checker-trivialized', what: 'can no longer fail: `sys.exit(0)` decides its exit', line: null, key: 'sys.exit(0)' }],
  ],
  ['a script that was absent and is now only a comment is empty', null, '\n# nothing\n', 'sh', [{ kind: 'checker-trivialized', what: 'is empty: it cannot fail', line: null, key: 'emptied' }]],
];

describe('the facts of a changed command text or test file', () => {
  for (const [name, before, after, dialect, expected] of COMMANDS) {
    it(name, () => assert.deepEqual(commandFacts(before, after, dialect), expected));
  }

  it('a skip marker that was there once and is now there twice is one new skip', () => {
    const once = "it.skip('a', () => { assert(1); });\nit('b', () => { assert(1); });\n";
    const twice = "it.skip('a', () => { assert(1); });\nit.skip('a', () => { assert(1); });\n";
    assert.deepEqual(testFacts('t.test.js', once, twice), {
      facts: [{ kind: 'test-skipped', what: "skips a test: `it.skip('a', () => { assert(1); });`", line: 2, key: "it.skip('a', () => { assert(1); });" }],
      counts: 'test cases 2 → 2, assertions 2 → 2',
    });
  });

  it('a skip marker there as often as before is no new skip', () => {
    const text = "it.skip('a', () => { assert(1); });\nit.skip('a', () => { assert(1); });\n";
    assert.deepEqual(testFacts('t.test.js', text, text).facts, []);
  });

  it('a test file the proof did not run before, now deleted, was deleted with no count', () => {
    assert.deepEqual(testFacts('t.test.js', null, null), { facts: [{ kind: 'test-deleted', what: 'was deleted', line: null, key: 'deleted' }], counts: null });
  });

  const CLIPS: Array<[string, string, number | undefined, string]> = [
    ['a text longer than 80 characters keeps 79 and an ellipsis', 'a'.repeat(100), undefined, `${'a'.repeat(79)}…`],
    ['a text longer than the limit given keeps one less and an ellipsis', 'abcdefgh', 5, 'abcd…'],
    ['a text as long as the limit is kept whole', 'abcde', 5, 'abcde'],
    ['runs of blanks become one space, and the ends are trimmed', '  a \n\t b  ', undefined, 'a b'],
  ];
  for (const [name, text, n, expected] of CLIPS) {
    it(name, () => assert.equal(clip(text, n), expected));
  }
});
