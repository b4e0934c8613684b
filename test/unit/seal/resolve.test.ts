// Each proof's dependencies, on small workspaces held in memory: the files a proof names, the
// package scripts and make targets it runs (and what those run in turn), the configs its runners
// load and the tests they select. Each case lists every dependency expected, as `role path` (with
// the parts read of a file that holds more than the proof uses), so an extra file fails too.
import { strict as assert } from 'node:assert';
import { resolveProof, resolveSeal } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import type { ProofDeps } from '../../../src/core/seal/deps';
import { loadFixture, type Files } from './helpers';

const pkg = (scripts: Record<string, string>, extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'x', scripts, ...extra }, null, 2);

function deps(files: Files, proof: string): string[] {
  return show(resolveProof(proof, memoryView(files)));
}

function show(p: ProofDeps): string[] {
  return p.deps.map((d) => `${d.role} ${d.path}${d.parts ? ' ' + d.parts.join(',') : ''}`);
}

const CASES: Array<[string, Files, string, string[]]> = [
  ['`sh check.sh` depends on check.sh', { 'check.sh': 'grep -q x README.md\n' }, 'sh check.sh', ['entry check.sh']],
  ['`./check.sh` depends on check.sh, and on what it runs', { 'check.sh': '#!/bin/sh\nset -e\nbash scripts/x.sh\n', 'scripts/x.sh': 'true\n' }, './check.sh', ['entry check.sh', 'entry scripts/x.sh']],
  ['`bash -eu scripts/x.sh` skips the options', { 'scripts/x.sh': 'echo\n' }, 'bash -eu scripts/x.sh', ['entry scripts/x.sh']],
  ['`sh -c "…"` reads the command inside', { 'a.sh': 'true\n' }, 'sh -c "sh a.sh"', ['entry a.sh']],
  ['a shell fed a here-document reads its lines', { 'a.sh': 'true\n' }, 'bash <<EOF\nsh a.sh\nEOF', ['entry a.sh']],
  ['`node scripts/x.js` depends on the script', { 'scripts/x.js': "console.log('ok')\n" }, 'node scripts/x.js', ['entry scripts/x.js']],
  ['`python3 t.py` depends on the script', { 't.py': 'print(1)\n' }, 'python3 t.py', ['entry t.py']],
  ['a missing script is still a dependency (its appearing later is a change)', {}, 'sh check.sh', ['entry check.sh']],
  ['`cd sub && sh x.sh` finds x.sh in sub', { 'sub/x.sh': 'true\n' }, 'cd sub && sh x.sh', ['entry sub/x.sh']],
  ['`npm test` is scripts.test with its pre and post scripts', { 'package.json': pkg({ pretest: 'sh pre.sh', test: 'sh t.sh', posttest: 'true' }), 'pre.sh': '', 't.sh': '' }, 'npm test', ['manifest package.json json:scripts.pretest,json:scripts.test,json:scripts.posttest', 'entry pre.sh', 'entry t.sh']],
  ['`npm t` is npm test', { 'package.json': pkg({ test: 'sh t.sh' }), 't.sh': '' }, 'npm t', ['manifest package.json json:scripts.test', 'entry t.sh']],
  ['`npm run x`, `npm run-script x`, `yarn x` and `pnpm x` run scripts.x', { 'package.json': pkg({ x: 'sh x.sh' }), 'x.sh': '' }, 'npm run x; npm run-script x; yarn x; pnpm x', ['manifest package.json json:scripts.x', 'entry x.sh']],
  ['`npm test -- test/a.test.js` hands the file to the runner', { 'package.json': pkg({ test: 'mocha' }), 'test/a.test.js': '', 'test/b.test.js': '' }, 'npm test -- test/a.test.js', ['manifest package.json json:scripts.test,json:mocha', 'test test/a.test.js']],
  ['an && chain of scripts is followed, recursively', { 'package.json': pkg({ check: 'npm run lint && npm test', lint: 'sh lint.sh', test: 'sh t.sh' }), 'lint.sh': '', 't.sh': '' }, 'npm run check', ['manifest package.json json:scripts.check,json:scripts.lint,json:scripts.test', 'entry lint.sh', 'entry t.sh']],
  ['npm-run-all with a glob runs every matching script', { 'package.json': pkg({ 'test:a': 'sh a.sh', 'test:b': 'sh b.sh', lint: 'sh l.sh', all: 'npm-run-all -s test:*' }), 'a.sh': '', 'b.sh': '', 'l.sh': '' }, 'npm run all', ['manifest package.json json:scripts.all,json:scripts.test:a,json:scripts.test:b', 'entry a.sh', 'entry b.sh']],
  ['a script that calls itself is read once', { 'package.json': pkg({ test: 'npm test' }) }, 'npm test', ['manifest package.json json:scripts.test']],
  ['`make check` is its recipe and its prerequisites, variables put in', { Makefile: 'T = sh t.sh\ncheck: lint\n\t$(T)\nlint:\n\tsh l.sh\nother:\n\tsh o.sh\n', 't.sh': '', 'l.sh': '', 'o.sh': '' }, 'make check', ['makefile Makefile vars,target:check,target:lint', 'entry l.sh', 'entry t.sh']],
  ['a bare `make` builds the first target', { Makefile: '.PHONY: all\nall:\n\tsh a.sh\nb:\n\tsh b.sh\n', 'a.sh': '', 'b.sh': '' }, 'make', ['makefile Makefile vars,target:all', 'entry a.sh']],
  ['`make -C sub test` reads sub/Makefile', { 'sub/Makefile': 'test:\n\t@sh t.sh\n', 'sub/t.sh': '' }, 'make -C sub test', ['makefile sub/Makefile vars,target:test', 'entry sub/t.sh']],
  ['mocha: .mocharc spec and require', { '.mocharc.yml': "spec: 'test/**/*.spec.js'\nrequire:\n  - ./test/setup.js\n", 'test/setup.js': '', 'test/a.spec.js': '', 'test/deep/b.spec.js': '', 'test/c.test.js': '' }, 'mocha', ['runner-config .mocharc.yml', 'test test/a.spec.js', 'test test/deep/b.spec.js', 'test-helper test/setup.js']],
  ['mocha without a spec runs ./test, not deeper', { 'test/a.js': '', 'test/deep/b.js': '', 'package.json': pkg({}) }, 'npx mocha', ['manifest package.json json:mocha', 'test test/a.js']],
  ['mocha settings in package.json', { 'package.json': pkg({ test: 'mocha' }, { mocha: { spec: 'spec/*.js' } }), 'spec/a.js': '', 'test/b.js': '' }, 'npm test', ['manifest package.json json:scripts.test,json:mocha', 'test spec/a.js']],
  ['jest: the default testMatch, and jest.config.js', { 'jest.config.js': 'module.exports = {};\n', 'src/__tests__/a.js': '', 'src/b.test.ts': '', 'src/c.spec.jsx': '', 'src/d.js': '', 'node_modules/x/e.test.js': '' }, 'jest', ['runner-config jest.config.js', 'test src/__tests__/a.js', 'test src/b.test.ts', 'test src/c.spec.jsx']],
  ['jest: package.json "jest" with testMatch', { 'package.json': pkg({ test: 'jest' }, { jest: { testMatch: ['**/checks/*.js'] } }), 'checks/a.js': '', 'src/b.test.js': '' }, 'npm test', ['manifest package.json json:scripts.test,json:jest', 'test checks/a.js']],
  ['vitest: the default include, and its config', { 'vitest.config.ts': 'export default {}\n', 'src/a.test.ts': '', 'src/b.spec.mts': '', 'src/c.ts': '' }, 'vitest run', ['runner-config vitest.config.ts', 'test src/a.test.ts', 'test src/b.spec.mts']],
  ['node --test: the default patterns', { 'test/a.mjs': '', 'src/b.test.js': '', 'src/c_test.cjs': '', 'src/d.js': '' }, 'node --test', ['test src/b.test.js', 'test src/c_test.cjs', 'test test/a.mjs']],
  ['node --test with a folder given searches it for the default patterns', { 'test/a.test.js': '', 'test/sub/b.mjs': '', 'src/c.test.js': '' }, 'node --test test/', ['test test/a.test.js', 'test test/sub/b.mjs']],
  ['node --test with files given runs only those', { 'test/a.test.js': '', 'test/b.test.js': '' }, 'node --test test/a.test.js', ['test test/a.test.js']],
  ['node through node_modules/.bin is the runner it names', { 'tsconfig.json': '{}' }, 'node node_modules/.bin/tsc --noEmit', ['type-config tsconfig.json']],
  ['pytest: testpaths from pyproject.toml, conftest.py on the way, python_files default', { 'pyproject.toml': '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n', 'tests/conftest.py': '', 'tests/test_a.py': '', 'tests/b_test.py': '', 'tests/helpers.py': '', 'other/test_c.py': '' }, 'pytest', ['runner-config pyproject.toml section:tool.pytest.ini_options', 'runner-config tests/conftest.py', 'test tests/b_test.py', 'test tests/test_a.py']],
  ['pytest: a named file, and every config that could hold its settings', { 'pytest.ini': '[pytest]\n', 'setup.cfg': '[metadata]\n', 'tox.ini': '[tox]\n', 'tests/test_a.py': '', 'tests/test_b.py': '' }, 'python -m pytest tests/test_a.py::test_one', ['runner-config pytest.ini', 'runner-config setup.cfg section:tool:pytest', 'test tests/test_a.py', 'runner-config tox.ini section:pytest']],
  ['pytest: --ignore leaves a folder out', { 'tests/test_a.py': '', 'tests/slow/test_b.py': '' }, 'pytest tests --ignore=tests/slow', ['test tests/test_a.py']],
  ['go test ./...: go.mod and every package\'s *_test.go, not vendor or testdata', { 'go.mod': 'module example.com/m\n', 'a_test.go': '', 'a.go': '', 'pkg/b_test.go': '', 'vendor/x/c_test.go': '', 'pkg/testdata/d_test.go': '' }, 'go test ./...', ['test a_test.go', 'runner-config go.mod', 'test pkg/b_test.go']],
  ['go test by import path maps through go.mod', { 'go.mod': 'module example.com/m\n', 'a_test.go': '', 'pkg/b_test.go': '' }, 'go test -run TestX example.com/m/pkg', ['runner-config go.mod', 'test pkg/b_test.go']],
  ['cargo test: Cargo.toml, tests/, and the sources that hold tests', { 'Cargo.toml': '[package]\nname = "x"\n', 'src/lib.rs': '#[cfg(test)]\nmod t { #[test] fn a() {} }\n', 'src/main.rs': 'fn main() {}\n', 'tests/it.rs': '#[test] fn b() {}\n' }, 'cargo test', ['runner-config Cargo.toml', 'test src/lib.rs', 'test tests/it.rs']],
  ['cargo test in a workspace follows its members', { 'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n', 'crates/a/Cargo.toml': '[package]\nname = "a"\n', 'crates/a/tests/t.rs': '' }, 'cargo test', ['runner-config Cargo.toml', 'runner-config crates/a/Cargo.toml', 'test crates/a/tests/t.rs']],
  ['eslint: flat config and .eslintignore', { 'eslint.config.mjs': 'export default []\n', '.eslintignore': 'dist\n' }, 'eslint .', ['lint-config .eslintignore', 'lint-config eslint.config.mjs']],
  ['tsc: tsconfig.json, its extends chain and references', { 'tsconfig.json': '{ // c\n "extends": "./tsconfig.base.json", "references": [{ "path": "./packages/a" }], }', 'tsconfig.base.json': '{"extends": "./tsconfig.strict"}', 'tsconfig.strict.json': '{}', 'packages/a/tsconfig.json': '{"extends": "@tsconfig/node20/tsconfig.json"}' }, 'tsc --noEmit', ['type-config packages/a/tsconfig.json', 'type-config tsconfig.base.json', 'type-config tsconfig.json', 'type-config tsconfig.strict.json']],
  ['tsc -p names the config', { 'tsconfig.json': '{}', 'tsconfig.build.json': '{}' }, 'tsc -p tsconfig.build.json', ['type-config tsconfig.build.json']],
  ['mypy and ruff read their sections of pyproject.toml', { 'pyproject.toml': '[tool.mypy]\nstrict = true\n', 'mypy.ini': '[mypy]\n' }, 'mypy . && ruff check .', ['type-config mypy.ini', 'type-config pyproject.toml section:tool.mypy,section:tool.ruff']],
  ['a node script that spawns its steps: the tools, globs and files its literals name', { 'scripts/test.mjs': "const steps = [['node_modules/.bin/mocha', '--config', '.mocharc.json', 'test/unit/**/*.test.ts'], ['node', 'build.mjs']];\nif (!existsSync('src/a.js')) process.exitCode = 1;\n", '.mocharc.json': '{}', 'test/unit/a.test.ts': '', 'build.mjs': '', 'src/a.js': '' }, 'node scripts/test.mjs', ['runner-config .mocharc.json', 'entry build.mjs', 'entry scripts/test.mjs', 'test test/unit/a.test.ts']],
  ['a python script that runs pytest through subprocess', { 'run.py': 'import subprocess\nsubprocess.run(["pytest", "-q"], check=True)\n', 'test_a.py': '' }, 'python run.py', ['entry run.py', 'test test_a.py']],
  ['plain commands have no dependencies', { 'README.md': '## Greeting\n' }, "grep -q '## Greeting' README.md && test -f README.md", []],
];

describe('the seal resolves what each proof depends on', () => {
  for (const [name, files, proof, expected] of CASES) {
    it(name, () => assert.deepEqual(deps(files, proof).sort(), [...expected].sort()));
  }

  it('an unknown tool is noted, not guessed at', () => {
    const p = resolveProof('frobnicate --all', memoryView({}));
    assert.deepEqual(p.deps, []);
    assert.deepEqual(p.unresolved, ['the proof: `frobnicate` is not a tool the seal reads; its own files are not followed']);
  });

  it('odd proofs and odd projects never throw, and say what they could not read', () => {
    const files = { 'package.json': '{ "scripts": { "test": "mocha \'{\'" } ', '.mocharc.json': '{"spec": "test/{a"}', Makefile: 'x:\n\t$(MAKE) x\n', 'go.mod': '' };
    for (const proof of ["echo 'unterminated", 'sh -c', 'npm', 'npm run', 'make -C', 'make x', 'pytest --ignore', 'node', 'node -e "1"', 'go test', 'cargo', 'mocha --spec', 'npm test', 'bash <<EOF', '$(npm test)', '. ']) {
      const p = resolveProof(proof, memoryView(files));
      assert.equal(p.proof, proof);
      assert.ok(Array.isArray(p.deps));
    }
    assert.deepEqual(resolveProof('node -e "require(1)"', memoryView({})).unresolved, ['the proof: node runs inline code, not read']);
  });

  it('CI files are gates of the workspace, whichever proof', () => {
    const res = resolveSeal(['true'], memoryView({ '.github/workflows/ci.yml': 'on: push\n', '.github/workflows/notes.txt': '', '.gitlab-ci.yml': 'test:\n', '.husky/pre-commit': 'npm test\n' }));
    assert.deepEqual(
      res.gates.map((g) => g.path),
      ['.github/workflows/ci.yml', '.gitlab-ci.yml', '.husky/pre-commit'],
    );
  });

  it('the fixture projects resolve to their tests and configs', () => {
    const view = (name: string) => memoryView(loadFixture(name));
    const tests = (name: string, proof: string) => resolveProof(proof, view(name)).deps.filter((d) => d.role === 'test').map((d) => d.path);
    assert.deepEqual(tests('node-mocha', 'npm test'), ['test/math.test.js', 'test/strings.test.js']);
    assert.deepEqual(tests('pytest', 'pytest'), ['tests/test_calc.py']);
    assert.deepEqual(tests('go', 'go test ./...'), ['calc_test.go', 'internal/parse/parse_test.go']);
    assert.deepEqual(tests('cargo', 'cargo test'), ['src/lib.rs', 'tests/integration.rs']);
    assert.deepEqual(tests('make', 'make check'), ['tests/test_make.py']);
  });
});
