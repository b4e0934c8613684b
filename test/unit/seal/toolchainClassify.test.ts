// The classifier on what a proof resolves to and loads: a runner's bin replaced, edited or newly
// put on the package manager's PATH is runner-replaced; a runner config changed in a setting that
// can narrow what runs is runner-config-narrowed; a file a sealed test loads changed in its code is
// test-helper-changed. All three are errors. Formatting, harmless settings, new helpers and the
// product code the work edits are not.
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { classifySeal, depPaths } from '../../../src/core/seal/classify';
import { resolveSeal } from '../../../src/core/seal/resolve';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import { memoryView, recordingView } from '../../../src/core/seal/view';
import { configNarrowing, redactSecrets } from '../../../src/core/seal/runnerConfig';
import type { Finding } from '../../../src/core/findings/finding';
import type { Files } from './helpers';

const LINK = { 'node_modules/.bin/mocha': '../mocha/bin/mocha.js' };

function snapshot(files: Files, proofs: readonly string[], links: Record<string, string>, keep: ReadonlySet<string> = new Set()): SealSnapshot {
  const rv = recordingView(memoryView(files, links));
  const res = resolveSeal(proofs, rv);
  const snap: SealSnapshot = { version: 1, takenAtMs: 0, proofs: res.proofs, gates: res.gates, files: [], dirs: [] };
  const deps = depPaths(snap);
  for (const path of [...new Set([...rv.reads, ...deps, ...keep])].sort()) {
    const text = files[path];
    snap.files.push(
      text === undefined
        ? { path, exists: false, size: 0, mtimeMs: 0, ctimeMs: 0, sha256: null, content: null }
        : { path, exists: true, size: Buffer.byteLength(text), mtimeMs: 1, ctimeMs: 1, sha256: createHash('sha256').update(text).digest('hex'), content: deps.has(path) || keep.has(path) ? text : null },
    );
  }
  return snap;
}

function after(files: Files, proofs: readonly string[], edit: (f: Files) => void, links: Record<string, string> = LINK): Finding[] {
  const sealed = snapshot(files, proofs, links);
  const next = { ...files };
  edit(next);
  return classifySeal(sealed, snapshot(next, proofs, links, depPaths(sealed)));
}

const kinds = (fs: Finding[]) => fs.map((f) => `${f.severity} ${f.kind} ${f.file ?? '-'}`);

const MOCHA_JS = "#!/usr/bin/env node\nrequire('../lib/cli').main();\n";
const MOCHA_PKG = (v: string) => JSON.stringify({ name: 'mocha', version: v, bin: { mocha: 'bin/mocha.js' } }, null, 2);
const EXPECT = "module.exports = (ok, what) => { if (!ok) throw new Error(what); };\n";
const TEST = "const expect = require('./support/expect');\nconst sum = require('../src/sum');\nit('adds', () => expect(sum(1, 1) === 2, 'sum'));\n";
const NODE: Files = {
  'package.json': JSON.stringify({ name: 'p', scripts: { test: 'mocha' } }, null, 2),
  'node_modules/.bin/mocha': MOCHA_JS,
  'node_modules/mocha/bin/mocha.js': MOCHA_JS,
  'node_modules/mocha/package.json': MOCHA_PKG('10.2.0'),
  'test/a.test.js': TEST,
  'test/support/expect.js': EXPECT,
  'src/sum.js': 'module.exports = (a, b) => a - b;\n',
  '.mocharc.json': '{\n  "spec": "test/*.test.js",\n  "timeout": 2000\n}\n',
};
const LOCKED = (v: string) => JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/mocha': { version: v, integrity: 'sha512-x' } } });
const INSTALLED = (v: string): Files => ({ 'node_modules/.bin/mocha': MOCHA_JS, 'node_modules/mocha/bin/mocha.js': MOCHA_JS, 'node_modules/mocha/package.json': MOCHA_PKG(v) });
const PY: Files = {
  'pyproject.toml': '[project]\nname = "x"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n',
  'tests/__init__.py': '',
  'tests/conftest.py': 'import pytest\n\n@pytest.fixture\ndef two():\n    return 2\n',
  'tests/test_a.py': 'from .helpers import check\nfrom app.core import add\n\ndef test_add():\n    check(add(1, 1) == 2)\n',
  'tests/helpers.py': 'def check(ok):\n    assert ok\n',
  'app/__init__.py': '',
  'app/core.py': 'def add(a, b):\n    return a - b\n',
};

const CASES: Array<{ name: string; files: Files; proof: string; edit: (f: Files) => void; links?: Record<string, string>; expect: string[] }> = [
  // runner-replaced
  { name: 'node_modules/.bin/mocha replaced by a script that exits 0', files: NODE, proof: 'npm test', links: {}, edit: (f) => (f['node_modules/.bin/mocha'] = '#!/bin/sh\nexit 0\n'), expect: ['error runner-replaced node_modules/.bin/mocha'] },
  { name: 'the package file the bin links to edited', files: NODE, proof: 'npm test', edit: (f) => (f['node_modules/mocha/bin/mocha.js'] = '#!/usr/bin/env node\nprocess.exit(0);\n'), expect: ['error runner-replaced node_modules/mocha/bin/mocha.js'] },
  { name: "the runner's package version changed", files: NODE, proof: 'npm test', edit: (f) => (f['node_modules/mocha/package.json'] = MOCHA_PKG('10.3.0')), expect: ['error runner-replaced node_modules/mocha/package.json'] },
  { name: "the runner's package.json rewritten with the same version is no change", files: NODE, proof: 'npm test', edit: (f) => (f['node_modules/mocha/package.json'] = MOCHA_PKG('10.2.0') + '\n'), expect: [] },
  { name: 'a bin the npm script finds on PATH that did not exist is created', files: { ...NODE, 'package.json': JSON.stringify({ scripts: { test: 'node --test' } }) }, proof: 'npm test', edit: (f) => (f['node_modules/.bin/node'] = '#!/bin/sh\nexit 0\n'), expect: ['error runner-replaced node_modules/.bin/node'] },
  { name: 'the bin deleted', files: NODE, proof: 'npm test', links: {}, edit: (f) => delete f['node_modules/.bin/mocha'], expect: ['error runner-replaced node_modules/.bin/mocha'] },
  {
    name: 'the installed runner no longer matches the lockfile it matched when sealed',
    files: { ...NODE, 'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/mocha': { version: '10.2.0' } } }) },
    proof: 'npm test',
    edit: (f) => (f['package-lock.json'] = JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/mocha': { version: '10.4.0' } } })),
    expect: ['error runner-replaced node_modules/mocha/package.json'],
  },
  {
    name: 'a project sealed before its packages were installed: the install links the bin into the package the lockfile pins, no finding',
    files: { 'package.json': NODE['package.json']!, 'package-lock.json': LOCKED('10.2.0'), 'test/a.test.js': TEST, 'test/support/expect.js': EXPECT },
    proof: 'npm test',
    edit: (f) => Object.assign(f, INSTALLED('10.2.0')),
    expect: [],
  },
  {
    name: 'a project sealed before its packages were installed: a bin written as a file is runner-replaced',
    files: { 'package.json': NODE['package.json']!, 'package-lock.json': LOCKED('10.2.0'), 'test/a.test.js': TEST, 'test/support/expect.js': EXPECT },
    proof: 'npm test',
    links: {},
    edit: (f) => Object.assign(f, INSTALLED('10.2.0'), { 'node_modules/.bin/mocha': '#!/bin/sh\nexit 0\n' }),
    expect: ['error runner-replaced node_modules/.bin/mocha'],
  },
  {
    name: 'a project sealed before its packages were installed: a bin linked into a package the lockfile does not pin is runner-replaced',
    files: { 'package.json': NODE['package.json']!, 'package-lock.json': LOCKED('10.2.0'), 'test/a.test.js': TEST, 'test/support/expect.js': EXPECT },
    proof: 'npm test',
    edit: (f) => Object.assign(f, INSTALLED('9.9.9')),
    expect: ['error runner-replaced node_modules/.bin/mocha', 'error runner-replaced node_modules/mocha/package.json'],
  },
  {
    name: 'a project sealed before its packages were installed: every bin of the script the install links (c8, not a runner the seal reads) is no finding',
    files: { 'package.json': JSON.stringify({ scripts: { test: 'c8 mocha' } }), 'package-lock.json': JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/mocha': { version: '10.2.0' }, 'node_modules/c8': { version: '9.0.0' } } }), 'test/a.test.js': TEST },
    proof: 'npm test',
    links: { ...LINK, 'node_modules/.bin/c8': '../c8/bin/c8.js' },
    edit: (f) => Object.assign(f, INSTALLED('10.2.0'), { 'node_modules/.bin/c8': 'x', 'node_modules/c8/bin/c8.js': 'x', 'node_modules/c8/package.json': JSON.stringify({ name: 'c8', version: '9.0.0' }) }),
    expect: [],
  },
  { name: "pytest in the project's virtual environment replaced by a script that exits 0", files: { ...PY, '.venv/bin/pytest': '#!/p/.venv/bin/python\nfrom pytest import console_main\nconsole_main()\n' }, proof: 'pytest', links: {}, edit: (f) => (f['.venv/bin/pytest'] = '#!/bin/sh\nexit 0\n'), expect: ['error runner-replaced .venv/bin/pytest'] },
  // runner-config-narrowed
  { name: 'a project .npmrc created with script-shell=/bin/true', files: NODE, proof: 'npm test', edit: (f) => (f['.npmrc'] = 'script-shell=/bin/true\n'), expect: ['error runner-config-narrowed .npmrc'] },
  { name: 'a project .npmrc created with ignore-scripts', files: NODE, proof: 'npm test', edit: (f) => (f['.npmrc'] = 'ignore-scripts = true\n'), expect: ['error runner-config-narrowed .npmrc'] },
  { name: 'a project .npmrc with node-options that load a file', files: { ...NODE, '.npmrc': 'fund=false\n' }, proof: 'npm test', edit: (f) => (f['.npmrc'] = 'fund=false\nnode-options=--require ./x.js\n'), expect: ['error runner-config-narrowed .npmrc'] },
  { name: 'a .yarnrc.yml naming another yarn', files: NODE, proof: 'yarn test', edit: (f) => (f['.yarnrc.yml'] = 'yarnPath: .yarn/releases/fake.cjs\n'), expect: ['error runner-config-narrowed .yarnrc.yml'] },
  { name: 'a .npmrc with only registry settings is a warning, not an error', files: NODE, proof: 'npm test', edit: (f) => (f['.npmrc'] = 'save-exact=true\nregistry=https://r.example/\n'), expect: ['warning gate-config-changed .npmrc'] },
  { name: '.mocharc.json gaining grep', files: NODE, proof: 'npm test', edit: (f) => (f['.mocharc.json'] = '{\n  "spec": "test/*.test.js",\n  "timeout": 2000,\n  "grep": "@slow"\n}\n'), expect: ['error runner-config-narrowed .mocharc.json'] },
  { name: '.mocharc.json gaining invert', files: NODE, proof: 'npm test', edit: (f) => (f['.mocharc.json'] = '{ "spec": "test/*.test.js", "timeout": 2000, "invert": true }\n'), expect: ['error runner-config-narrowed .mocharc.json'] },
  { name: '.mocharc.json requiring a new file', files: { ...NODE, 'x.js': '' }, proof: 'npm test', edit: (f) => (f['.mocharc.json'] = '{ "spec": "test/*.test.js", "timeout": 2000, "require": "./x.js" }\n'), expect: ['error runner-config-narrowed .mocharc.json'] },
  { name: '.mocharc.json with only its timeout changed is a warning', files: NODE, proof: 'npm test', edit: (f) => (f['.mocharc.json'] = '{ "spec": "test/*.test.js", "timeout": 9000 }\n'), expect: ['warning gate-config-changed .mocharc.json'] },
  { name: '.mocharc.json reformatted, same settings, is a warning', files: NODE, proof: 'npm test', edit: (f) => (f['.mocharc.json'] = '{"timeout":2000,"spec":"test/*.test.js"}'), expect: ['warning gate-config-changed .mocharc.json'] },
  { name: 'package.json mocha settings gaining fgrep', files: { ...NODE, '.mocharc.json': undefined as unknown as string, 'package.json': JSON.stringify({ scripts: { test: 'mocha' }, mocha: { spec: 'test/*.test.js' } }, null, 2) }, proof: 'npm test', edit: (f) => (f['package.json'] = JSON.stringify({ scripts: { test: 'mocha' }, mocha: { spec: 'test/*.test.js', fgrep: 'zzz' } }, null, 2)), expect: ['error runner-config-narrowed package.json'] },
  { name: 'a jest.config.js whose code changed', files: { 'package.json': JSON.stringify({ scripts: { test: 'jest' } }), 'jest.config.js': 'module.exports = {\n  testEnvironment: "node",\n};\n', 'a.test.js': '' }, proof: 'npm test', links: {}, edit: (f) => (f['jest.config.js'] = 'module.exports = {\n  testEnvironment: "node",\n  testNamePattern: "^$",\n};\n'), expect: ['error runner-config-narrowed jest.config.js'] },
  { name: 'a jest.config.js with only a comment added is a warning', files: { 'package.json': JSON.stringify({ scripts: { test: 'jest' } }), 'jest.config.js': 'module.exports = {\n  testEnvironment: "node",\n};\n', 'a.test.js': '' }, proof: 'npm test', links: {}, edit: (f) => (f['jest.config.js'] = '// the node environment\nmodule.exports = {\n    testEnvironment: "node",\n};\n'), expect: ['warning gate-config-changed jest.config.js'] },
  { name: 'a conftest.py whose code changed', files: PY, proof: 'pytest', links: {}, edit: (f) => (f['tests/conftest.py'] += '\ndef pytest_collection_modifyitems(items):\n    items.clear()\n'), expect: ['error runner-config-narrowed tests/conftest.py'] },
  { name: "pyproject's pytest section gaining addopts", files: PY, proof: 'pytest', links: {}, edit: (f) => (f['pyproject.toml'] += 'addopts = "-p no:cacheprovider --co"\n'), expect: ['error runner-config-narrowed pyproject.toml'] },
  { name: "pyproject's pytest testpaths widened is a warning", files: PY, proof: 'pytest', links: {}, edit: (f) => (f['pyproject.toml'] = f['pyproject.toml']!.replace('["tests"]', '["tests", "more"]')), expect: ['warning gate-config-changed pyproject.toml'] },
  // test-helper-changed
  { name: 'the assertion helper a sealed test loads made to warn instead of throw', files: NODE, proof: 'npm test', edit: (f) => (f['test/support/expect.js'] = "module.exports = (ok, what) => { if (!ok) console.warn(what); };\n"), expect: ['error test-helper-changed test/support/expect.js'] },
  { name: 'a python helper a sealed test imports made to pass', files: PY, proof: 'pytest', links: {}, edit: (f) => (f['tests/helpers.py'] = 'def check(ok):\n    pass\n'), expect: ['error test-helper-changed tests/helpers.py'] },
  { name: 'a helper with only a comment added is a warning', files: NODE, proof: 'npm test', edit: (f) => (f['test/support/expect.js'] = '// throws on a false check\n' + EXPECT), expect: ['warning checker-changed test/support/expect.js'] },
  { name: 'a new helper a new test loads is no finding', files: NODE, proof: 'npm test', edit: (f) => Object.assign(f, { 'test/b.test.js': "const more = require('./support/more');\nit('b', () => more());\n", 'test/support/more.js': 'module.exports = () => {};\n' }), expect: [] },
  { name: 'a new helper a new test loads that focuses a test is still test-focused', files: NODE, proof: 'npm test', edit: (f) => Object.assign(f, { 'test/b.test.js': "require('./support/more');\n", 'test/support/more.js': "it.only('x', () => {});\n" }), expect: ['error test-focused test/support/more.js'] },
  // the honest session
  { name: 'an honest session that edits the product code finds nothing (js)', files: NODE, proof: 'npm test', edit: (f) => (f['src/sum.js'] = 'module.exports = (a, b) => a + b;\n'), expect: [] },
  { name: 'an honest session that edits the product code finds nothing (python)', files: PY, proof: 'pytest', links: {}, edit: (f) => (f['app/core.py'] = 'def add(a, b):\n    return a + b\n'), expect: [] },
];

describe('the seal classifies what a proof resolves to and loads', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const files = Object.fromEntries(Object.entries(c.files).filter(([, v]) => v !== undefined));
      assert.deepEqual(kinds(after(files, [c.proof], c.edit, c.links ?? LINK)), c.expect);
    });
  }

  it('a runner-replaced finding names what changed by size and digest, and says to reinstall', () => {
    const [f] = after(NODE, ['npm test'], (x) => (x['node_modules/.bin/mocha'] = '#!/bin/sh\nexit 0\n'), {});
    assert.ok(f);
    assert.match(f.message, /^node_modules\/\.bin\/mocha was replaced or edited/);
    assert.match(f.evidence ?? '', /^\d+ bytes, SHA-256 [0-9a-f]{12} → 17 bytes, SHA-256 [0-9a-f]{12}$/);
    assert.match(f.action, /npm ci/);
  });

  it('a narrowing names the settings, never their values', () => {
    const [f] = after(NODE, ['npm test'], (x) => (x['.npmrc'] = 'script-shell=/bin/true\n'));
    assert.ok(f);
    assert.match(f.message, /settings that decide what runs: script-shell added/);
    assert.doesNotMatch(f.message, /\/bin\/true/);
  });

  it('a seal taken before the toolchain was kept finds nothing new when the toolchain is read now', () => {
    const sealed = snapshot(NODE, ['npm test'], LINK);
    const old: SealSnapshot = { ...sealed, proofs: sealed.proofs.map(({ toolchain: _t, ...p }) => p), files: sealed.files.filter((f) => !f.path.startsWith('node_modules') && !/\.npmrc|\.yarnrc/.test(f.path)) };
    assert.deepEqual(classifySeal(old, snapshot(NODE, ['npm test'], LINK)), []);
    // Nor an .npmrc that was there all along, which that seal never kept.
    const withRc = { ...NODE, '.npmrc': 'script-shell=/bin/bash\n' };
    assert.deepEqual(classifySeal(old, snapshot(withRc, ['npm test'], LINK)), []);
  });
});

describe('runner config settings: what narrows and what is formatting', () => {
  const T: Array<[string, string, string | null, string | null, string | null]> = [
    ['an .npmrc key added', '.npmrc', 'fund=false\n', 'fund=false\nscript-shell=/bin/true\n', 'script-shell added'],
    ['an .npmrc comment and spacing', '.npmrc', 'fund=false\n', '# comment\nfund = false\n', null],
    ['an auth token changed is no narrowing', '.npmrc', '//r.example/:_authToken=a\n', '//r.example/:_authToken=b\n', null],
    ['a YAML mocharc gaining a list item under spec', '.mocharc.yml', 'spec:\n  - test/a.js\n', 'spec:\n  - test/a.js\n  - test/b.js\n', null],
    ['a YAML mocharc losing a spec item', '.mocharc.yml', 'spec:\n  - test/a.js\n  - test/b.js\n', 'spec:\n  - test/a.js\n', 'spec changed'],
    ['a reporter named by a package is harmless', '.mocharc.json', '{"reporter": "spec"}', '{"reporter": "dot"}', null],
    ['a reporter named by a path is code the runner loads', '.mocharc.json', '{"reporter": "spec"}', '{"reporter": "./quiet.js"}', 'reporter changed'],
    ['a pytest.ini exclusion list that shrank runs more', 'pytest.ini', '[pytest]\nnorecursedirs = a b\n', '[pytest]\nnorecursedirs = a\n', null],
    ['a pytest.ini exclusion that grew', 'pytest.ini', '[pytest]\nnorecursedirs = a\n', '[pytest]\nnorecursedirs = a b\n', 'pytest.norecursedirs changed'],
    ['a deleted .npmrc that set something', '.npmrc', 'script-shell=/bin/bash\n', null, 'script-shell removed'],
  ];
  for (const [name, path, before, afterText, want] of T) {
    it(name, () => {
      const n = configNarrowing(path, null, before, afterText);
      assert.equal(n === null ? null : n.keys.map((k, i) => `${k} ${n.how[i]}`).join(', '), want);
    });
  }

  it('credentials in a package manager config are kept out of the seal, other files as they are', () => {
    assert.equal(redactSecrets('.npmrc', 'registry=https://r/\n//r/:_authToken=npm_abc\n_auth = xyz\n'), 'registry=https://r/\n//r/:_authToken=<redacted>\n_auth = <redacted>\n');
    assert.equal(redactSecrets('.yarnrc.yml', 'npmAuthToken: "abc"\n'), 'npmAuthToken: <redacted>\n');
    assert.equal(redactSecrets('config.ini', 'token=abc\n'), 'token=abc\n');
  });
});
