// toolName: a versioned python or pytest is that tool; any other word is itself.
import { strict as assert } from 'node:assert';
import { toolName } from '../../../src/core/seal/tools/index';

const CASES: Array<[string, string, string]> = [
  ['python3.12 is python', 'python3.12', 'python'],
  ['python3 is python', 'python3', 'python'],
  ['a word that only ends in python is itself', 'xpython3', 'xpython3'],
  ['python followed by letters is itself', 'python3x', 'python3x'],
  ['pytest-3 is pytest', 'pytest-3', 'pytest'],
  ['pytest3 is pytest', 'pytest3', 'pytest'],
  ['pytest-3.11 is pytest', 'pytest-3.11', 'pytest'],
  ['a word that only ends in pytest is itself', 'mypytest', 'mypytest'],
  ['a pytest plugin name is itself', 'pytest-xdist', 'pytest-xdist'],
  ['make is make', 'make', 'make'],
];

describe('toolName', () => {
  for (const [title, verb, expected] of CASES) {
    it(title, () => {
      assert.equal(toolName(verb), expected);
    });
  }
});
