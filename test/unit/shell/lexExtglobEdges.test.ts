// Extglob groups in the shared lexer: with `shopt -s extglob` on, which an agent can turn on, bash
// reads `@(…)`, `!(…)`, `+(…)`, `*(…)` and `?(…)` as part of the word they are glued to, blanks and
// `|` included. Cut at the `(` instead, `.claude/@(settings.json|x)` would read as `.claude/@` and a
// subshell, and the guard would miss the path. Each row's word is checked against the real bash.
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

describe('the lexer reads an extglob group as part of its word, as bash does', () => {
  // [what the row shows, the text, the words]
  const rows: Array<[string, string, string[]]> = [
    ['an @ group with alternatives after a folder', '.claude/@(settings.json|x)', ['.claude/@(settings.json|x)']],
    ['a ! group', 'rm !(keep)', ['rm', '!(keep)']],
    ['a + group', 'a/+(b)', ['a/+(b)']],
    ['a * group', 'ls *(x|y).log', ['ls', '*(x|y).log']],
    ['a ? group', '?(a)b', ['?(a)b']],
    ['a group in the middle of a name', '.cla@(ude)/settings.json', ['.cla@(ude)/settings.json']],
    ['a group holding a blank', '@(a b)', ['@(a b)']],
    ['a group nested in another', 'x!(@(a|b))', ['x!(@(a|b))']],
    ['quotes inside a group are removed', `@("a"|'b')`, ['@(a|b)']],
    ['a backslash inside a group escapes the next character', '@(a\\|b)', ['@(a|b)']],
    ['a group after a quoted piece', '".claude"/@(x)', ['.claude/@(x)']],
    ['a group after a variable in braces', '${d}/@(x)', ['${d}/@(x)']],
  ];
  for (const [rule, text, want] of rows) {
    it(`${rule}: ${JSON.stringify(text)}`, () => {
      assert.deepEqual(wordValues(text), want);
      if (!text.includes('$')) assert.deepEqual(bashExtglobWords(text), want, 'bash reads it so');
    });
  }
});

describe('the lexer keeps the other meanings of a `(` after those characters', () => {
  const rows: Array<[string, string, string[]]> = [
    ['`!(` starting a command is a negated subshell', '!(false)', ['w0-1:!', 'op:"("', 'w2-7:false', 'op:")"']],
    ['`!(` after `if` is a negated subshell', 'if !(x); then y; fi', ['w0-2:if', 'w3-4:!', 'op:"("', 'w5-6:x', 'op:")"', 'op:";"', 'w9-13:then', 'w14-15:y', 'op:";"', 'w17-19:fi']],
    ['`!(` after `&&` is a negated subshell', 'a && !(b)', ['w0-1:a', 'op:"&&"', 'w5-6:!', 'op:"("', 'w7-8:b', 'op:")"']],
    ['`!(` after a new line and a here-document is a negated subshell', 'cat <<E\nx\nE\n!(b)', ['w0-3:cat', 'r4-6:<<', 'w6-7:E', 'op:"\\n"', 'h:"x\\nE"', 'op:"\\n"', 'w12-13:!', 'op:"("', 'w14-15:b', 'op:")"']],
    ['`!(` after an argument is a group', 'echo !(b)', ['w0-4:echo', 'w5-9:!(b)']],
    ['`!(` after a keyword given as an argument is a group', 'rm if !(b)', ['w0-2:rm', 'w3-5:if', 'w6-10:!(b)']],
    ['`!(` after a redirection is a group', 'cat > !(b)', ['w0-3:cat', 'r4-5:>', 'w6-10:!(b)']],
    ['a ( after another character is still an operator', 'a(b)', ['w0-1:a', 'op:"("', 'w2-3:b', 'op:")"']],
    ['an array assignment is one word', 'a=(b c)', ['w0-7:a=(b c)']],
    ['an array appended to is one word', 'a+=(b)', ['w0-6:a+=(b)']],
    ['an assignment after a quoted piece is no array', '"a"=(b)', ['w0-4:a=', 'op:"("', 'w5-6:b', 'op:")"']],
  ];
  for (const [rule, text, want] of rows) it(`${rule}: ${JSON.stringify(text)}`, () => assert.deepEqual(brief(text), want));
});

describe('what an extglob group holds is read as the shell reads it', () => {
  it('a substitution inside a group runs, so the lexer hands it on to be read', () => {
    assert.deepEqual(lex('rm .claude/@($(echo x)|`echo y`|"$(echo z)")').subs, ['echo x', 'echo y', 'echo z']);
  });
  it('a variable in braces inside a group hands on the substitution in it', () => {
    assert.deepEqual(lex('ls @(${a:-$(echo b)})').subs, ['echo b']);
  });
  it('a group the command never closes leaves the command unterminated', () => {
    assert.equal(lex('rm @(a|b').unterminated, true);
  });
  it('a group with a quote it never closes is unterminated too', () => {
    const r = lex("rm @('a");
    assert.equal(r.unterminated, true);
    assert.deepEqual(wordValues("rm @('a"), ['rm', '@(']);
  });
  it('a closed group is not unterminated', () => {
    assert.equal(lex('rm @(a|b)').unterminated, false);
  });
  it('the word keeps the group as written in its raw text, and ends after it', () => {
    const [, w] = lex('rm @("a") x').tokens;
    assert.deepEqual(w, { kind: 'word', pieces: [{ kind: 'text', quote: '', raw: '@("a")', value: '@(a)', closed: true }], value: '@(a)', start: 3, end: 9 });
  });
});
