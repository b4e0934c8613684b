// looseValue's YAML block-list items with a comment after them: the comment, however many blanks
// stand before its `#`, is cut off whole, from a quoted item and from a plain one alike, and no
// blank is left at the end of the item. Expected values are literal.
import { strict as assert } from 'node:assert';
import { looseValue } from '../../../src/core/seal/configText';

const ROWS: Array<[string, string, unknown]> = [
  ['a quoted item keeps only its content before a comment after one space', "spec:\n  - 'a' # x\n", ['a']],
  ['a quoted item keeps only its content before a comment after two spaces', "spec:\n  - 'a'  # x\n", ['a']],
  ['a quoted item keeps only its content before a comment after a tab and a space', "spec:\n  - \"a\"\t # x\n", ['a']],
  ['a plain item loses a comment after one space', 'spec:\n  - a # x\n', ['a']],
  ['a plain item loses a comment and all the blanks before it', 'spec:\n  - a   # x\n', ['a']],
  ['a plain item loses a comment after a tab and a space', 'spec:\n  - a\t # x\n', ['a']],
  ['a # inside a plain item is not a comment', 'spec:\n  - a#b\n', ['a#b']],
];

describe('looseValue cuts comments off YAML block-list items', () => {
  for (const [what, text, want] of ROWS) {
    it(what, () => assert.deepEqual(looseValue(text, 'spec'), want));
  }
});
