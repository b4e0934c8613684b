// blankNonCode copies the code between comments, strings and regexes in runs: what it keeps and
// blanks must not change with that, least of all whether a `/` after a run starts a regex (it
// does after `return` or an operator, not after a name or a closing bracket). Expected texts are
// literal, as the per-character loop before the runs gave them.
import { strict as assert } from 'node:assert';
import { blankNonCode, type Lang } from '../../../src/core/seal/blank';

const ROWS: Array<[string, Lang, string, string]> = [
  ['division after names, then a line comment', 'js', "total = sum / count / 2; // it.skip('not code')\nit('adds', () => {});\n", "total = sum / count / 2;                       \nit('    ', () => {});\n"],
  ['a regex after return, a division after a bracket', 'js', 'function f(s) {\n  return /it\\.only\\(/.test(s) && (x) / 2;\n}\n', 'function f(s) {\n  return /          /.test(s) && (x) / 2;\n}\n'],
  ['a template literal, then a string', 'js', "const t = `it.skip(${a})`; describe('x', () => {});\n", "const t = `             `; describe(' ', () => {});\n"],
  ['a # comment and a string holding #', 'py', "def test_x():  # pytest.skip('no')\n    assert f(\"#\") == 1\n", 'def test_x():                     \n    assert f(" ") == 1\n'],
  ['r in names, then a raw string', 'rust', 'fn parse(r: &str) -> bool { let raw = r#"#[ignore]"#; r.len() > 0 }\n', 'fn parse(r: &str) -> bool { let raw = r#"         "#; r.len() > 0 }\n'],
];

describe('blankNonCode over runs of code', () => {
  for (const [what, lang, text, want] of ROWS) {
    it(`${lang}: ${what}`, () => assert.equal(blankNonCode(text, lang), want));
  }
});
