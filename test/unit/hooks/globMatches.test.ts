// The files a glob names now, for the scripts the guard reads before they run.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { globMatches, operandPaths, pathsMayMeet } from '../../../src/hooks/globMatches';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { workspace } from './helpers';

function tree(): { ws: string; home: string; scope: Parameters<typeof operandPaths>[1] } {
  const w = workspace();
  for (const f of ['b.sh', 'a.sh', '.hidden.sh', 'x/c.sh', 'y/c.sh', 'y/d.txt']) {
    mkdirSync(join(w.ws, f, '..'), { recursive: true });
    writeFileSync(join(w.ws, f), '');
  }
  return { ws: w.ws, home: w.home, scope: { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env), vars: new Map([['s', 'a.sh']]) } };
}

describe('globMatches: the paths a glob names now', () => {
  it('a star in the last part names every match in order of name', () => {
    const { ws } = tree();
    assert.deepEqual(globMatches(join(ws, '*.sh'), false), [join(ws, 'a.sh'), join(ws, 'b.sh')]);
  });
  it('a name with a leading dot is matched under dotglob only', () => {
    const { ws } = tree();
    assert.deepEqual(globMatches(join(ws, '*.sh'), true), [join(ws, '.hidden.sh'), join(ws, 'a.sh'), join(ws, 'b.sh')]);
  });
  it('a glob in a folder part names the files under each match that exist', () => {
    const { ws } = tree();
    assert.deepEqual(globMatches(join(ws, '*/c.sh'), false), [join(ws, 'x/c.sh'), join(ws, 'y/c.sh')]);
    assert.deepEqual(globMatches(join(ws, '*/d.txt'), false), [join(ws, 'y/d.txt')]);
  });
  it('a glob that matches nothing names nothing', () => {
    const { ws } = tree();
    assert.deepEqual(globMatches(join(ws, 'z*.sh'), false), []);
  });
  it('a glob under a folder that is not there names nothing', () => {
    const { ws } = tree();
    assert.deepEqual(globMatches(join(ws, 'nowhere/*.sh'), false), []);
  });
  it('a path without globs names itself when it exists', () => {
    const { ws } = tree();
    assert.deepEqual(globMatches(join(ws, 'a.sh'), false), [join(ws, 'a.sh')]);
  });
});

describe('operandPaths: the files an operand names when the command runs', () => {
  it('a plain name is the path from the folder the command runs in, there or not', () => {
    const { ws, scope } = tree();
    assert.deepEqual(operandPaths('missing.sh', scope), [join(ws, 'missing.sh')]);
  });
  it('a variable the command set is expanded first', () => {
    const { ws, scope } = tree();
    assert.deepEqual(operandPaths('$s', scope), [join(ws, 'a.sh')]);
  });
  it('a glob is matched', () => {
    const { ws, scope } = tree();
    assert.deepEqual(operandPaths('?.sh', scope), [join(ws, 'a.sh'), join(ws, 'b.sh')]);
  });
  it('a variable the guard does not know names nothing it can read', () => {
    const { scope } = tree();
    assert.equal(operandPaths('$other', scope), null);
    assert.equal(operandPaths('`ls`', scope), null);
  });
});

describe('pathsMayMeet: whether two paths, globs or not, may name one file', () => {
  const rows: Array<[string, string, string, boolean]> = [
    ['the same path', '/w/a.sh', '/w/a.sh', true],
    ['two different names', '/w/a.sh', '/w/b.sh', false],
    ['a glob on the left that matches the right', '/w/?.sh', '/w/a.sh', true],
    ['a glob on the right that matches the left', '/w/a.sh', '/w/@(a|b).sh', true],
    ['a glob that does not match', '/w/b*.sh', '/w/a.sh', false],
    ['two globs', '/w/*.sh', '/w/?.sh', true],
    ['paths of different depths', '/w/a.sh', '/w/x/a.sh', false],
    ['a glob in a folder part', '/w/*/a.sh', '/w/x/a.sh', true],
  ];
  for (const [what, a, b, want] of rows) it(`${what}: ${a} and ${b} ${want ? 'may meet' : 'do not'}`, () => assert.equal(pathsMayMeet(a, b), want));
});
