import { strict as assert } from 'node:assert';
import { normCmd } from '../../../src/core/command/normCmd';

// A `~` is the home folder only at the start of a word, unquoted: then the word is plain and its
// quotes are dropped. A `~` after a quoted piece is a literal character, so the word keeps its quotes.
const cases: Array<[string, string]> = [
  ['echo ~/"x"', 'echo ~/x'],
  ["ls ~/'a b'", "ls ~/'a b'"],
  ['echo "a"~/x', 'echo "a"~/x'],
  ["echo 'a'~", "echo 'a'~"],
];

describe('normCmd reads a `~` as the home folder only in the first piece of a word', () => {
  for (const [command, want] of cases) {
    it(`${JSON.stringify(command)} is written ${JSON.stringify(want)}`, () => {
      assert.equal(normCmd(command, '/home/dev'), want);
    });
  }
});
