import { strict as assert } from 'node:assert';
import { normCmd } from '../../../src/core/command/normCmd';

const HOME = '/home/dev';
const same: Array<[string, string]> = [
  ['npm test', 'npm test'],
  ['npm   test', 'npm test'],
  ['  npm test\t', 'npm test'],
  ['npm test -- --grep parser', 'npm  test --  --grep   parser'],
  ['cat "docs/x.md"', 'cat docs/x.md'],
  ["cat 'docs/x.md'", 'cat docs/x.md'],
  ['cat ~/notes.txt', 'cat $HOME/notes.txt'],
  ['cat ~/notes.txt', 'cat ${HOME}/notes.txt'],
  ['cat ~/notes.txt', 'cat /home/dev/notes.txt'],
  ['cat ~/notes.txt', 'cat "$HOME/notes.txt"'],
  ['cat ~/notes.txt', "cat '/home/dev/notes.txt'"],
  ['cd ~ && ls', 'cd /home/dev && ls'],
  ['grep "a  b" f', 'grep  "a  b"  f'],
];
const different: Array<[string, string]> = [
  ['npm test', 'npm test || true'],
  ['npm test', 'echo npm test'],
  ['npm test', 'cd x && npm test'],
  ['npm test', 'npm test > log'],
  ['npm test', 'npm tests'],
  ['grep "a  b" f', 'grep "a b" f'],
  ['grep "a b" f', 'grep a b f'],
  ["echo '$HOME'", 'echo ~'],
  ['cat "~/x"', 'cat ~/x'],
  ['cat /home/devx/a', 'cat ~x/a'],
  ['cat /home/devx/a', 'cat ~/a'],
  ['echo ""', 'echo'],
  ['echo "*"', 'echo *'],
  ['a&&b', 'a && b'],
  ['npm test "', 'npm test'],
];

describe('normCmd', () => {
  for (const [a, b] of same) {
    it(`treats ${JSON.stringify(a)} and ${JSON.stringify(b)} as the same command`, () => {
      assert.equal(normCmd(a, HOME), normCmd(b, HOME));
    });
  }
  for (const [a, b] of different) {
    it(`keeps ${JSON.stringify(a)} and ${JSON.stringify(b)} apart`, () => {
      assert.notEqual(normCmd(a, HOME), normCmd(b, HOME));
    });
  }
  it('does not rewrite a home path when no home is known', () => {
    assert.equal(normCmd('cat /home/dev/x', null), 'cat /home/dev/x');
  });
});
