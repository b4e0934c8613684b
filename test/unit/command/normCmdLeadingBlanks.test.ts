import { strict as assert } from 'node:assert';
import { normCmd } from '../../../src/core/command/normCmd';

// Blanks before the first token are dropped also when the command is read token by token (it has
// quotes, expansions or operators), not only on the plain-words fast path.
const cases: Array<[string, string]> = [
  ['  echo "a"', 'echo a'],
  ['\t\techo $HOME', 'echo ~'],
  ['   npm test && echo done', 'npm test && echo done'],
  ['    (cd x; ls)', '(cd x; ls)'],
];

describe('normCmd drops the blanks before the first token of a command it reads token by token', () => {
  for (const [command, want] of cases) {
    it(`${JSON.stringify(command)} is written ${JSON.stringify(want)}`, () => {
      assert.equal(normCmd(command, '/home/dev'), want);
    });
  }
});
