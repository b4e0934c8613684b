// pytest collects by the shape of the line: `class`/`def` must start the code line, and any run
// of spaces may separate the words, so unusual spacing neither hides nor invents a case.
import { strict as assert } from 'node:assert';
import { inventory } from '../../../src/core/seal/inventory';

const ROWS: [string, string, number][] = [
  ['a word ending in class is not a class header', 'xclass Helper:\n    def test_a():\n        pass\n', 1],
  ['a word ending in def is not a function', 'xdef test_a():\n    pass\n', 0],
  ['two spaces after class still open a class', 'class  Helper:\n    def test_a(self):\n        pass\n', 0],
  ['a space before the colon still opens a class', 'class Helper :\n    def test_a(self):\n        pass\n', 0],
  ['two spaces after def still make a case', 'def  test_a():\n    pass\n', 1],
  ['two spaces after async still make a case', 'async  def test_a():\n    pass\n', 1],
  ['async def is a case', 'async def test_a():\n    pass\n', 1],
  ['a space before the parenthesis still makes a case', 'def test_a ():\n    pass\n', 1],
];

describe('pytest cases are read from the shape of class and def lines', () => {
  for (const [name, text, cases] of ROWS) {
    it(name, () => {
      assert.equal(inventory('test_a.py', text)!.cases, cases);
    });
  }
});
