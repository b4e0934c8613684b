// The test inventory's counts, by the conventions of each runner, with comments and strings
// blanked so a test's name or a commented-out `it.only` is not counted. Each row is a file and
// what it holds: cases, assertions, and the lines of its skip and focus markers.
import { strict as assert } from 'node:assert';
import { inventory } from '../../../src/core/seal/inventory';
import { loadFixture } from './helpers';

type Row = [string, string, string, { cases: number; assertions: number; skipped?: number[]; focused?: number[] }];

const ROWS: Row[] = [
  ['mocha: it inside describe, assert calls', 'a.test.js', "describe('x', () => {\n  it('a', () => { assert.equal(1, 1); assert(true); });\n  it('b', () => {});\n});\n", { cases: 2, assertions: 2 }],
  ['mocha: describe is not a case, nor a hook', 'a.test.js', "describe('x', () => { before(() => {}); beforeEach(() => {}); it('a', () => {}); });\n", { cases: 1, assertions: 0 }],
  ['a test named with it( in a string is one case', 'a.test.js', "it('calls it( and test(', () => { expect(1).toBe(1); });\n", { cases: 1, assertions: 1 }],
  ['a commented-out it.only is not a focused test', 'a.test.js', "// it.only('x', () => {});\n/* test.only('y') */\nit('z', () => {});\n", { cases: 1, assertions: 0 }],
  ['a regex literal holding it( is not a case', 'a.test.js', "const re = /it\\(/;\nit('z', () => { assert.ok(re.test('it(')); });\n", { cases: 1, assertions: 1 }],
  ['a template literal holding test( is not a case', 'a.test.ts', 'const s = `test(${1})`;\ntest("t", () => { expect(s).toBe("x"); });\n', { cases: 1, assertions: 1 }],
  ['it.skip, xit, it.todo and describe.skip are skipped', 'a.test.js', "it.skip('a', () => {});\nxit('b', () => {});\nit.todo('c');\ndescribe.skip('d', () => {});\nxdescribe('e', () => {});\n", { cases: 3, assertions: 0, skipped: [1, 2, 3, 4, 5] }],
  ['it.only, fit and describe.only are focused', 'a.test.js', "it.only('a', () => {});\nfit('b', () => {});\ndescribe.only('c', () => {});\nfdescribe('d', () => {});\n", { cases: 2, assertions: 0, focused: [1, 2, 3, 4] }],
  ['it.each is one case written once', 'a.test.ts', "it.each([[1], [2]])('n %i', (n) => { expect(n).toBeGreaterThan(0); });\n", { cases: 1, assertions: 1 }],
  ['jest: test.concurrent is a case, test.describe is not', 'a.spec.ts', "test.describe('s', () => {\n  test.concurrent('a', async () => { expect(1).toBe(1); });\n});\n", { cases: 1, assertions: 1 }],
  ['node:test: test and t.test, with t.assert and skip options', 'a.test.mjs', "test('a', async (t) => {\n  await t.test('sub', () => { t.assert.ok(1); });\n});\ntest('b', { skip: true }, () => {});\ntest('c', { only: true }, () => {});\n", { cases: 4, assertions: 1, skipped: [4], focused: [5] }],
  ['chai should and expect chains count as assertions', 'a.test.js', "it('a', () => { x.should.equal(1); should.exist(y); expect(z).to.be.ok; });\n", { cases: 1, assertions: 3 }],
  ['mocha: this.skip() inside a test is a skip', 'a.test.js', "it('a', function () { this.skip(); });\n", { cases: 1, assertions: 0, skipped: [1] }],
  ['pytest: functions and methods of Test classes, not helpers or nested functions', 'test_a.py', 'def test_a():\n    assert 1\n\ndef helper():\n    pass\n\nclass TestX:\n    def test_m(self):\n        def test_inner():\n            pass\n        assert True\n    def other(self):\n        pass\n\nclass Helper:\n    def test_not_collected(self):\n        pass\n', { cases: 2, assertions: 2 }],
  ['pytest: unittest TestCase methods and self.assert*', 'test_b.py', 'import unittest\n\nclass Things(unittest.TestCase):\n    def test_one(self):\n        self.assertEqual(1, 1)\n        with self.assertRaises(ValueError):\n            int("x")\n', { cases: 1, assertions: 2 }],
  ['pytest: a docstring or a comment holding assert is not an assertion', 'test_c.py', 'def test_a():\n    """assert nothing here"""\n    # assert neither here\n    x = "assert"\n    assert x\n', { cases: 1, assertions: 1 }],
  ['pytest: skip marks, skipif, xfail, unittest.skip and pytest.skip()', 'test_d.py', '@pytest.mark.skip\ndef test_a():\n    pass\n\n@pytest.mark.skipif(True, reason="x")\ndef test_b():\n    pass\n\n@pytest.mark.xfail\ndef test_c():\n    pass\n\n@unittest.skip("x")\ndef test_d():\n    pytest.skip("y")\n', { cases: 4, assertions: 0, skipped: [1, 5, 9, 13, 15] }],
  ['pytest: pytest.raises is an assertion', 'test_e.py', 'def test_a():\n    with pytest.raises(ZeroDivisionError):\n        1 / 0\n', { cases: 1, assertions: 1 }],
  ['go: TestX(t *testing.T) and t.Run; TestMain and helpers are not cases', 'a_test.go', 'func TestA(t *testing.T) {\n\tt.Run("x", func(t *testing.T) { t.Errorf("no") })\n\trequire.Equal(t, 1, 1)\n}\nfunc TestMain(m *testing.M) {}\nfunc Testlower(t *testing.T) {}\nfunc helper(t *testing.T) { t.Fatal("x") }\n', { cases: 2, assertions: 3 }],
  ['go: t.Skip is a skip; a string holding one is not', 'a_test.go', 'func TestA(t *testing.T) {\n\tt.Skip("later")\n\tt.Log("t.Skip(")\n}\n', { cases: 1, assertions: 0, skipped: [2] }],
  ['go: a raw string holding func TestX is not a case', 'a_test.go', 'var s = `\nfunc TestFake(t *testing.T) {}\n`\nfunc TestReal(t *testing.T) { assert.True(t, true) }\n', { cases: 1, assertions: 1 }],
  ['cargo: #[test] and #[tokio::test], assert!, assert_eq!, assert_ne!', 'lib.rs', '#[test]\nfn a() { assert!(true); assert_eq!(1, 1); }\n#[tokio::test]\nasync fn b() { assert_ne!(1, 2); }\n#[cfg(test)]\nmod t {}\n', { cases: 2, assertions: 3 }],
  ['cargo: #[ignore] is a skip; a lifetime is not a char literal', 'lib.rs', "fn f<'a>(x: &'a str) -> &'a str { x }\n#[test]\n#[ignore = \"slow\"]\nfn a() { assert!(f(\"#[test]\") == \"#[test]\"); }\n", { cases: 1, assertions: 1, skipped: [3] }],
  ['cargo: a raw string holding #[test] is not a case', 'lib.rs', 'const S: &str = r#"#[test] assert!(x)"#;\n#[test]\nfn a() {}\n', { cases: 1, assertions: 0 }],
];

describe('the test inventory counts cases, assertions and markers', () => {
  for (const [name, path, text, want] of ROWS) {
    it(name, () => {
      const inv = inventory(path, text);
      assert.ok(inv);
      assert.deepEqual(
        { cases: inv.cases, assertions: inv.assertions, skipped: inv.skipped.map((m) => m.line), focused: inv.focused.map((m) => m.line) },
        { cases: want.cases, assertions: want.assertions, skipped: want.skipped ?? [], focused: want.focused ?? [] },
      );
    });
  }

  it('a marker carries its source line, which names the test', () => {
    const inv = inventory('a.test.js', "  it.skip('trims the name', () => {});\n")!;
    assert.deepEqual(inv.skipped, [{ line: 1, text: "it.skip('trims the name', () => {});" }]);
  });

  it('a file in no language it knows has no inventory', () => {
    assert.equal(inventory('notes.txt', 'it("x")'), null);
  });

  it("the fixtures' test files count as written", () => {
    const count = (fixture: string, path: string) => {
      const inv = inventory(path, loadFixture(fixture)[path]!)!;
      return [inv.cases, inv.assertions, inv.skipped.length, inv.focused.length];
    };
    assert.deepEqual(count('node-mocha', 'test/math.test.js'), [3, 4, 0, 0]);
    assert.deepEqual(count('pytest', 'tests/test_calc.py'), [4, 6, 0, 0]);
    assert.deepEqual(count('go', 'calc_test.go'), [3, 3, 0, 0]);
    assert.deepEqual(count('cargo', 'src/lib.rs'), [2, 4, 0, 0]);
  });
});
