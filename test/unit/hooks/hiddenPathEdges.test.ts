// The edges of reading a path spelled through a rewriter: which substitutions rewrite text the
// command spells out itself (hidden) and which rewrite only what the run prints (let through), and
// which stages count as rewriting at all.
import { strict as assert } from 'node:assert';
import { hidesPath, rewritesText } from '../../../src/hooks/hiddenCode';
import { guardRead } from './guardRead';

describe('a word hides a path when a substitution in it rewrites text the command spells', () => {
  // [what the row shows, the word, whether it hides a path]
  const rows: Array<[string, string, boolean]> = [
    ['a reverse of what printf prints', '"$(printf edualc. | rev)"', true],
    ['echo spelling a letter by its code, with no rewriter after it', "\"$(echo -e '\\x2eclaude')\"", true],
    ['a reverse of a here-document of its own', '"$(rev <<EOF\nedualc.\nEOF\n)"', true],
    ['a reverse of a here-string given on descriptor 0', '"$(rev 0<<<edualc.)"', true],
    ['a reverse of the second of two lists in the substitution', '"$(echo a; echo edualc. | rev)"', true],
    ['a reverse in the pipeline after a failed one', '"$(false || echo edualc. | rev)"', true],
    ['a reverse of a variable the run sets', '"$(echo "$f" | rev)"', false],
    ['a reverse of a bare variable the run sets', '"$(echo $f | rev)"', false],
    ['a reverse of a file the command names, read from it', '"$(rev < names.txt)"', false],
    ['an interpreter running a script file, not inline code', '"$(python3 gen.py)"', false],
    ['echo of plain text, which nothing rewrites', '"$(echo abc)"', false],
    ['a reverse of echo inside a group', '"$({ echo edualc. | rev; })"', true],
    ['a reverse of echo inside a subshell', '"$( (echo edualc. | rev) )"', true],
    ['a reverse of echo after then', '"$(if true; then echo edualc. | rev; fi)"', true],
    ['a reverse of echo passed through cat first', '"$(echo edualc. | cat | rev)"', true],
    ['a subshell of echo piped into a reverse', '"$( (echo edualc.) | rev)"', true],
    ['a subshell reversing the here-string it is given', '"$( (rev) <<< edualc.)"', true],
    ['a group of echo alone, with nothing rewritten', '"$({ echo a; })"', false],
    ['a subshell reversing a file the command names', '"$( (rev < names.txt) )"', false],
  ];
  for (const [name, word, want] of rows) it(`${name}: ${JSON.stringify(word)} ${want ? 'hides' : 'does not hide'} a path`, () => assert.equal(hidesPath(word), want));
});

describe('only printf and echo rewrite text by the escapes in their words', () => {
  it('grep given a pattern with a hex escape prints lines of its file, not the escape decoded', () => {
    assert.equal(rewritesText(['grep', '\\x41', 'notes.txt']), false);
  });
  it('printf given the same escape prints the letter it spells', () => {
    assert.equal(rewritesText(['printf', '\\x41']), true);
  });
});

describe('the guard against a folder reversed inside a group or subshell of a substitution', () => {
  for (const command of ['rm -rf "$({ echo edualc. | rev; })"', 'rm -rf "$( (echo edualc. | cat | rev) )"']) {
    it(`${JSON.stringify(command)} is refused as a hidden path`, () => {
      assert.deepEqual(guardRead(command).found.map((f) => f.kind), ['state']);
    });
  }
});
