// go's dependencies beyond `go test ./...`: `go vet` reads the module files only, and test files
// named on the line are read as given (a path outside the workspace is dropped).
import { strict as assert } from 'node:assert';
import { depLines, type Files } from './helpers';

const MOD: Files = { 'go.mod': 'module example.com/m\n', 'go.work': 'go 1.22\n', 'a_test.go': '', 'b_test.go': '', 'pkg/c_test.go': '' };

const CASES: Array<[string, Files, string, string[]]> = [
  ['`go vet ./...` reads go.mod and go.work, and no test files', MOD, 'go vet ./...', ['runner-config go.mod', 'runner-config go.work']],
  ['`go build` is not read at all', MOD, 'go build ./...', []],
  ['test files named on the line are the tests, not their package', MOD, 'go test a_test.go', ['runner-config go.mod', 'runner-config go.work', 'test a_test.go']],
  ['a named test file outside the workspace is dropped', MOD, 'go test a_test.go /tmp/x_test.go', ['runner-config go.mod', 'runner-config go.work', 'test a_test.go']],
];

describe('go subcommands and named files choose what the seal reads', () => {
  for (const [name, files, proof, expected] of CASES) {
    it(name, () => assert.deepEqual(depLines(files, proof), [...expected].sort()));
  }
});
