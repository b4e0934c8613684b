// parseJsonc's scanner at its edges: an escaped quote before what looks like a comment, a string
// or line comment that runs to the end of the text, a line comment's newline between two numbers,
// block comments that start right after another or hold `*/`-like text, a lone `/` or `*`, and
// the byte-order mark (only a leading one is dropped).
import { strict as assert } from 'node:assert';
import { parseJsonc } from '../../../src/core/seal/jsonc';

describe('parseJsonc scans strings and comments at the edges', () => {
  const CASES: Array<[string, string, unknown]> = [
    ['an escaped quote keeps the string open, so // after it is text', '["a\\"//", 1]', ['a"//', 1]],
    ['a string never closed is not JSON', '["abc', null],
    ['a line comment at the very end of the text is dropped', '[1] // end', [1]],
    ['a line comment leaves its newline, so two numbers stay two', '[1// c\n2]', null],
    ['a comment between two numbers leaves them apart', '[1/**/2]', null],
    ['a block comment that starts with */ text ends at the next */', '[1 /*/ */]', [1]],
    ['a block comment right after another is dropped too', '[1 /* a *//* b */]', [1]],
    ['a lone * before */ is not a comment start', '[1 ** */]', null],
    ['a lone / before */ is not a comment start', '[1 / 2 */]', null],
    ['a byte-order mark inside a string stays', '["\uFEFF"]', ['\uFEFF']],
    ['a leading byte-order mark is dropped', '\uFEFF{"a": 1}', { a: 1 }],
  ];
  for (const [title, text, expected] of CASES) {
    it(title, () => assert.deepEqual(parseJsonc(text), expected));
  }
});
