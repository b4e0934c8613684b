// Two details of the inventory's counting: a line matched by two skip patterns is one skipped
// test, and a whitespace-only line inside a Python class does not end the class.
import { strict as assert } from 'node:assert';
import { inventory } from '../../../src/core/seal/inventory';

describe('the inventory counts each marked line once and reads Python blocks by code lines', () => {
  it('a line matched by two skip patterns is one skip marker', () => {
    const inv = inventory('a.test.js', "it.skip('a', function () { this.skip(); });\n")!;
    assert.deepEqual(inv.skipped, [{ line: 1, text: "it.skip('a', function () { this.skip(); });" }]);
  });

  it('a whitespace-only line does not close a nested class, so its methods stay uncollected', () => {
    const inv = inventory('test_a.py', 'class TestOuter:\n    class Helper:\n  \n        def test_x(self):\n            pass\n')!;
    assert.equal(inv.cases, 0);
  });
});
