// Where a path with globs can point once the shell expands them: a one-name glob folds with a later
// `..`, and a glob that may match many names, or `..` itself, reaches everything from the folder
// the climb could get to.
import { strict as assert } from 'node:assert';
import { globReach, hasShellGlob, mayMatchDotName, partMayMatch, type GlobReach } from '../../../src/core/shell/globReach';

const exact = (path: string): GlobReach => ({ path, within: false });
const within = (path: string): GlobReach => ({ path, within: true });
const matches = (path: string, part: string): GlobReach => ({ path, within: true, part });

const cases: Array<[string, string, GlobReach]> = [
  ['a path without globs is itself', 'src/../.claude/x', exact('src/../.claude/x')],
  ['a glob in the last part reaches its folder', 'src/*.ts', matches('src', '*.ts')],
  ['a glob in the first part reaches the current folder', '*.ts', matches('.', '*.ts')],
  ['a one-name glob and a `..` fold away', 'src/*/../../.claude/proofmeter', exact('.claude/proofmeter')],
  ['`?` and `x[…]` parts fold like names', 'a/?/x[yz]/../../b', exact('a/b')],
  ['a fold that leaves a later glob reaches that glob’s folder', 'src/*/../../.claude/*', matches('.claude', '*')],
  ['a climb past the start is kept', 'a/*/../../../x', exact('../x')],
  ['a rooted climb stops at the root', '/a/*/../../../x', exact('/x')],
  ['`.` parts and doubled slashes are dropped', './src//*/./../x', exact('src/x')],
  ['a `**` followed by `..` reaches everything from one folder above it', 'src/deep/**/../x', within('src')],
  ['a `**` at the start followed by `..` reaches everything from the parent folder', '**/../x', within('..')],
  ['a `**` with no `..` after it reaches its own folder', 'src/**/x.ts', matches('src', '**')],
  ['a `.*` part with more after it may be `..`: it reaches from one folder up', 'src/.*/.claude', within('.')],
  ['a bracket part with more after it may be `..` too', 'a/b/[.][.]/c', within('a')],
  ['a `.*` in the last part only reaches its folder', 'src/.*', matches('src', '.*')],
  ['a dot part that cannot match `..` is a name like any other', 'src/.cl*/../x', exact('src/x')],
  ['`..?` needs a third character, so it is never `..`', 'src/..?/x', matches('src', '..?')],
  ['a negated bracket then a dot may be `..`', 'src/[!a]./x', within('.')],
  ['a bracket that cannot hold a dot is never `..`', 'src/[a-z]*/../x', exact('src/x')],
  ['an @ group is a glob: it reaches its folder', '.claude/@(settings.json|x)', matches('.claude', '@(settings.json|x)')],
  ['a ! group is a glob too', '.claude/!(x)', matches('.claude', '!(x)')],
  ['a + group is a glob too', 'a/+(b)/c', matches('a', '+(b)')],
  ['an @ group that may be `..` reaches from one folder up', 'src/@(..)/.claude', within('.')],
  ['an unclosed bracket is a literal character', 'src/.[/../x', exact('src/x')],
  ['a bracket with a range out of order is read as one that may be `..`', 'src/[z-a]/x', within('.')],
  ['a rooted glob at the root reaches the root', '/*', matches('/', '*')],
];

describe('globReach: what a path with globs can name', () => {
  for (const [what, path, want] of cases) {
    it(`${what}: ${path}`, () => assert.deepEqual(globReach(path), want));
  }
});

describe('partMayMatch: whether one glob part may match a name', () => {
  const rows: Array<[string, string, string, boolean, boolean]> = [
    ['a star does not match a name with a leading dot', '*', '.claude', false, false],
    ['a star matches a name with a leading dot under dotglob', '*', '.claude', true, true],
    ['a suffix glob does not match a name without that suffix, dotglob or not', '*.log', '.claude', true, false],
    ['a dot written out matches a leading dot', '.c*', '.claude', false, true],
    ['a bracket at the start is read as one that may hold the dot', '[.]claude', '.claude', false, true],
    ['a question mark does not match a leading dot', '?claude', '.claude', false, false],
    ['a star matches a plain name', 'p*', 'proofmeter', false, true],
    ['a part JavaScript cannot read may match anything', '[z-a]', 'proofmeter', false, true],
    ['an @ group whose alternative starts with a dot matches a leading dot, as bash does', '@(.claude|x)', '.claude', false, true],
    ['a + group may match a leading dot', '+(.claude)', '.claude', false, true],
    ['a ! group is read as one that may match a leading dot', '!(x)', '.claude', false, true],
    ['a * group may match a leading dot', '*(.c*)', '.claude', false, true],
    ['a ? group may match a leading dot', '?(.claude)', '.claude', false, true],
    ['an @ group matches the names it lists', 'settings@(.json|.local.json)', 'settings.local.json', false, true],
    ['an @ group does not match a name it does not list', '@(a|b)', 'settings.json', false, false],
  ];
  for (const [what, part, name, dotglob, want] of rows) it(`${what}: ${part} ${want ? 'may match' : 'cannot match'} ${name}${dotglob ? ' (dotglob)' : ''}`, () => assert.equal(partMayMatch(part, name, dotglob), want));
});

describe('hasShellGlob: whether bash may expand a word into names', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a star', 'a*', true],
    ['a question mark', 'a?', true],
    ['a bracket', 'a[bc]', true],
    ['an @ group', '@(a)', true],
    ['a ! group', '!(a)', true],
    ['a + group', '+(a)', true],
    ['an @ with no group after it', 'user@host', false],
    ['a ! with no group after it', 'a!b', false],
    ['a + with no group after it', 'a+b', false],
    ['a plain path', 'src/a.ts', false],
  ];
  for (const [what, text, want] of rows) it(`${what}: ${text} ${want ? 'may expand' : 'is itself'}`, () => assert.equal(hasShellGlob(text), want));
});

describe('mayMatchDotName: whether a glob part may match a name with a leading dot', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a dot written first', '.c*', true],
    ['a bracket first', '[.]c', true],
    ['an extglob group first', '@(.c)', true],
    ['a ! group first', '!(x)', true],
    ['a star first', '*', false],
    ['a group after a letter', 'a@(.c)', false],
    ['an @ alone first', '@x', false],
  ];
  for (const [what, part, want] of rows) it(`${what}: ${part} ${want ? 'may' : 'cannot'}`, () => assert.equal(mayMatchDotName(part), want));
});
