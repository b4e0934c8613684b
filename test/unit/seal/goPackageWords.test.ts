// How `go test` turns its words into the test files the seal reads: go.mod's own `module` line (not
// a comment that mentions one) maps module paths, `-C` moves the run, a word ending in `.go` is a
// file and never a package folder, and only the folders below the named package are checked for
// names go ignores.
import { strict as assert } from 'node:assert';
import { goTool } from '../../../src/core/seal/tools/go';
import { recordTool } from './recordTool';
import type { Files } from './helpers';

const VIA = ' <- the proof runs go test';

/** The test files goTool adds, without the via, sorted. */
function tests(files: Files, args: string[], cwd = '.'): string[] {
  return recordTool(goTool, files, args, cwd)
    .deps.filter((d) => d.startsWith('test '))
    .map((d) => d.slice('test '.length, d.length - VIA.length))
    .sort();
}

const TREE: Files = { 'pkg/a_test.go': '', 'z_test.go': '' };

// [rule, files, args, cwd, test files read]
const CASES: Array<[string, Files, string[], string, string[]]> = [
  ['a comment naming a module before the module line does not set the module path', { ...TREE, 'go.mod': '//module other.org/x\nmodule example.com/m\n' }, ['test', 'example.com/m/pkg'], '.', ['pkg/a_test.go']],
  ['a comment with `module` mid-line does not set the module path', { ...TREE, 'go.mod': '// the module other.org/x\nmodule example.com/m\n' }, ['test', 'example.com/m/pkg'], '.', ['pkg/a_test.go']],
  ['several blanks may stand between `module` and its path', { ...TREE, 'go.mod': 'module   example.com/m\n' }, ['test', 'example.com/m/pkg'], '.', ['pkg/a_test.go']],
  ['-C runs go in the named folder', { 'sub/go.mod': 'module example.com/s\n', 'sub/s_test.go': '', 'z_test.go': '' }, ['test', '-C', 'sub', './...'], '.', ['sub/s_test.go']],
  ['a `--` inside a package path is kept; only a leading one is read as one dash', { 'go.mod': 'module m\n', 'a--b/x_test.go': '', 'a-b/y_test.go': '' }, ['test', './a--b'], '.', ['a--b/x_test.go']],
  ['a word ending in .go is a file, even when a folder has that name', { 'go.mod': 'module m\n', 'a_test.go': '', 'p.go/q_test.go': '' }, ['test', 'a_test.go', 'p.go'], '.', ['a_test.go']],
  ['with no package named, go tests the package of the folder it runs in, not the module root', { 'go.mod': 'module m\n', 'sub/a_test.go': '', 'z_test.go': '' }, ['test'], 'sub', ['sub/a_test.go']],
  ['the bare pattern `...` reaches every package below', { 'go.mod': 'module m\n', 'pkg/a_test.go': '', 'z_test.go': '' }, ['test', '...'], '.', ['pkg/a_test.go', 'z_test.go']],
  ['below the module root, a folder starting with _ is skipped', { 'go.mod': 'module m\n', '_t/a_test.go': '', 'z_test.go': '' }, ['test', './...'], '.', ['z_test.go']],
  ['a folder name ending in _ is not one go ignores', { 'go.mod': 'module m\n', 'x_/b_test.go': '', 'z_test.go': '' }, ['test', './...'], '.', ['x_/b_test.go', 'z_test.go']],
  ['a package named outright is read even when its own name starts with _', { 'go.mod': 'module m\n', '_tools/a_test.go': '', '_tools/_skip/b_test.go': '' }, ['test', './_tools/...'], '.', ['_tools/a_test.go']],
  ['a package folder ending in _ keeps its test files', { 'go.mod': 'module m\n', 'x_/b_test.go': '' }, ['test', './x_'], '.', ['x_/b_test.go']],
  ['a test file in a folder below a named package is checked by its path below that package', { 'go.mod': 'module m\n', 'lib/a_test.go': '', 'lib/_x/b_test.go': '', 'lib/y/c_test.go': '' }, ['test', './lib/...'], '.', ['lib/a_test.go', 'lib/y/c_test.go']],
];

describe('go test words name the packages and files the seal reads', () => {
  for (const [rule, files, args, cwd, expected] of CASES) {
    it(rule, () => assert.deepEqual(tests(files, args, cwd), expected));
  }

  it('what goTool adds is credited to the proof running go test', () => {
    assert.deepEqual(recordTool(goTool, { 'go.mod': 'module m\n', 'z_test.go': '' }, ['test']).deps, ['runner-config go.mod <- the proof runs go test', 'test z_test.go <- the proof runs go test']);
  });
});
