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
  // A trailing backslash stays a character of the word.
  ['echo a\\', 'echo a'],
];

// What normCmd writes, for the parts of a command that are neither plain words nor operators.
const written: Array<[string, string, string]> = [
  ['a comment keeps its words, with its blanks made single', 'npm test  #  a   b  ', 'npm test # a b'],
  ['a here-document keeps its lines as written', 'cat  <<EOF\nx  y\nEOF', 'cat <<EOF\nx  y\nEOF'],
  ['a $(…) is read as a command of its own', 'echo $(ls   -a)  x', 'echo $(ls -a) x'],
  ['a backtick substitution keeps its backticks', 'echo `ls   -a`  x', 'echo `ls -a` x'],
  ['an unclosed $( stays unclosed', 'echo $(ls   -a', 'echo $(ls -a'],
  ['a word with a substitution keeps the quotes of its other parts', 'echo "a"$(ls)', 'echo "a"$(ls)'],
  ["a $'…' word keeps its closing quote", "echo $'a\\tb'", "echo $'a\\tb'"],
  ['a home path after = is the home folder', 'ls --dir=/home/dev/a', 'ls --dir=~/a'],
  ['a home path inside another path is not', 'cat x/home/dev/a', 'cat x/home/dev/a'],
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
  for (const [what, command, want] of written) {
    it(`${what}: ${JSON.stringify(command)} is written ${JSON.stringify(want)}`, () => assert.equal(normCmd(command, HOME), want));
  }
  it('does not rewrite a home path when no home is known', () => {
    assert.equal(normCmd('cat /home/dev/x', null), 'cat /home/dev/x');
  });
});
