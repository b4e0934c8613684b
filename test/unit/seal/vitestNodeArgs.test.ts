// vitest's -r, -c, --exclude, --dir and sub-command words, and node's options before its script:
// which files the seal reads for them, and what it says runs them.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import { depLines, type Files } from './helpers';

const INCLUDE_ALL = "export default { test: { include: ['**/*'] } }\n";

const CASES: Array<[string, Files, string, string[]]> = [
  // vitest
  ['vitest -r is --root: the config is read from that folder', { 'sub/vitest.config.ts': '', 'vitest.config.ts': '', 'sub/a.test.ts': '' }, 'vitest -r sub', ['runner-config sub/vitest.config.ts', 'test sub/a.test.ts']],
  ['vitest -c is --config: the default config is not read', { 'v.config.ts': '', 'vitest.config.ts': '', 'src/a.test.ts': '' }, 'vitest -c v.config.ts', ['runner-config v.config.ts', 'test src/a.test.ts']],
  ['vitest --exclude drops the files its glob matches', { 'src/a.test.ts': '', 'src/b.test.ts': '' }, 'vitest run --exclude src/b.test.ts', ['test src/a.test.ts']],
  ['a vitest config exclude drops the files its glob matches', { 'vitest.config.ts': "export default { test: { exclude: ['src/b*'] } }\n", 'src/a.test.ts': '', 'src/b.test.ts': '' }, 'vitest run', ['runner-config vitest.config.ts', 'test src/a.test.ts']],
  // A config with no exclude must exclude nothing, whatever a file is called.
  ['a vitest config without exclude drops no file', { 'vitest.config.ts': INCLUDE_ALL, 'Stryker was here': '', 'a.ts': '' }, 'vitest run', ['runner-config vitest.config.ts', 'test Stryker was here', 'test a.ts']],
  ['vitest --dir searches only that folder', { 'src/a.test.ts': '', 'lib/b.test.ts': '' }, 'vitest run --dir src', ['test src/a.test.ts']],
  ['a vitest sub-command word after the first is a filter', { 'src/bench.test.ts': '', 'src/other.test.ts': '' }, 'vitest run bench', ['test src/bench.test.ts']],
  ['the first vitest word that is no sub-command is a filter', { 'src/alpha.test.ts': '', 'src/beta.test.ts': '' }, 'vitest alpha', ['test src/alpha.test.ts']],
  // node
  ['the value of a node option is not the script', { 'setup.js': '', 'app.js': '' }, 'node --require ./setup.js app.js', ['entry app.js', 'test-support setup.js']],
  ['options after the script are the script\'s, not node\'s', { 'app.js': '', 'setup.js': '' }, 'node app.js -r ./setup.js', ['entry app.js']],
  ['options after a later script are the script\'s, not node\'s', { 'app.js': '', 'setup.js': '' }, 'node --no-warnings app.js -r ./setup.js', ['entry app.js']],
  ['node -r loads a setup file', { 'setup.js': '', 'app.js': '' }, 'node -r ./setup.js app.js', ['entry app.js', 'test-support setup.js']],
  ['node --require loads a setup file', { 'setup.js': '', 'app.js': '' }, 'node --require=./setup.js app.js', ['entry app.js', 'test-support setup.js']],
  ['node --import loads a setup file', { 'setup.mjs': '', 'app.js': '' }, 'node --import ./setup.mjs app.js', ['entry app.js', 'test-support setup.mjs']],
  ['node --loader loads a setup file', { 'loader.mjs': '', 'app.js': '' }, 'node --loader ./loader.mjs app.js', ['entry app.js', 'test-support loader.mjs']],
  ['node --experimental-loader loads a setup file', { 'loader.mjs': '', 'app.js': '' }, 'node --experimental-loader ./loader.mjs app.js', ['entry app.js', 'test-support loader.mjs']],
  ['the value of a node --test option is no test pattern', { 'a.test.js': '', 'spec/b.test.js': '' }, 'node --test --test-reporter spec a.test.js', ['test a.test.js']],
  ['node through node_modules/.bin runs the runner with only the words after it', { 'test/a.js': '' }, 'node node_modules/.bin/mocha', ['test test/a.js']],
];

describe('vitest and node options choose the files the seal reads', () => {
  for (const [name, files, proof, expected] of CASES) {
    it(name, () => assert.deepEqual(depLines(files, proof), [...expected].sort()));
  }

  for (const flag of ['--eval', '-p', '--print']) {
    it(`node ${flag} runs inline code: nothing is read and a note says so`, () => {
      const p = resolveProof(`node ${flag} x.js`, memoryView({ 'x.js': '' }));
      assert.deepEqual(p.deps, []);
      assert.deepEqual(p.unresolved, ['the proof: node runs inline code, not read']);
    });
  }

  it('vitest says it runs vitest', () => {
    const p = resolveProof('vitest', memoryView({ 'vitest.config.ts': '', 'a.test.ts': '' }));
    assert.deepEqual(
      p.deps.map((d) => `${d.path}: ${d.via}`).sort(),
      ['a.test.ts: the proof runs vitest', 'vitest.config.ts: the proof runs vitest'],
    );
  });

  it('node --test says it runs node --test', () => {
    const p = resolveProof('node --test', memoryView({ 'a.test.js': '' }));
    assert.deepEqual(
      p.deps.map((d) => `${d.path}: ${d.via}`),
      ['a.test.js: the proof runs node --test'],
    );
  });
});
