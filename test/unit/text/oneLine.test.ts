import { strict as assert } from 'node:assert';
import { oneLine } from '../../../src/core/text/oneLine';

describe('oneLine', () => {
  const cases: Array<[string, string, number, string]> = [
    ['a short line is kept as it is', 'npm test', 10, 'npm test'],
    ['newlines, tabs and runs of spaces fold into one space', 'a\n\tb   c\r\nd', 20, 'a b c d'],
    ['white space at either end goes', '  \n a b \n', 20, 'a b'],
    ['a line of exactly max characters is not cut', 'abcde', 5, 'abcde'],
    ['a longer line is cut to max characters, the last an ellipsis', 'abcdef', 5, 'abcd…'],
    ['the cut is measured after folding', 'a\n\n\n\nb', 3, 'a b'],
  ];
  for (const [name, input, max, want] of cases) {
    it(name, () => assert.equal(oneLine(input, max), want));
  }
});
