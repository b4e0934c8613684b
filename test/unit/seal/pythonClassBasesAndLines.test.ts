// A Python class header is read with its bases, whatever they hold and however it is spaced, so a
// helper class's methods are never taken for module-level cases; and a marker names the line it
// starts on, also when it starts at the end of a line.
import { strict as assert } from 'node:assert';
import { inventory } from '../../../src/core/seal/inventory';

const ROWS: [string, string, number][] = [
  ['a helper class with one base hides its test methods', 'class Helper(object):\n    def test_a(self):\n        pass\n', 0],
  ['a helper class with two bases hides its test methods', 'class Helper(A, B):\n    def test_a(self):\n        pass\n', 0],
  ['a space between the bases and the colon still opens the class', 'class Helper(object) :\n    def test_a(self):\n        pass\n', 0],
  ['a TestCase subclass collects its test methods', 'class Checks(unittest.TestCase):\n    def test_a(self):\n        pass\n', 1],
];

describe('a Python class header is read with its bases', () => {
  for (const [name, text, cases] of ROWS) {
    it(name, () => {
      assert.equal(inventory('test_a.py', text)!.cases, cases);
    });
  }
});

describe('a marker names the line where its match starts', () => {
  it('a skip option whose brace ends a line is on that line, not the next', () => {
    const text = "import x from 'x';\ntest('a', {\n  skip: true,\n}, () => {});\n";
    assert.deepEqual(inventory('a.test.ts', text)!.skipped, [{ line: 2, text: "test('a', {" }]);
  });
  it('a skip marker on the last line without a newline is on the last line', () => {
    const text = "test('a', () => {});\n\nit.skip('b', () => {});";
    assert.deepEqual(inventory('a.test.ts', text)!.skipped, [{ line: 3, text: "it.skip('b', () => {});" }]);
  });
});
