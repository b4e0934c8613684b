// roleByName, the role a script's literal gets from the file's own name: each known name is matched
// on the whole last path part, so a longer name that only contains one (`my.tsconfig.json`,
// `pytest.ini.bak`) is not a config. Expected roles are literal.
import { strict as assert } from 'node:assert';
import type { Role } from '../../../src/core/seal/deps';
import { roleByName } from '../../../src/core/seal/sweep';

// Each known name comes with a longer name before or after it, which must get no role; the
// longer names are the ones an unanchored pattern would still take.
const ROWS: Array<[string, Role | null]> = [
  ['.mocharc.yml', 'runner-config'],
  ['x.mocharc.yml', null],
  ['jest.config.js', 'runner-config'],
  ['vite.config.ts', 'runner-config'],
  ['myjest.config.js', null],
  ['vitest.workspace.ts', 'runner-config'],
  ['myvitest.workspace.ts', null],
  ['pytest.ini', 'runner-config'],
  ['mypytest.ini', null],
  ['pytest.ini.bak', null],
  ['.pytest.ini', 'runner-config'],
  ['a.pytest.ini', null],
  ['.pytest.ini.bak', null],
  ['conftest.py', 'runner-config'],
  ['myconftest.py', null],
  ['conftest.pyc', null],
  ['tox.ini', 'runner-config'],
  ['mytox.ini', null],
  ['tox.ini.bak', null],
  ['setup.cfg', 'runner-config'],
  ['mysetup.cfg', null],
  ['setup.cfg.bak', null],
  ['pyproject.toml', 'runner-config'],
  ['mypyproject.toml', null],
  ['pyproject.toml.bak', null],
  ['Cargo.toml', 'runner-config'],
  ['MyCargo.toml', null],
  ['Cargo.toml.orig', null],
  ['go.mod', 'runner-config'],
  ['ego.mod', null],
  ['go.mod.bak', null],
  ['bunfig.toml', 'runner-config'],
  ['mybunfig.toml', null],
  ['bunfig.toml.bak', null],
  ['tsconfig.json', 'type-config'],
  ['tsconfig.build.json', 'type-config'],
  ['mytsconfig.json', null],
  ['tsconfig.json.bak', null],
  ['jsconfig.json', 'type-config'],
  ['myjsconfig.json', null],
  ['jsconfig.json.bak', null],
  ['mypy.ini', 'type-config'],
  ['xmypy.ini', null],
  ['mypy.ini.bak', null],
  ['pyrightconfig.json', 'type-config'],
  ['mypyrightconfig.json', null],
  ['pyrightconfig.json.bak', null],
  ['.eslintrc.json', 'lint-config'],
  ['x.eslintrc', null],
  ['eslint.config.mjs', 'lint-config'],
  ['myeslint.config.mjs', null],
  ['.eslintignore', 'lint-config'],
  ['x.eslintignore', null],
  ['.eslintignore.bak', null],
  ['.prettierrc', 'lint-config'],
  ['x.prettierrc', null],
  ['prettier.config.js', 'lint-config'],
  ['myprettier.config.js', null],
  ['.prettierignore', 'lint-config'],
  ['x.prettierignore', null],
  ['.prettierignore.bak', null],
  ['biome.json', 'lint-config'],
  ['biome.jsonc', 'lint-config'],
  ['mybiome.json', null],
  ['biome.json.bak', null],
  ['.flake8', 'lint-config'],
  ['x.flake8', null],
  ['.flake8.bak', null],
  ['ruff.toml', 'lint-config'],
  ['myruff.toml', null],
  ['ruff.toml.bak', null],
  ['.ruff.toml', 'lint-config'],
  ['x.ruff.toml', null],
  ['.ruff.toml.bak', null],
  ['.pylintrc', 'lint-config'],
  ['x.pylintrc', null],
  ['.pylintrc.bak', null],
  ['.golangci.yml', 'lint-config'],
  ['x.golangci.yml', null],
  ['Makefile', 'makefile'],
  ['makefile', 'makefile'],
  ['GNUmakefile', 'makefile'],
  ['OldMakefile', null],
  ['Makefile.bak', null],
  ['rules.mk', 'makefile'],
  ['rules.mkd', null],
  ['README.md', null],
];

describe('roleByName matches a known name on the whole file name', () => {
  for (const [name, role] of ROWS) {
    it(`${name} is ${role ?? 'no known config'}`, () => assert.equal(roleByName(name), role));
  }

  it('only the last path part is matched, so a folder named like a config gives no role', () => {
    assert.equal(roleByName('sub/pytest.ini'), 'runner-config');
    assert.equal(roleByName('tsconfig.json/notes.txt'), null);
  });
});
