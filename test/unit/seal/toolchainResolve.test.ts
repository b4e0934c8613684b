// What a proof resolves to, not only what it names: the bins a package manager's PATH finds (kept
// even when absent), a runner's bin followed through its link to the package file and version, the
// package manager's own config, and the files the sealed tests load through their imports.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView, recordingView } from '../../../src/core/seal/view';
import { isHelperPath, jsSpecifiers, pyImports } from '../../../src/core/seal/moduleGraph';
import type { Files } from './helpers';

const pkg = (scripts: Record<string, string>) => JSON.stringify({ name: 'p', scripts }, null, 2);
const MOCHA_PKG = JSON.stringify({ name: 'mocha', version: '10.2.0', bin: { mocha: 'bin/mocha.js' } });
const LOCK = (v: string) => JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'p' }, 'node_modules/mocha': { version: v, integrity: 'sha512-x' } } });
const MOCHA: Files = { 'package.json': pkg({ test: 'mocha' }), 'node_modules/.bin/mocha': '#!/usr/bin/env node\n', 'node_modules/mocha/bin/mocha.js': '#!/usr/bin/env node\n', 'node_modules/mocha/package.json': MOCHA_PKG, 'test/a.test.js': '' };
const LINK = { 'node_modules/.bin/mocha': '../mocha/bin/mocha.js' };

/** The toolchain a proof resolves to, as sorted `role path [parts]` lines. */
function toolchain(files: Files, proof: string, links: Record<string, string> = {}): string[] {
  return (resolveProof(proof, memoryView(files, links)).toolchain ?? []).map((d) => `${d.role} ${d.path}${d.parts ? ' ' + d.parts.join(',') : ''}`).sort();
}

const PM = ['package-config .npmrc', 'package-config .yarnrc', 'package-config .yarnrc.yml'];

const RESOLVE: Array<[string, Files, string, Record<string, string>, string[]]> = [
  ['npm test running mocha: the bin through its link, the package file, its version, and npm\'s config even absent', MOCHA, 'npm test', LINK, [...PM, 'runner-bin node_modules/.bin/mocha', 'runner-bin node_modules/mocha/bin/mocha.js', 'runner-bin node_modules/mocha/package.json json:version']],
  ['a bin that is a plain file (a copied shim) is kept as itself', MOCHA, 'npm test', {}, [...PM, 'runner-bin node_modules/.bin/mocha']],
  ['a command with no bin under npm is kept absent, so a bin made later is seen', { 'package.json': pkg({ test: 'node --test' }), 'test/a.test.js': '' }, 'npm test', {}, [...PM, 'runner-bin node_modules/.bin/node']],
  ['shell builtins have no bin: the shell never looks them up', { 'package.json': pkg({ test: 'echo hi && test -f x && cd . && true' }) }, 'npm test', {}, PM],
  ['a bin in a subpackage is looked for there and above, to the first that exists', { 'package.json': pkg({}), 'app/package.json': pkg({ test: 'jest' }), 'node_modules/.bin/jest': 'x' }, 'npm --prefix app test', {}, ['package-config .npmrc', 'package-config .yarnrc', 'package-config .yarnrc.yml', 'package-config app/.npmrc', 'package-config app/.yarnrc', 'package-config app/.yarnrc.yml', 'runner-bin app/node_modules/.bin/jest', 'runner-bin node_modules/.bin/jest']],
  ['a runner named by its node_modules path is that file, followed', MOCHA, 'node_modules/.bin/mocha', LINK, ['runner-bin node_modules/.bin/mocha', 'runner-bin node_modules/mocha/bin/mocha.js', 'runner-bin node_modules/mocha/package.json json:version']],
  ['node running a runner by its path keeps the file', MOCHA, 'node node_modules/.bin/mocha', LINK, ['runner-bin node_modules/.bin/mocha', 'runner-bin node_modules/mocha/bin/mocha.js', 'runner-bin node_modules/mocha/package.json json:version']],
  ['npx finds the bin as npm does', MOCHA, 'npx mocha', LINK, [...PM, 'runner-bin node_modules/.bin/mocha', 'runner-bin node_modules/mocha/bin/mocha.js', 'runner-bin node_modules/mocha/package.json json:version']],
  ['a proof outside a package manager keeps no bins: its PATH is the shell\'s', MOCHA, 'mocha', LINK, []],
  ['pytest found in the project\'s virtual environment is kept; a tool it does not have is not', { '.venv/bin/pytest': '#!python\n', '.venv/bin/python': '', 'tests/test_a.py': '' }, 'pytest && ruff check .', {}, ['runner-bin .venv/bin/pytest']],
  ['no virtual environment, no venv bins', { 'tests/test_a.py': '' }, 'python -m pytest', {}, []],
  ['the runner\'s own files its bin loads are kept, within its package only', { ...MOCHA, 'node_modules/mocha/bin/mocha.js': "require('../lib/cli');\nrequire('../package.json');\n", 'node_modules/mocha/lib/cli.js': "require('./run');\nrequire('yargs');\nrequire('../../other/x');\n", 'node_modules/mocha/lib/run.js': '', 'node_modules/other/x.js': '' }, 'npm test', LINK, [...PM, 'runner-bin node_modules/.bin/mocha', 'runner-bin node_modules/mocha/bin/mocha.js', 'runner-bin node_modules/mocha/lib/cli.js', 'runner-bin node_modules/mocha/lib/run.js', 'runner-bin node_modules/mocha/package.json json:version']],
  ['a bundled runner file of megabytes is kept, not scanned for what it loads', { ...MOCHA, 'node_modules/mocha/bin/mocha.js': "require('../lib/y');\n//" + 'x'.repeat(1_000_001) + '\n', 'node_modules/mocha/lib/y.js': '' }, 'npm test', LINK, [...PM, 'runner-bin node_modules/.bin/mocha', 'runner-bin node_modules/mocha/bin/mocha.js', 'runner-bin node_modules/mocha/package.json json:version']],
  ['a link that climbs out of the workspace keeps the bin only', MOCHA, 'npm test', { 'node_modules/.bin/mocha': '../../../elsewhere/mocha.js' }, [...PM, 'runner-bin node_modules/.bin/mocha']],
];

describe('the seal resolves the toolchain a proof runs', () => {
  for (const [name, files, proof, links, expected] of RESOLVE) {
    it(name, () => assert.deepEqual(toolchain(files, proof, links), [...expected].sort()));
  }

  it('the toolchain stays out of the deps list: the files the proof text leads to are as before', () => {
    const p = resolveProof('npm test', memoryView(MOCHA, LINK));
    assert.deepEqual(p.deps.map((d) => `${d.role} ${d.path}`), ['manifest package.json', 'test test/a.test.js']);
  });

  it('an installed runner whose version is not the lockfile\'s is noted; one that matches is not', () => {
    const off = resolveProof('npm test', memoryView({ ...MOCHA, 'package-lock.json': LOCK('10.4.0') }, LINK));
    assert.ok(off.unresolved.includes('runner node_modules/mocha: installed 10.2.0, package-lock.json says 10.4.0'), off.unresolved.join('\n'));
    const ok = resolveProof('npm test', memoryView({ ...MOCHA, 'package-lock.json': LOCK('10.2.0') }, LINK));
    assert.ok(!ok.unresolved.some((n) => n.startsWith('runner ')), ok.unresolved.join('\n'));
  });
});

/** The test-helper deps of a proof, sorted. */
function helpers(files: Files, proof: string): string[] {
  return resolveProof(proof, memoryView(files))
    .deps.filter((d) => d.role === 'test-helper')
    .map((d) => d.path)
    .sort();
}

const MODS: Array<[string, Files, string, string[]]> = [
  ['a relative require of a test helper, with and without its extension, and what it requires in turn', { 'test/a.test.js': "const expect = require('./support/expect');\nconst x = require('../src/x.js');\n", 'test/support/expect.js': "module.exports = require('./deep.js');\n", 'test/support/deep.js': '', 'src/x.js': '' }, 'mocha', ['test/support/deep.js', 'test/support/expect.js']],
  ['product code a test imports is not a helper, and the walk stops there', { 'test/a.test.js': "import { sum } from '../src/sum';\n", 'src/sum.js': "import h from '../test/helpers/h.js';\n", 'test/helpers/h.js': '' }, 'mocha', []],
  ['ES imports, re-exports, dynamic imports and a folder\'s index file', { 'test/a.test.mjs': "import './setup.mjs';\nexport { x } from './lib/x.mjs';\nconst m = await import('./lib');\n", 'test/setup.mjs': '', 'test/lib/x.mjs': '', 'test/lib/index.js': '' }, 'mocha test/a.test.mjs', ['test/lib/index.js', 'test/lib/x.mjs', 'test/setup.mjs']],
  ['a .js specifier in TypeScript names the .ts file', { 'test/a.test.ts': "import { h } from './h.js';\n", 'test/h.ts': '' }, 'mocha test/a.test.ts', ['test/h.ts']],
  ['a commented-out require loads nothing; a package name is not followed', { 'test/a.test.js': "// require('./gone')\nconst chai = require('chai');\n", 'test/gone.js': '' }, 'mocha', []],
  ['a runner setup file is a helper and its imports are followed', { 'test/a.test.js': '', 'test/setup.js': "require('./support/global.js');\n", 'test/support/global.js': '' }, 'mocha --require test/setup.js test/a.test.js', ['test/setup.js', 'test/support/global.js']],
  ['a co-located test helper named as one is followed from src', { 'src/a.test.js': "require('./test-utils');\nrequire('./a');\n", 'src/test-utils.js': '', 'src/a.js': '' }, 'jest', ['src/test-utils.js']],
  ['python: relative and absolute local imports from tests and conftest.py', { 'tests/test_a.py': 'from . import helpers\nfrom tests.support.expect import check\nimport os\nfrom mypkg import core\n', 'tests/__init__.py': '', 'tests/helpers.py': '', 'tests/support/expect.py': '', 'tests/conftest.py': 'from .fixtures import data\n', 'tests/fixtures.py': '', 'mypkg/core.py': '', 'mypkg/__init__.py': '' }, 'pytest', ['tests/fixtures.py', 'tests/helpers.py', 'tests/support/expect.py']],
  ['python: a parenthesised import list names submodules of a package', { 'tests/test_a.py': 'from .support import (\n    one,\n    two,\n)\n', 'tests/support/__init__.py': '', 'tests/support/one.py': '', 'tests/support/two.py': '' }, 'pytest', ['tests/support/__init__.py', 'tests/support/one.py', 'tests/support/two.py']],
];

describe('the seal follows what sealed tests load', () => {
  for (const [name, files, proof, expected] of MODS) {
    it(name, () => assert.deepEqual(helpers(files, proof), [...expected].sort()));
  }

  it('the product code a test imports is neither read nor listed, so editing it never makes a check read the seal again', () => {
    const rv = recordingView(memoryView({ 'test/a.test.js': "const sum = require('../src/sum');\nconst m = require('../lib/m.js');\n", 'src/sum.js': '', 'lib/m.js': '' }));
    resolveProof('mocha', rv);
    assert.deepEqual([...rv.reads].filter((p) => !/^test(\/|$)/.test(p) && !p.startsWith('.mocharc') && p !== 'package.json'), []);
    assert.deepEqual([...rv.lists].filter((d) => d === 'src' || d === 'lib'), []);
  });

  it('an import cycle ends', () => {
    const files = { 'test/a.test.js': "require('./h1');\n", 'test/h1.js': "require('./h2');\n", 'test/h2.js': "require('./h1');\n" };
    assert.deepEqual(helpers(files, 'mocha test/a.test.js'), ['test/h1.js', 'test/h2.js']);
  });

  it('the walk is bounded in depth: a chain longer than six imports is cut', () => {
    const files: Files = { 'test/a.test.js': "require('./h0');\n" };
    for (let k = 0; k < 10; k++) files[`test/h${k}.js`] = `require('./h${k + 1}');\n`;
    assert.equal(helpers(files, 'mocha test/a.test.js').length, 6);
  });
});

const HELPER_PATHS: Array<[string, boolean]> = [
  ['test/support/expect.js', true],
  ['tests/helpers.py', true],
  ['src/__tests__/util.ts', true],
  ['src/test-utils.js', true],
  ['lib/setupTests.ts', true],
  ['src/helpers/format.js', false],
  ['src/sum.js', false],
  ['lib/testing.js', false],
];

describe('a test helper is told from product code by where it is and its name', () => {
  for (const [path, want] of HELPER_PATHS) it(`${path} is ${want ? '' : 'not '}test code`, () => assert.equal(isHelperPath(path), want));

  it('JavaScript specifiers: only relative ones, read from code (strings in comments are not imports)', () => {
    assert.deepEqual(jsSpecifiers("import a from './a';\n/* require('./b') */\nconst c = require(\"../c\");\nimport 'pkg';\n"), ['./a', '../c']);
  });

  it('Python imports: the level, the module and the names', () => {
    assert.deepEqual(pyImports('from ..x.y import a as b, c\nimport q.r as s\n'), [
      { level: 2, module: ['x', 'y'], names: ['a', 'c'] },
      { level: 0, module: ['q', 'r'], names: [] },
    ]);
  });
});
