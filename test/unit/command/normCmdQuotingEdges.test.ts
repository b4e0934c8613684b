import { strict as assert } from 'node:assert';
import { normCmd } from '../../../src/core/command/normCmd';

// Quotes are dropped only around plain characters: an empty quoted piece is no plain character, so
// its word keeps its quotes. `$HOME` does not expand inside $'…', and a `~` is the home folder only
// at a word's start. A home of `/` is no home to write as `~`, and reading a command with it ends.
const cases: Array<[string, string, string, string]> = [
  ['an empty quoted piece inside a word keeps the word quoted', '/home/dev', 'echo a""b', 'echo a""b'],
  ["an empty single-quoted piece inside a word keeps the word quoted", '/home/dev', "echo a''b", "echo a''b"],
  ["$HOME inside $'…' is a literal text, not the home folder", '/home/dev', "echo $'$HOME'", "echo $'$HOME'"],
  ["${HOME} inside $'…' is a literal text, not the home folder", '/home/dev', "echo $'${HOME}/x'", "echo $'${HOME}/x'"],
  ['a `~` in the middle of an unquoted word is a literal character', '/home/dev', 'echo a~/x', 'echo a~/x'],
  ['a `~` after other characters at the end of a word is a literal character', '/home/dev', 'ls -d x~', 'ls -d x~'],
  ['with home `/`, a quoted plain word still loses its quotes', '/', 'echo "a"', 'echo a'],
  ['with home `/`, a path under the root is left as written', '/', "cat '/etc/hosts'", 'cat /etc/hosts'],
];

describe('normCmd on empty quotes, $HOME in $\'…\', a `~` inside a word and a root home', () => {
  for (const [what, home, command, want] of cases) {
    it(`${what}: ${JSON.stringify(command)} with home ${JSON.stringify(home)} is written ${JSON.stringify(want)}`, () => {
      assert.equal(normCmd(command, home), want);
    });
  }
});
