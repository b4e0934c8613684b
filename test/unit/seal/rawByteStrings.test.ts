// Rust's raw strings in their byte and C forms (`br"…"`, `br#"…"#`, `cr"…"`) hold no escapes, as
// `r"…"` holds none: a backslash before the closing quote does not hide it, and a `"` inside a
// hashed one does not end it.
import { strict as assert } from 'node:assert';
import { blankNonCode } from '../../../src/core/seal/blank';

// [what, the Rust text, the text with its strings and comments blanked]
const cases: Array<[string, string, string]> = [
  ['a raw byte string ends at its quote, a backslash before it read as itself', 'let a = br"\\"; let b = 1;', 'let a = br" "; let b = 1;'],
  ['a hashed raw byte string ends at its quote and hashes, a comment after it blanked', 'let a = br#"x"y"#; // c\nlet b = 1;', 'let a = br#"   "#;     \nlet b = 1;'],
  ['a raw C string ends at its quote', 'let a = cr"\\"; let b = 1;', 'let a = cr" "; let b = 1;'],
  ['a raw byte string at the start of the text', 'br"\\" + x', 'br" " + x'],
  ['a byte string that is not raw keeps its escapes', 'let a = b"\\""; let b = 1;', 'let a = b"  "; let b = 1;'],
  ['a name ending in br before a quote is no raw string', 'let a = xbr"\\"; let b = 1;', 'let a = xbr"              '],
];

describe('Rust raw byte and C strings', () => {
  for (const [what, text, blanked] of cases) {
    it(what, () => assert.equal(blankNonCode(text, 'rust'), blanked));
  }
});
