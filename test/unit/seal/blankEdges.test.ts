// langOf reads the language by the extension at the end of the name only, and blankNonCode's
// edges: an escape inside a string, a Rust raw string at the start of a file, a Rust char literal,
// a `/` whose regex never closes on its line, and a `/` or `]` inside a regex's character class.
// Expected texts are literal.
import { strict as assert } from 'node:assert';
import { blankNonCode, langOf, type Lang } from '../../../src/core/seal/blank';

const LANGS: Array<[string, Lang | null]> = [
  ['src/a.test.js', 'js'],
  ['src/a.js.txt', null],
  ['tests/test_a.py', 'py'],
  ['tests/test_a.py.txt', null],
  ['a_test.go', 'go'],
  ['a_test.go.txt', null],
  ['tests/a.rs', 'rust'],
  ['tests/a.rs.txt', null],
];

const ROWS: Array<[string, Lang, string, string]> = [
  ['a regex with no closing / on its line stays code', 'js', ' /a\nb', ' /a\nb'],
  ['a regex with no closing / before the end of the text stays code', 'js', ' /a', ' /a'],
  ['a / inside a character class does not close the regex', 'js', 'x = /[/]/;', 'x = /   /;'],
  ['a ] ends the character class, so the next / closes the regex', 'js', 'x = /[a]/;\n', 'x = /   /;\n'],
  ['a Rust char literal is blanked between its quotes', 'rust', "let c = 'x';", "let c = ' ';"],
  ['a Rust char literal at the start of the text', 'rust', "'x' + y", "' ' + y"],
  ['a Rust raw string at the start of the text ignores the backslash', 'rust', 'r"\\" + "x"', 'r" " + " "'],
  ['an escaped quote inside a string does not end it', 'js', "'a\\'b' + c", "'    ' + c"],
];

describe('langOf by the extension at the end', () => {
  for (const [path, want] of LANGS) {
    it(`${path} is ${want ?? 'no language'}`, () => assert.equal(langOf(path), want));
  }
});

describe('blankNonCode at the edges of strings, char literals and regexes', () => {
  for (const [what, lang, text, want] of ROWS) {
    it(`${lang}: ${what}`, () => assert.equal(blankNonCode(text, lang), want));
  }
});
