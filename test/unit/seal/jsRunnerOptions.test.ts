// The JavaScript runners' options and settings beyond their defaults: mocha's --require,
// --no-config, --config and --recursive; jest's --config (a file or inline JSON), --testRegex,
// path filters and setupFiles; vitest's --config, --root, include globs and filters; node --test
// on a missing folder; and bun's test, run and file forms.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import { depLines, type Files } from './helpers';

const pkg = (extra: Record<string, unknown>) => JSON.stringify({ name: 'x', ...extra });
const VITEST_INCLUDE = (globs: string[]) => `export default { test: { include: [${globs.map((g) => `'${g}'`).join(', ')}] } }\n`;

const CASES: Array<[string, Files, string, string[]]> = [
  // mocha
  ['mocha --require loads a path, not a package name', { 'test/a.js': '', 'chai.js': '', 'support/setup.js': '' }, 'mocha --require chai --require support/setup', ['test test/a.js', 'test-helper support/setup.js']],
  ['mocha --no-config reads no config file', { '.mocharc.json': '{}', 'test/a.js': '' }, 'mocha --no-config', ['test test/a.js']],
  ['mocha --config names the config, and the default one is not read', { 'sub/rc.json': '{}', '.mocharc.json': '{}', 'test/a.js': '' }, 'mocha --config sub/rc.json', ['runner-config sub/rc.json', 'test test/a.js']],
  ['mocha --config outside the workspace falls back to the default config', { '.mocharc.json': '{}', 'test/a.js': '' }, 'mocha --config /etc/rc.json', ['runner-config .mocharc.json', 'test test/a.js']],
  ['a mocha spec outside the workspace selects nothing', { 'test/a.js': '' }, 'mocha /tmp/x.js', []],
  ['mocha --recursive takes the files with the extensions, at any depth', { 'test/a.js': '', 'test/deep/b.js': '', 'test/deep/notes.md': '' }, 'mocha --recursive', ['test test/a.js', 'test test/deep/b.js']],
  // jest
  ['jest --config names the config file', { 'jest.alt.js': '', 'jest.config.js': '', 'src/a.test.js': '' }, 'jest --config jest.alt.js', ['runner-config jest.alt.js', 'test src/a.test.js']],
  ['jest --config with inline JSON reads the default config file', { 'jest.config.js': '', 'src/a.test.js': '' }, "jest --config '{}'", ['runner-config jest.config.js', 'test src/a.test.js']],
  ['jest --config with inline JSON after spaces reads the default config file', { 'jest.config.js': '', 'src/a.test.js': '' }, "jest --config ' {}'", ['runner-config jest.config.js', 'test src/a.test.js']],
  ['jest --testRegex is matched against paths from the folder jest runs in', { 'sub/checks/a.js': '', 'sub/other/checks/b.js': '', 'sub/src/c.test.js': '' }, 'cd sub && jest --testRegex ^checks/', ['test sub/checks/a.js']],
  ['jest path filters keep a file that matches any one of them', { 'src/alpha.test.js': '', 'src/beta.test.js': '', 'src/gamma.test.js': '' }, 'jest alpha beta', ['test src/alpha.test.js', 'test src/beta.test.js']],
  ['jest setupFiles: <rootDir>/ at the start is the folder', { 'package.json': pkg({ jest: { setupFiles: ['<rootDir>/setup.js', 'lib/<rootDir>/s.js'] } }), 'setup.js': '', 'lib/s.js': '', 'src/a.test.js': '' }, 'jest', ['manifest package.json', 'test src/a.test.js', 'test-helper setup.js']],
  // vitest
  ['vitest --config names the config, and the default one is not read', { 'v.config.ts': '', 'vitest.config.ts': '', 'src/a.test.ts': '' }, 'vitest --config v.config.ts', ['runner-config v.config.ts', 'test src/a.test.ts']],
  ['vitest --config outside the workspace reads no config', { 'vitest.config.ts': '', 'src/a.test.ts': '' }, 'vitest --config /etc/v.ts', ['test src/a.test.ts']],
  ['vitest --root: include globs are read from the root', { 'sub/vitest.config.ts': VITEST_INCLUDE(['tests/**/*.ts']), 'sub/tests/a.ts': '', 'sub/src/b.test.ts': '' }, 'vitest --root sub', ['runner-config sub/vitest.config.ts', 'test sub/tests/a.ts']],
  ['vitest include globs at the workspace root', { 'vitest.config.ts': VITEST_INCLUDE(['src/*.ts']), 'src/a.ts': '', 'lib/b.test.ts': '' }, 'vitest run', ['runner-config vitest.config.ts', 'test src/a.ts']],
  ['a vitest include without a glob leaves the default', { 'vitest.config.ts': VITEST_INCLUDE(['src']), 'src/a.test.ts': '', 'src/b.ts': '' }, 'vitest run', ['runner-config vitest.config.ts', 'test src/a.test.ts']],
  ['a file matching any one vitest include glob is a test', { 'vitest.config.ts': VITEST_INCLUDE(['src/*.ts', 'lib/*.ts']), 'src/a.ts': '', 'lib/b.ts': '', 'doc/c.ts': '' }, 'vitest run', ['runner-config vitest.config.ts', 'test lib/b.ts', 'test src/a.ts']],
  ['vitest filters keep a file that contains any one of them', { 'src/alpha.test.ts': '', 'src/beta.test.ts': '', 'src/gamma.test.ts': '' }, 'vitest run alpha beta', ['test src/alpha.test.ts', 'test src/beta.test.ts']],
  // node
  ['node --test on a missing folder selects nothing', {}, 'node --test missing/', []],
  // bun
  ['bun test: bunfig.toml and the test and spec files', { 'bunfig.toml': '', 'src/a.test.ts': '', 'src/b_spec.js': '', 'src/c.ts': '' }, 'bun test', ['runner-config bunfig.toml', 'test src/a.test.ts', 'test src/b_spec.js']],
  ['bun test options are not filters', { 'src/alpha.test.ts': '', 'src/beta.test.ts': '' }, 'bun test --bail', ['test src/alpha.test.ts', 'test src/beta.test.ts']],
  ['bun test filters keep a test file that contains any one of them', { 'src/alpha.test.ts': '', 'src/beta.test.ts': '', 'src/alpha.ts': '' }, 'bun test alpha gamma', ['test src/alpha.test.ts']],
  ['a bun test filter loses a leading ./', { 'src/alpha.test.ts': '', 'src/beta.test.ts': '' }, 'bun test ./src/alpha', ['test src/alpha.test.ts']],
  ['a bun test filter keeps a ./ inside it', { 'x./y.test.ts': '', 'xy.test.ts': '' }, 'bun test x./y', ['test x./y.test.ts']],
  ['bun run runs a package script', { 'package.json': pkg({ scripts: { check: 'sh c.sh' } }), 'c.sh': '' }, 'bun run check', ['entry c.sh', 'manifest package.json']],
  ['bun with a package script name runs the script', { 'package.json': pkg({ scripts: { check: 'sh c.sh' } }), 'c.sh': '' }, 'bun check', ['entry c.sh', 'manifest package.json']],
  ['bun with a code file runs it as node does', { 'x.ts': '' }, 'bun x.ts', ['entry x.ts']],
  ['bun run with a name that is neither a script nor a code file reads nothing', { 'package.json': pkg({ scripts: {} }) }, 'bun run missing', []],
  ['bun with only options reads nothing', { 'src/a.test.ts': '' }, 'bun --version', []],
];

describe('JavaScript runner options choose the configs and tests the seal reads', () => {
  for (const [name, files, proof, expected] of CASES) {
    it(name, () => assert.deepEqual(depLines(files, proof), [...expected].sort()));
  }

  it('bun test says it runs bun test', () => {
    const p = resolveProof('bun test', memoryView({ 'bunfig.toml': '', 'a.test.ts': '' }));
    assert.deepEqual(
      p.deps.map((d) => `${d.path}: ${d.via}`).sort(),
      ['a.test.ts: the proof runs bun test', 'bunfig.toml: the proof runs bun test'],
    );
  });
});
