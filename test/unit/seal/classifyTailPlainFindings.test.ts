// The seal's plain findings, on snapshots written out by hand: a part's diff is numbered from
// where the part sits in each version, a config change names its loosening hints, a deletion says
// so (a test file's is an error), a CI gate is credited to CI, and a proof's shrunk selection is
// counted against its own sealed test files only. Each case lists every finding in full.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import type { Finding } from '../../../src/core/findings/finding';
import { absent, dep, error, snap, text, warning } from './sealSnapshots';


const removed = (id: string, message: string, evidence: string): Finding => ({
  id,
  kind: 'tests-removed',
  severity: 'error',
  message,
  action: `restore the script or config that selects them (git diff), or ask the person to accept ${id}`,
  file: null,
  line: null,
  evidence,
});

const MK = dep('Makefile', 'makefile', ['target:test']);
const RC = dep('.mocharc.yml', 'runner-config');
const CI = dep('.github/workflows/ci.yml', 'ci');
const RUN = dep('run.sh', 'entry');
const T = ['t1', 't2', 't3'].map((t) => `test/${t}.test.js`);
const TEST_FILES = T.map((t) => text(t, "it('a', () => {});\n"));

interface Case {
  name: string;
  sealed: SealSnapshot;
  current: SealSnapshot;
  expect: Finding[];
}

const CASES: Case[] = [
  {
    name: 'a make target that moved down is diffed with old lines numbered in the old file and new lines in the new one',
    sealed: snap([['make test', [MK]]], [text('Makefile', 'test:\n\tmocha a\n\tmocha b\n')]),
    current: snap([['make test', [MK]]], [text('Makefile', '# x\n\ntest:\n\tmocha a\n\tmocha c\n')]),
    expect: [warning('F-1ypc3o2', 'checker-changed', 'Makefile', 'Makefile make target test changed (proof `make test`)', 3, '+1 line, -1 line\n-3: \tmocha b\n+5: \tmocha c')],
  },
  {
    name: 'a changed runner config names the hints of its added lines and of its removed lines, comma-separated, in the narrowing it is',
    sealed: snap([['mocha', [RC]]], [text('.mocharc.yml', 'spec: test/**\nreporter: dot\n')]),
    current: snap([['mocha', [RC]]], [text('.mocharc.yml', 'reporter: dot\nignore: x\n')]),
    expect: [error('F-0jyu9up', 'runner-config-narrowed', '.mocharc.yml', '.mocharc.yml changed: excludes added, globs narrowed; settings that decide what runs: ignore added, spec removed (proof `mocha`)', 1, '+1 line, -1 line\n-1: spec: test/**\n+2: ignore: x')],
  },
  {
    name: 'a deleted runner config was deleted, with no line: the settings it held are gone, a narrowing',
    sealed: snap([['mocha', [RC]]], [text('.mocharc.yml', 'spec: test/**\n')]),
    current: snap([['mocha', [RC]]], [absent('.mocharc.yml')]),
    expect: [error('F-1kfyssq', 'runner-config-narrowed', '.mocharc.yml', '.mocharc.yml was deleted: globs narrowed; settings that decide what runs: spec removed (proof `mocha`)', null, '-1 line\n-1: spec: test/**')],
  },
  {
    name: 'a runner config the proof did not read when sealed was added',
    sealed: snap([['mocha', []]], [absent('.mocharc.yml')]),
    current: snap([['mocha', [RC]]], [text('.mocharc.yml', 'reporter: dot\n')]),
    expect: [warning('F-0usk2yt', 'gate-config-changed', '.mocharc.yml', '.mocharc.yml (test runner config) was added (proof `mocha`)', 1, '+1 line\n+1: reporter: dot')],
  },
  {
    name: 'a deleted test file of no known language is a deleted test, an error with no line',
    sealed: snap([['x', [dep('test/data.txt', 'test')]]], [text('test/data.txt', 'a\n')]),
    current: snap([['x', [dep('test/data.txt', 'test')]]], [absent('test/data.txt')]),
    expect: [error('F-0zvt3mz', 'test-deleted', 'test/data.txt', 'test/data.txt was deleted (proof `x`)', null, '-1 line\n-1: a')],
  },
  {
    name: 'a deleted test file with cases is a deleted test with no line, not one at its first changed line',
    sealed: snap([['x', [dep(T[0]!, 'test')]]], [text(T[0]!, "it('a', () => {});\n")]),
    current: snap([['x', [dep(T[0]!, 'test')]]], [absent(T[0]!)]),
    expect: [error('F-0c6nzip', 'test-deleted', T[0]!, `${T[0]!} was deleted (1 test cases) (proof \`x\`)`, null, "-1 line\n-1: it('a', () => {});")],
  },
  {
    name: 'a deleted script kept as text was deleted, a whole file and not a part',
    sealed: snap([['x', [RUN]]], [text('run.sh', 'mocha\n')]),
    current: snap([['x', [RUN]]], [absent('run.sh')]),
    expect: [warning('F-17eljtu', 'checker-changed', 'run.sh', 'run.sh was deleted (proof `x`)', null, '-1 line\n-1: mocha')],
  },
  {
    name: 'a CI gate that no proof reads is credited to CI',
    sealed: snap([], [text('.github/workflows/ci.yml', 'on: push\n')], [CI]),
    current: snap([], [text('.github/workflows/ci.yml', 'on: pull_request\n')], [CI]),
    expect: [warning('F-0epzhvd', 'gate-config-changed', '.github/workflows/ci.yml', '.github/workflows/ci.yml (CI file) changed (CI)', 1, '+1 line, -1 line\n-1: on: push\n+1: on: pull_request')],
  },
  {
    name: 'each proof is compared with itself, a file it now loads as support no longer counts as run, and only test files are counted',
    sealed: snap(
      [
        ['p1', [dep(T[0]!, 'test'), dep(T[1]!, 'test'), RUN]],
        ['p2', [dep(T[2]!, 'test')]],
      ],
      [...TEST_FILES, text('run.sh', 'x\n')],
    ),
    current: snap(
      [
        ['p1', [dep(T[0]!, 'test'), dep(T[1]!, 'test-support')]],
        ['p2', [dep(T[2]!, 'test')]],
      ],
      [...TEST_FILES, text('run.sh', 'x\n')],
    ),
    expect: [removed('F-16svaas', 'proof `p1` no longer runs 1 test file it ran when sealed: test/t2.test.js', 'test files: 2 when sealed, 1 now')],
  },
  {
    name: 'three dropped test files are all listed, with no "and 0 more"',
    sealed: snap([['p1', T.map((t) => dep(t, 'test'))]], TEST_FILES),
    current: snap([['p1', []]], TEST_FILES),
    expect: [removed('F-1ofl48e', 'proof `p1` no longer runs 3 test files it ran when sealed: test/t1.test.js, test/t2.test.js, test/t3.test.js', 'test files: 3 when sealed, 0 now')],
  },
];

describe('the seal diff: plain findings, deletions and shrunk selections', () => {
  for (const c of CASES) {
    it(c.name, () => {
      assert.deepEqual(classifySeal(c.sealed, c.current), c.expect);
    });
  }
});
