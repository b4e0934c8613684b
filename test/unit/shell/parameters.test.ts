// What a `${…}` expansion makes of a value the guard knows, held to the real bash: each row names
// the variables set, and bash prints the same text the reader gives.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { expandBraced, expandParameter } from '../../../src/core/shell/parameters';

const VARS: Record<string, string> = { p: '/work/proj/src', e: '', d: 'CLAUDE', l: 'claude', h: '/root', t: 'a.b.c' };
const lookup = (name: string) => VARS[name];
const word = (text: string) => text.replace(/\$(\w+)/g, (w, n: string) => VARS[n] ?? w);

/** What bash prints for the expansion with VARS set (and nothing else). */
function bash(expansion: string): string {
  const set = Object.entries(VARS).map(([k, v]) => `${k}='${v}'`).join('; ');
  const r = spawnSync('bash', ['-c', `${set}; printf %s "${expansion}"`], { encoding: 'utf8', env: {} });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe('a parameter expansion of a known value reads as bash reads it', () => {
  // [what the row shows, the body between ${ and }, the value]
  const rows: Array<[string, string, string]> = [
    ['a plain name', 'p', '/work/proj/src'],
    ['the shortest suffix removed', 'p%/*', '/work/proj'],
    ['the longest suffix removed', 'p%%/*', ''],
    ['the shortest prefix removed', 'p#*/', 'work/proj/src'],
    ['the longest prefix removed', 'p##*/', 'src'],
    ['a suffix that does not match leaves the value', 'p%.txt', '/work/proj/src'],
    ['a shortest suffix of dots', 't%.*', 'a.b'],
    ['a longest prefix of dots', 't##*.', 'c'],
    ['a default for an empty value with a colon', 'e:-aude', 'aude'],
    ['no default for an empty value without a colon', 'e-aude', ''],
    ['a default not taken for a set value', 'l:-x', 'claude'],
    ['an alternative for a set value', 'l:+aude', 'aude'],
    ['no alternative for an empty value with a colon', 'e:+aude', ''],
    ['an alternative for an empty value without a colon', 'e+aude', 'aude'],
    ['an assigning default for an empty value', 'e:=aude', 'aude'],
    ['a substring from an offset', 'l:2', 'aude'],
    ['a substring of no length', 'h:0:0', ''],
    ['a substring from the end', 'l: -4', 'aude'],
    ['a substring stopping before the end', 'l:1:-1', 'laud'],
    ['a first match replaced', 't/./-', 'a-b.c'],
    ['every match replaced', 't//./-', 'a-b-c'],
    ['a match at the start replaced', 'l/#cl/x', 'xaude'],
    ['a match at the end replaced', 'l/%de/x', 'claux'],
    ['a glob replacing the whole value', 'h/*/aude', 'aude'],
    ['every character removed', 'h//?/', ''],
    ['a replacement that does not match', 'l/z/y', 'claude'],
    ['lower case', 'd,,', 'claude'],
    ['upper case', 'l^^', 'CLAUDE'],
    ['the first letter up', 'l^', 'Claude'],
    ['the first letter down', 'd,', 'cLAUDE'],
    ['upper case by @U', 'l@U', 'CLAUDE'],
    ['lower case by @L', 'd@L', 'claude'],
    ['the first letter up by @u', 'l@u', 'Claude'],
    ['the length', '#l', '6'],
    ['a default that is quoted', 'e:-"aude"', 'aude'],
    ['a default naming another variable', 'e:-$l', 'claude'],
  ];
  for (const [rule, body, want] of rows) {
    it(`${rule}: \${${body}} is ${JSON.stringify(want)}`, () => {
      assert.equal(expandParameter(body, lookup, word), want);
      assert.equal(bash(`\${${body}}`), want, 'bash reads it so');
    });
  }
});

describe('a variable the guard does not know', () => {
  const rows: Array<[string, string, string | null]> = [
    ['is read as unset for a default', 'x:-aude', 'aude'],
    ['is read as unset for a default without a colon', 'x-aude', 'aude'],
    ['is read as unset for an assigning default', 'x=aude', 'aude'],
    ['is read as set for an alternative', 'x:+aude', 'aude'],
    ['cannot be known alone', 'x', null],
    ['cannot be known through ?', 'x:?gone', null],
    ['cannot be known through a suffix removal', 'x%/*', null],
    ['cannot be known by its length', '#x', null],
    ['cannot be known by indirection', '!l', null],
  ];
  for (const [rule, body, want] of rows) it(`${rule}: \${${body}} is ${JSON.stringify(want)}`, () => assert.equal(expandParameter(body, lookup, word), want));
});

describe('an expansion the reader cannot say is left to be read as text', () => {
  const rows: Array<[string, string]> = [
    ['an operator it does not know', 'l@Q'],
    ['a case change by a pattern', 'l^^[a-c]'],
    ['a substring by arithmetic', 'l:1+1'],
    ['a suffix removal by a class JavaScript cannot read', 'l%[[:foo:]]'],
    ['a replacement by a class JavaScript cannot read', 'l/[[:foo:]]/x'],
    ['a substring whose length would end before its start', 'l:4:-4'],
  ];
  for (const [rule, body] of rows) it(`${rule}: \${${body}}`, () => assert.equal(expandParameter(body, lookup, word), null));
  it('a known value with a required-value operator is the value', () => assert.equal(expandParameter('l:?gone', lookup, word), 'claude'));
});

describe('expandBraced replaces the expansions it can read in a text', () => {
  const rows: Array<[string, string, string]> = [
    ['one in the middle of a path', '.cl${x:-aude}/proofmeter', '.claude/proofmeter'],
    ['two in a row', '${p%/*}/.cl${e:-aude}', '/work/proj/.claude'],
    ['a nested default', '.cl${x:-${y:-aude}}', '.claude'],
    ['one it cannot read, left as written', 'a${x}b', 'a${x}b'],
    ['a quoted brace in a default', "${x:-'}'}", '}'],
    ['an expansion never closed, left as written', 'a${x:-b', 'a${x:-b'],
    ['an escaped brace inside', '${x:-a\\}b}', 'a}b'],
    ['a single quote never closed inside, left as written', "${x:-'a}", "${x:-'a}"],
    ['text with no expansion', 'plain', 'plain'],
  ];
  for (const [rule, text, want] of rows) it(`${rule}: ${text} is ${want}`, () => assert.equal(expandBraced(text, lookup, (t) => expandBraced(t, lookup, word)), want));
});

describe('an array element is a name of its own', () => {
  const arrays = (name: string) => ({ 'a[0]': '.cl', 'a[1]': 'aude' })[name];
  it('${a[1]} is the element the lookup gives', () => assert.equal(expandParameter('a[1]', arrays, word), 'aude'));
  it('${#a[1]} is its length', () => assert.equal(expandParameter('#a[1]', arrays, word), '4'));
  it('${a[1]:0:2} is its substring', () => assert.equal(expandParameter('a[1]:0:2', arrays, word), 'au'));
  it('${a[9]:-x} falls back for an element not set', () => assert.equal(expandParameter('a[9]:-x', arrays, word), 'x'));
});
