// More edges of extglob groups, array assignments and `$"…"` in the shared lexer: each row pins a
// reading that a slip in scanExtglob, commandStarts or the array-assignment test would change
// (words, offsets, substitutions handed on, or whether the command is left unterminated).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { lex } from '../../../src/core/shell/lex';
import { brief } from './lexBrief';

/** The words bash makes of the text with extglob on and globbing off, so each group shows as written. */
function bashExtglobWords(text: string): string[] {
  const r = spawnSync('bash', ['-O', 'extglob', '-c', `set -f; set -- ${text}; printf '%s\\0' "$@"`], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout === '' ? [] : r.stdout.slice(0, -1).split('\0');
}

const wordValues = (text: string) => lex(text).tokens.flatMap((t) => (t.kind === 'word' ? [t.value] : []));

describe('the lexer reads these words, offsets and ends as bash does', () => {
  // [what the row shows, the text, the tokens, whether the command is left unterminated]
  const rows: Array<[string, string, string[], boolean]> = [
    ['a $"…" string is one closed piece of its word', 'echo $"a b"', ['w0-4:echo', 'w5-11:a b'], false],
    ['a name starting with a digit makes no array assignment', '1a=(b)', ['w0-3:1a=', 'op:"("', 'w4-5:b', 'op:")"'], false],
    ['a value before the ( makes no array assignment', 'a=b(c)', ['w0-3:a=b', 'op:"("', 'w4-5:c', 'op:")"'], false],
    ['an array assignment to a name of two letters is one word', 'ab=(c d)', ['w0-8:ab=(c d)'], false],
    ['an assignment after a quoted piece and more letters is no array', '"x"a=(b)', ['w0-5:xa=', 'op:"("', 'w6-7:b', 'op:")"'], false],
    ['a closed array assignment ending the command is not unterminated', 'a=(b)', ['w0-5:a=(b)'], false],
    ['an array assignment never closed leaves the command unterminated', 'a=(b', ['w0-4:a=(b'], true],
    ['`!(` after a redirection starting the command is a group', '> !(b)', ['r0-1:>', 'w2-6:!(b)'], false],
    ['`!(` glued to a quoted piece at a command start is a group', '"a"!(b)', ['w0-7:a!(b)'], false],
    ['an escaped ) inside a group does not close it', 'rm @(a\\)b)', ['w0-2:rm', 'w3-10:@(a)b)'], false],
    ['a backslash inside "…" in a group stays', '@("\\a")', ['w0-7:@(\\a)'], false],
    ['a group never closed ends the word at the end of the text', 'rm @(a|b', ['w0-2:rm', 'w3-8:@(a|b'], true],
    ['a backslash ending the text inside a group adds nothing', 'rm @(a\\', ['w0-2:rm', 'w3-7:@(a'], true],
    ['a substitution inside a group stays in the word as written', 'rm @($(x)|y)', ['w0-2:rm', 'w3-12:@($(x)|y)'], false],
    ['a ) inside a variable in braces inside a group does not close it', 'rm @(${a:-)}|b)', ['w0-2:rm', 'w3-15:@(${a:-)}|b)'], false],
    ['a variable in braces inside a group is kept whole', 'rm @(${a})', ['w0-2:rm', 'w3-10:@(${a})'], false],
    ['a plain variable inside a group opens no braces', 'rm @($a)', ['w0-2:rm', 'w3-8:@($a)'], false],
    ['a { after a letter inside a group opens nothing', '@(a{b)c}', ['w0-8:@(a{b)c}'], false],
  ];
  for (const [rule, text, want, unterminated] of rows) {
    it(`${rule}: ${JSON.stringify(text)}`, () => {
      const r = lex(text);
      assert.deepEqual(brief(text), want);
      assert.equal(r.unterminated, unterminated, 'unterminated');
    });
  }

  // Words bash can be asked about: no $ to expand and a whole command.
  const bashRows: string[] = ['"a"!(b)', 'rm @(a\\)b)', '@("\\a")', '@(a{b)c}'];
  for (const text of bashRows) {
    it(`bash makes the same words of ${JSON.stringify(text)}`, () => assert.deepEqual(wordValues(text), bashExtglobWords(text)));
  }
});

describe('what the lexer hands on and keeps from a group or an array', () => {
  it('a group nested in a group is no substitution', () => {
    assert.deepEqual(lex('ls @(a@(b))').subs, []);
  });
  it('an array assignment keeps only its own text as written, and ends after it', () => {
    const [w] = lex('a=(b) c').tokens;
    assert.deepEqual(w, { kind: 'word', pieces: [{ kind: 'text', quote: '', raw: 'a=(b)', value: 'a=(b)', closed: true }], value: 'a=(b)', start: 0, end: 5 });
  });
});
