// The resolver's less common commands: `source` and `.` read as shell, `next lint` as eslint, a
// shell's option that takes a value, a reader that throws; the literals a node script's sweep
// reads as globs or files; a dependency met again with a stronger role; an option given last.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView, type WorkspaceView } from '../../../src/core/seal/view';
import { DepSet } from '../../../src/core/seal/deps';
import { splitArgs } from '../../../src/core/seal/context';
import type { Files } from './helpers';

const deps = (files: Files, proof: string) => resolveProof(proof, memoryView(files)).deps.map((d) => `${d.role} ${d.path} (${d.via})`);

const CASES: Array<[string, Files, string, string[]]> = [
  ['`source env` reads env as shell, without #! or extension', { env: 'sh a.sh\n', 'a.sh': '' }, 'source env', ['entry a.sh (env)', 'entry env (the proof)']],
  ['`. env` reads env as shell', { env: 'sh a.sh\n', 'a.sh': '' }, '. env', ['entry a.sh (env)', 'entry env (the proof)']],
  ['`next lint` is eslint', { 'eslint.config.mjs': 'export default []\n' }, 'next lint', ['lint-config eslint.config.mjs (the proof runs eslint)']],
  ['`next build` is not eslint', { 'eslint.config.mjs': 'export default []\n' }, 'next build', []],
  ['`bash -o pipefail x.sh` skips the option and its value', { 'x.sh': 'true\n' }, 'bash -o pipefail x.sh', ['entry x.sh (the proof)']],
  [
    'a node script\'s glob literal with a dot selects tests; one with neither dot nor slash is skipped',
    { 'scripts/t.js': "run(['*.test.js', 'test*'])\n", 'a.test.js': '', 'testa.js': '' },
    'node scripts/t.js',
    ['test a.test.js (scripts/t.js names *.test.js)', 'entry scripts/t.js (the proof)'],
  ],
  [
    'a node script naming an existing data file makes it test support',
    { 'scripts/t.js': "read('fixtures/data.txt')\n", 'fixtures/data.txt': 'x' },
    'node scripts/t.js',
    ['test-support fixtures/data.txt (scripts/t.js names it)', 'entry scripts/t.js (the proof)'],
  ],
];

const throwing = (thrown: unknown): WorkspaceView => ({
  read: () => {
    throw thrown;
  },
  list: () => null,
});

describe('resolveProof for less common commands', () => {
  for (const [what, files, proof, want] of CASES) {
    it(what, () => assert.deepEqual(deps(files, proof), want));
  }
  it('`next build` is noted as a tool the seal does not read', () => {
    assert.deepEqual(resolveProof('next build', memoryView({})).unresolved, ['the proof: `next` is not a tool the seal reads; its own files are not followed']);
  });
  it('a reader that throws an Error leaves a note naming the error', () => {
    assert.deepEqual(resolveProof('sh a.sh', throwing(new RangeError('x'))).unresolved, ['the proof: not read to the end (RangeError)']);
  });
  it('a reader that throws something else leaves a note saying error', () => {
    assert.deepEqual(resolveProof('sh a.sh', throwing('x')).unresolved, ['the proof: not read to the end (error)']);
  });
});

describe('DepSet and splitArgs edges', () => {
  it('a path met again with a stronger role takes that role and its via', () => {
    const set = new DepSet();
    set.add('a.yml', 'test', 'first');
    set.add('a.yml', 'ci', 'second');
    assert.deepEqual(set.list(), [{ path: 'a.yml', role: 'ci', parts: null, via: 'second' }]);
  });
  it('an option that takes a value, given last, has an empty value', () => {
    assert.deepEqual([...splitArgs(['x', '--config'], new Set(['--config'])).opts], [['--config', ['']]]);
  });
  it('the words after -- are the rest, and only those', () => {
    assert.deepEqual(splitArgs(['-x', 'a', '--', 'b', '-y'], new Set()), { opts: new Map([['-x', ['']]]), positional: ['a'], rest: ['b', '-y'] });
  });
});
