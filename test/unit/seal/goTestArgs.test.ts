// `go test`'s words after -args go to the test binary: they name no package and no test file of
// the run, so the seal reads only what comes before them.
import { strict as assert } from 'node:assert';
import { resolveProof } from '../../../src/core/seal/resolve';
import { memoryView } from '../../../src/core/seal/view';
import type { Files } from './helpers';

const FILES: Files = { 'go.mod': 'module example.com/m\n', 'a/x_test.go': '', 'b/y_test.go': '', 'z_test.go': '' };
const MODULE = ['runner-config go.mod'];

// [the proof, every dependency the seal reads]
const cases: Array<[string, string[]]> = [
  ['go test ./a -args ./b', [...MODULE, 'test a/x_test.go']],
  ['go test ./a --args ./b z_test.go', [...MODULE, 'test a/x_test.go']],
  ['go test -args ./b', [...MODULE, 'test z_test.go']],
  ['go test ./a ./b', [...MODULE, 'test a/x_test.go', 'test b/y_test.go']],
];

describe('go test reads the packages before -args only', () => {
  for (const [proof, expected] of cases) {
    it(`\`${proof}\` seals ${expected.slice(MODULE.length).join(', ')}`, () => {
      const deps = resolveProof(proof, memoryView(FILES)).deps.map((d) => `${d.role} ${d.path}`).sort();
      assert.deepEqual(deps, [...expected].sort());
    });
  }
});
