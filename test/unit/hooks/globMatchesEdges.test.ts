// The files a glob names (src/hooks/globMatches.ts), at its edges: the cap on matches and what
// fills it, the order of names JavaScript and the folder list differently, dotglob as the command
// set it, and pairs of paths whose parts differ in depth, dots, braces or globs that miss each other.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BashScope } from '../../../src/hooks/bashScope';
import { globMatches, operandPaths, pathsMayMeet } from '../../../src/hooks/globMatches';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

/** A workspace holding the given files (a name ending in / is a folder). */
function tree(files: readonly string[]): { ws: string; scope: BashScope } {
  const w = workspace();
  for (const f of files) {
    if (f.endsWith('/')) mkdirSync(join(w.ws, f), { recursive: true });
    else {
      mkdirSync(join(w.ws, f, '..'), { recursive: true });
      writeFileSync(join(w.ws, f), '');
    }
  }
  return { ws: w.ws, scope: { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env), vars: new Map() } };
}

const numbered = (n: number, prefix: string): string[] => Array.from({ length: n }, (_, k) => `${prefix}${String(k).padStart(2, '0')}`);

describe('globMatches at its edges', () => {
  it('a glob matching 65 names names the first 64 of them', () => {
    const { ws } = tree(numbered(65, 'f'));
    assert.deepEqual(globMatches(join(ws, 'f*'), false), numbered(64, 'f').map((n) => join(ws, n)));
  });
  it('a file a glob part matches holds no names, so it takes none of the 64 places of the next part', () => {
    const { ws } = tree([...numbered(63, 'a/f'), 'b', 'z/f']);
    assert.deepEqual(globMatches(join(ws, '*/*'), false), [...numbered(63, 'a/f').map((n) => join(ws, n)), join(ws, 'z/f')]);
  });
  it('names are listed in the order JavaScript sorts them, a name past U+FFFF before one at U+FF01', () => {
    const { ws } = tree(['\uFF01', '\u{1F600}']);
    assert.deepEqual(globMatches(join(ws, '*'), false), [join(ws, '\u{1F600}'), join(ws, '\uFF01')]);
  });
});

describe('operandPaths: dotglob as the command set it', () => {
  // [what the row shows, the dotglob the scope holds, the names matched by *.sh]
  const rows: Array<[string, boolean | undefined, string[]]> = [
    ['without dotglob a star does not match a leading dot', undefined, ['a.sh']],
    ['with dotglob off a star does not match a leading dot', false, ['a.sh']],
    ['with dotglob on a star matches a leading dot', true, ['.h.sh', 'a.sh']],
  ];
  for (const [what, dotglob, names] of rows) {
    it(`${what}: dotglob ${String(dotglob)}`, () => {
      const { ws, scope } = tree(['a.sh', '.h.sh']);
      assert.deepEqual(operandPaths('*.sh', { ...scope, dotglob }), names.map((n) => join(ws, n)));
    });
  }
});

describe('pathsMayMeet at its edges', () => {
  const rows: Array<[string, string, string, boolean]> = [
    ['a folder and a path inside it', '/w', '/w/x', false],
    ['a path inside a folder and the folder', '/w/x', '/w', false],
    ['two globs that match neither the other', '/w/a*', '/w/b?', true],
    ['a star on the left and a name with a leading dot', '/w/*', '/w/.claude', true],
    ['a name with a leading dot and a star on the right', '/w/.claude', '/w/*', true],
    ['a name and a brace word, which is no glob', '/w/a', '/w/{a,b}', false],
    ['a brace word and a name', '/w/{a,b}', '/w/a', false],
  ];
  for (const [what, a, b, want] of rows) it(`${what}: ${a} and ${b} ${want ? 'may meet' : 'do not'}`, () => assert.equal(pathsMayMeet(a, b), want));
});
