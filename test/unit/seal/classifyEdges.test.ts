// The seal's diff on snapshots written out by hand, for what the fixture projects do not reach: a
// file too large to keep (compared by digest) that is deleted or replaced, a package script
// removed, a script that appears, a file two proofs share, a gate that is no CI file, a proof that
// drops many tests, a focus marker added to a setup file, and a file that cannot be read. Each case
// lists every finding in full; the ids are literal, so a change to what an id is made of fails.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { DepRef } from '../../../src/core/seal/deps';
import type { FileFacts, SealSnapshot } from '../../../src/core/seal/snapshot';
import type { Finding } from '../../../src/core/findings/finding';
import { absent, dep, error, snap, text, warning } from './sealSnapshots';

const opaque = (path: string, size: number, sha: string): FileFacts => ({ path, exists: true, size, mtimeMs: 1, ctimeMs: 1, sha256: sha, content: null });
/** A file whose content cannot be read: reading it throws `thrown`. */
const unreadable = (path: string, thrown: unknown): FileFacts => ({
  path,
  exists: true,
  size: 1,
  mtimeMs: 1,
  ctimeMs: 1,
  sha256: 'sha:unreadable',
  get content(): string | null {
    throw thrown;
  },
});
const one = (d: DepRef): Array<[string, DepRef[]]> => [['sh x', [d]]];


const TESTS = ['t1', 't2', 't3', 't4', 't5'].map((t) => `test/${t}.test.js`);

interface Case {
  name: string;
  sealed: () => SealSnapshot;
  current: () => SealSnapshot;
  expect: Finding[];
}

const CASES: Case[] = [
  {
    name: 'a script too large to keep, then deleted, was deleted: its size before and `absent` after',
    sealed: () => snap(one(dep('big.sh', 'entry')), [opaque('big.sh', 70000, 'sha:big')]),
    current: () => snap(one(dep('big.sh', 'entry')), [absent('big.sh')]),
    expect: [warning('F-0pxsss9', 'checker-changed', 'big.sh', 'big.sh was deleted (proof `sh x`)', null, '70000 bytes → absent (too large or not text, compared by digest)')],
  },
  {
    name: 'a test file too large to keep, then deleted, is a deleted test',
    sealed: () => snap(one(dep('big_test.py', 'test')), [opaque('big_test.py', 70000, 'sha:big')]),
    current: () => snap(one(dep('big_test.py', 'test')), [absent('big_test.py')]),
    expect: [error('F-01mkpgu', 'test-deleted', 'big_test.py', 'big_test.py was deleted (proof `sh x`)', null, '70000 bytes → absent (too large or not text, compared by digest)')],
  },
  {
    name: 'a script kept as text that grows too large is compared by size: its text is counted in UTF-8 bytes',
    sealed: () => snap(one(dep('run.sh', 'entry')), [text('run.sh', 'é\n')]),
    current: () => snap(one(dep('run.sh', 'entry')), [opaque('run.sh', 70000, 'sha:large')]),
    expect: [warning('F-0684jcs', 'checker-changed', 'run.sh', 'run.sh (script) changed (proof `sh x`)', null, '3 bytes → 70000 bytes (too large or not text, compared by digest)')],
  },
  {
    name: 'a package script that is gone was removed, and the evidence says `(none)` after',
    sealed: () => snap(one(dep('package.json', 'manifest', ['json:scripts.lint'])), [text('package.json', '{"scripts":{"lint":"sh l.sh"}}')]),
    current: () => snap(one(dep('package.json', 'manifest', ['json:scripts.lint'])), [text('package.json', '{"scripts":{}}')]),
    expect: [warning('F-1uxbu7s', 'checker-changed', 'package.json', 'package.json scripts.lint was removed (proof `sh x`)', null, "-1 line; scripts.lint: 'sh l.sh' → (none)")],
  },
  {
    name: 'a script that was absent when sealed and now exists is new',
    sealed: () => snap(one(dep('check.sh', 'entry')), [absent('check.sh')]),
    current: () => snap(one(dep('check.sh', 'entry')), [text('check.sh', 'grep -q x README.md\n')]),
    expect: [warning('F-19u3xsx', 'checker-changed', 'check.sh', 'check.sh (script) is new (proof `sh x`)', 1, '+1 line\n+1: grep -q x README.md')],
  },
  {
    name: 'a file two proofs depend on names the first and counts the others',
    sealed: () =>
      snap(
        [
          ['sh a.sh', [dep('a.sh', 'entry')]],
          ['sh a.sh && true', [dep('a.sh', 'entry')]],
        ],
        [text('a.sh', 'grep -q x y\n')],
      ),
    current: () =>
      snap(
        [
          ['sh a.sh', [dep('a.sh', 'entry')]],
          ['sh a.sh && true', [dep('a.sh', 'entry')]],
        ],
        [text('a.sh', 'grep -q z y\n')],
      ),
    expect: [warning('F-1fy151w', 'checker-changed', 'a.sh', 'a.sh (script) changed (proof `sh a.sh` and 1 more)', 1, '+1 line, -1 line\n-1: grep -q x y\n+1: grep -q z y')],
  },
  {
    name: 'a gate of the workspace that is not a CI file names no proof and no CI',
    sealed: () => snap([], [text('.flake8', '[flake8]\n')], [dep('.flake8', 'lint-config')]),
    current: () => snap([], [text('.flake8', '[flake8]\nmax-line-length = 100\n')], [dep('.flake8', 'lint-config')]),
    expect: [warning('F-04jvymw', 'gate-config-changed', '.flake8', '.flake8 (lint config) changed', 2, '+1 line\n+2: max-line-length = 100')],
  },
  {
    name: 'a proof that no longer runs five of its test files lists three and counts the rest',
    sealed: () => snap([['mocha', TESTS.map((t) => dep(t, 'test'))]], TESTS.map((t) => text(t, "it('a', () => {});\n"))),
    current: () => snap([['mocha', []]], TESTS.map((t) => text(t, "it('a', () => {});\n"))),
    expect: [
      {
        id: 'F-0t7u9yy',
        kind: 'tests-removed',
        severity: 'error',
        message: 'proof `mocha` no longer runs 5 test files it ran when sealed: test/t1.test.js, test/t2.test.js, test/t3.test.js and 2 more',
        action: 'restore the script or config that selects them (git diff), or ask the person to accept F-0t7u9yy',
        file: null,
        line: null,
        evidence: 'test files: 5 when sealed, 0 now',
      },
    ],
  },
  {
    name: 'a setup file the tests load that gains `it.only` focuses a test',
    sealed: () => snap(one(dep('test/setup.js', 'test-support')), [text('test/setup.js', 'before(() => {});\n')]),
    current: () => snap(one(dep('test/setup.js', 'test-support')), [text('test/setup.js', "before(() => {});\nit.only('x', () => {});\n")]),
    expect: [error('F-039ylvr', 'test-focused', 'test/setup.js', "test/setup.js focuses a test, so only it runs: `it.only('x', () => {});` (proof `sh x`)", 2, "+1 line\n+2: it.only('x', () => {});")],
  },
  {
    name: 'a file whose reading throws an error is said to have changed, with the error named',
    sealed: () => snap(one(dep('odd.sh', 'entry')), [text('odd.sh', 'true\n')]),
    current: () => snap(one(dep('odd.sh', 'entry')), [unreadable('odd.sh', new TypeError('no'))]),
    expect: [warning('F-0sl8jea', 'checker-changed', 'odd.sh', 'odd.sh changed, and could not be compared (proof `sh x`)', null, 'not compared (TypeError)')],
  },
  {
    name: 'a file whose reading throws something that is not an error is said to have changed too',
    sealed: () => snap(one(dep('odd.sh', 'entry')), [text('odd.sh', 'true\n')]),
    current: () => snap(one(dep('odd.sh', 'entry')), [unreadable('odd.sh', 'no')]),
    expect: [warning('F-0sl8jea', 'checker-changed', 'odd.sh', 'odd.sh changed, and could not be compared (proof `sh x`)', null, 'not compared (error)')],
  },
];

describe('the seal diff of hand-written snapshots', () => {
  for (const c of CASES) {
    it(c.name, () => assert.deepEqual(classifySeal(c.sealed(), c.current()), c.expect));
  }

  it('findings on no file keep the order of the proofs that have them', () => {
    const sealed = snap(
      [
        ['mocha a', [dep('test/a.test.js', 'test')]],
        ['mocha b', [dep('test/b.test.js', 'test')]],
      ],
      [text('test/a.test.js', "it('a', () => {});\n"), text('test/b.test.js', "it('b', () => {});\n")],
    );
    const current = snap(
      [
        ['mocha a', []],
        ['mocha b', []],
      ],
      [text('test/a.test.js', "it('a', () => {});\n"), text('test/b.test.js', "it('b', () => {});\n")],
    );
    assert.deepEqual(
      classifySeal(sealed, current).map((f) => f.message),
      ['proof `mocha a` no longer runs 1 test file it ran when sealed: test/a.test.js', 'proof `mocha b` no longer runs 1 test file it ran when sealed: test/b.test.js'],
    );
  });
});
