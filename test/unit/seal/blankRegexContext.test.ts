// blankNonCode tells a JavaScript regex literal from a division by what comes before the `/`: a
// regex right after another regex is a division, a keyword (return, typeof, …) counts with or
// without a space and only as a whole word, only the last 20 characters are looked at, and a
// regex ends at the first unescaped `/` on its own line. Expected texts are literal.
import { strict as assert } from 'node:assert';
import { blankNonCode } from '../../../src/core/seal/blank';

const ROWS: Array<[string, string, string]> = [
  ['a / after a regex literal is a division', 'x = /a/ / 2 / 3;', 'x = / / / 2 / 3;'],
  ['a / after a regex literal on the next line is a division', 'x = /a/\n/ 2 / 3;', 'x = / /\n/ 2 / 3;'],
  ['a regex right after return with no space is blanked', 'return/a/.test(x)', 'return/ /.test(x)'],
  ['a regex after return and two spaces is blanked', 'return  /a/.test(x)', 'return  / /.test(x)'],
  ['a regex after return at the start of the text is blanked', 'return /a/.test(x)', 'return / /.test(x)'],
  ['a / after a name that follows return is a division', 'return a / b / c;', 'return a / b / c;'],
  ['a / after typeof x is a division', 'typeof x / 2 / 1', 'typeof x / 2 / 1'],
  ['a keyword more than 20 characters back is not seen', `return${' '.repeat(21)}/a/ + 1`, `return${' '.repeat(21)}/a/ + 1`],
  ['a regex that does not close on its line stays code, even when a / follows on the next', 'x = /a\ny/;', 'x = /a\ny/;'],
  ['an escaped / does not close a regex', 'x = /a\\/b/;', 'x = /    /;'],
  ['an escaped / at the end of a regex is part of it', 'x = /\\//;', 'x = /  /;'],
];

describe('blankNonCode reads a JavaScript / by what stands before it', () => {
  for (const [what, text, want] of ROWS) {
    it(what, () => assert.equal(blankNonCode(text, 'js'), want));
  }
});
