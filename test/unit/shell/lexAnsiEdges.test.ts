// $'…' escapes at their widths: \u takes up to four hex digits, \U up to eight, an octal escape up
// to three digits, and \c a control character. A reader that stops short would see other text
// than the shell runs.
import { strict as assert } from 'node:assert';
import { lex } from '../../../src/core/shell/lex';

describe("the lexer: $'…' escapes", () => {
  const rows: Array<[string, string, string]> = [
    ['\\u takes four hex digits', "$'\\u00e9x'", '\u00e9x'],
    ['\\U takes eight hex digits', "$'\\U0001F600'", '\u{1F600}'],
    ['an octal escape takes three digits', "$'\\101'", 'A'],
    ['\\c makes a control character', "$'\\cA'", '\x01'],
  ];
  for (const [rule, src, want] of rows) {
    it(rule, () => assert.equal(lex(src).tokens.map((t) => (t.kind === 'word' ? t.value : '')).join(''), want));
  }
});
