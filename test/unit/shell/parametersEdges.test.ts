// The edges of a `${…}` expansion that the main rows leave open: where each operator's pattern is
// anchored, names and numbers longer than one character, spaces and quotes in a word, and the
// braces expandBraced counts, empty patterns and matches, and offsets past the start. Rows with a value are held to the real bash as well.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { expandBraced, expandParameter } from '../../../src/core/shell/parameters';

const VARS: Record<string, string> = { p: '/work/proj/src', e: '', l: 'claude', d: 'CLAUDE', t: 'a.b.c', s: 'a b', ab: 'xyz', 'a[10]': 'hello', k: 'Stryker was here!' };
/** The positionals bash is given: `$10` is `claude`. */
const ARGS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'claude'];
const lookup = (name: string) => (/^\d+$/.test(name) ? ARGS[Number(name) - 1] : VARS[name]);
const word = (text: string) => text.replace(/\$(\w+)/g, (w, n: string) => VARS[n] ?? w);
const braced = (text: string) => expandBraced(text, lookup, (t) => word(expandBraced(t, lookup, word)));

/**
 * What bash assigns for the text with VARS and ARGS set: an assignment, so no word is split or
 * globbed. The reader takes every pattern as an extended glob (`?(z)`), so bash has extglob on.
 */
function bash(text: string): string {
  const set = Object.entries(VARS).map(([k, v]) => `${k}='${v}'`).join('; ');
  const r = spawnSync('bash', ['-O', 'extglob', '-c', `set -- ${ARGS.join(' ')}; ${set}; r=${text}; printf %s "$r"`], { encoding: 'utf8', env: {} });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe('the edges of a parameter expansion read as bash reads them', () => {
  // [what the row shows, the body between ${ and }, the value, or null when the reader cannot say]
  const rows: Array<[string, string, string | null]> = [
    ['a # after a name removes a prefix and is no length', 'l#c', 'laude'],
    ['a length followed by more text is no length', '#l:-x', null],
    ['the length of a name of two letters', '#ab', '3'],
    ['the length of an array element past 9', '#a[10]', '5'],
    ['the length of a positional past 9', '#10', '6'],
    ['a default ending in ! is still a default', 'l:-hi!', 'claude'],
    ['a default holding a space is taken whole', 'e:-a b', 'a b'],
    ['a suffix holding a space is removed', 's% b', 'a'],
    ['a case change followed by a slash is not a replacement', 'l^^/x', null],
    ['a replacement with no new text removes the match', 't/.', 'ab.c'],
    ['a replacement text holding a space is taken whole', 't/./ ', 'a b.c'],
    ['a pattern of several words is replaced', 'k/Stryker was here!/x', 'x'],
    ['an escaped slash in a pattern matches a slash', 'p/proj\\/src/x', '/work/x'],
    ['every match is replaced at its place in a path', 'p//o/0', '/w0rk/pr0j/src'],
    ['a match anchored at the end is not taken in the middle', 'l/%a/x', 'claude'],
    ['a match anchored at the start is not taken in the middle', 'l/#a/x', 'claude'],
    ['a substring after another operator is not a substring', 'l^:1', null],
    ['a substring from an offset of two digits', 'p:10', '/src'],
    ['a substring of a length of two digits', 'p:1:10', 'work/proj/'],
    ['a substring with a space after its length', 'l:1:2 ', 'la'],
    ['a substring from the end whose length ends before its start', 'l: -2:-3', null],
    ['a first letter up after a comma is not a case change', 'l,^', null],
    ['a comma after a caret is not a case change', 'd^,', null],
    ['a comma followed by other text is not a case change', 'd,x', null],
    ['a single-quoted default of several characters', "x:-'ab'", 'ab'],
    ['an escaped dollar in a double-quoted default', 'x:-"a\\$b"', 'a$b'],
    ['an empty pattern anchored at the start puts the new text first', 'l/#/x', 'xclaude'],
    ['an empty pattern anchored at the end puts the new text last', 'l/%/x', 'claudex'],
    ['an empty pattern replaced everywhere changes nothing', 'l///x', 'claude'],
    ['an empty pattern replaced everywhere with no new text changes nothing', 'l//', 'claude'],
    ['a pattern that matches nothing at the end puts the new text last', 'l/%?(z)/x', 'claudex'],
    ['a pattern that matches nothing at the start puts the new text first', 'l/?(z)/x', 'xclaude'],
    ['a pattern that matches nothing anchored at the start puts the new text first', 'l/#?(z)/x', 'xclaude'],
    ['a pattern of two characters replaced everywhere goes on after each match', 't//.?/X', 'aXX'],
    ['every match of a pattern that also matches nothing is left unread', 'l//?(z)/x', null],
    ['every match of a star is left unread', 'l//*/x', null],
    ['an offset from the end past the start gives nothing', 'l: -10', ''],
    ['an offset from the end past the start with a length gives nothing', 'l: -10:2', ''],
    ['an offset from the end at the start gives the whole value', 'l: -6', 'claude'],
  ];
  for (const [rule, body, want] of rows) {
    it(`${rule}: \${${body}} is ${JSON.stringify(want)}`, () => {
      assert.equal(expandParameter(body, lookup, word), want);
      if (want !== null) assert.equal(bash(`\${${body}}`), want, 'bash reads it so');
    });
  }
});

describe('expandBraced finds the brace that closes an expansion as bash does', () => {
  // [what the row shows, the text, what it reads as, whether bash can show it]
  const rows: Array<[string, string, string, boolean]> = [
    ['a lone { in a default is not a nested expansion', '${x:-a{b}', 'a{b', true],
    ['a $ in a default without a { is not a nested expansion', '${x:-$l}', 'claude', true],
    ['a quote never closed leaves the rest of the text as written', "${x:-'a}${l}", "${x:-'a}${l}", false],
    ['an expansion never closed leaves the one inside it as written', '${x${l}', '${x${l}', false],
  ];
  for (const [rule, text, want, checked] of rows) {
    it(`${rule}: ${text} is ${want}`, () => {
      assert.equal(braced(text), want);
      if (checked) assert.equal(bash(text), want, 'bash reads it so');
    });
  }
});
