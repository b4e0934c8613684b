// globToRegExp's bracket classes and braces, matched as bash matches them: `[!…]` negates only at
// the start, `\x` in a class is x and `\\` a backslash, a `]` before a `[` is a plain character,
// an unclosed `[` is itself, and a `,` or `}` after a closed brace group is literal. walkFiles:
// sorted, no dot-folders unless asked, at most WALK_LIMIT files. expandGlob: a leading `./` is
// dropped, a `./` further in is kept.
import { strict as assert } from 'node:assert';
import { expandGlob, globToRegExp, walkFiles, WALK_LIMIT } from '../../../src/core/seal/glob';
import { memoryView, type WorkspaceView } from '../../../src/core/seal/view';

const MATCHES: Array<[string, string, boolean]> = [
  ['[!a].js', 'b.js', true],
  ['[!a].js', 'a.js', false],
  ['[a!].js', '!.js', true],
  ['[a!].js', 'a.js', true],
  ['[a!].js', 'b.js', false],
  ['[\\d].js', 'd.js', true],
  ['[\\d].js', '5.js', false],
  ['[\\\\].js', '\\.js', true],
  ['[\\\\].js', 'a.js', false],
  ['][a]', ']a', true],
  ['][a]', ']b', false],
  ['a][bc].js', 'a]b.js', true],
  ['{a,b},c.js', 'a,c.js', true],
  ['{a,b},c.js', 'b,c.js', true],
  ['{a,b},c.js', 'a', false],
  ['{a,b},c.js', 'c.js', false],
  ['{a,b}}', 'a}', true],
  ['{a,b}}', 'a', false],
  ['a[b', 'a[b', true],
];

/** Folder `big` with WALK_LIMIT files, then folder `more` with one. */
const bigView = (): WorkspaceView => ({
  read: () => null,
  list: (dir) => {
    if (dir === '.') return [{ name: 'big', dir: true }, { name: 'more', dir: true }];
    if (dir === 'big') return Array.from({ length: WALK_LIMIT }, (_, k) => ({ name: `f${k}.js`, dir: false }));
    if (dir === 'more') return [{ name: 'last.js', dir: false }];
    return null;
  },
});

describe('globToRegExp matches as bash does', () => {
  for (const [pattern, path, want] of MATCHES) {
    it(`${pattern} ${want ? 'matches' : 'does not match'} ${path}`, () => assert.equal(globToRegExp(pattern).test(path), want));
  }
});

describe('walkFiles', () => {
  it('lists files sorted by path, not in walk order', () => {
    assert.deepEqual(walkFiles(memoryView({ 'b/a.js': '', 'c.js': '', 'a.js': '' }), '.'), ['a.js', 'b/a.js', 'c.js']);
  });

  it('skips dot-folders by default', () => {
    assert.deepEqual(walkFiles(memoryView({ '.hidden/a.js': '', 'b.js': '' }), '.'), ['b.js']);
  });

  it('walks dot-folders when asked', () => {
    assert.deepEqual(walkFiles(memoryView({ '.hidden/a.js': '', 'b.js': '' }), '.', { dotDirs: true }), ['.hidden/a.js', 'b.js']);
  });

  it('lists nothing for a folder with no files', () => {
    assert.deepEqual(walkFiles(memoryView({ 'a/b.js': '' }), 'c'), []);
  });

  it('stops listing folders once WALK_LIMIT files are found', () => {
    const got = walkFiles(bigView(), '.');
    assert.equal(got.length, 20_000);
    assert.equal(got.includes('more/last.js'), false);
  });
});

describe('expandGlob and ./', () => {
  it('a leading ./ is dropped from a plain path', () => {
    assert.deepEqual(expandGlob(memoryView({ 'a.js': '' }), './a.js', '.'), ['a.js']);
  });

  it('a leading ./ is dropped from a glob', () => {
    assert.deepEqual(expandGlob(memoryView({ 't/a.js': '', 'b.js': '' }), './t/*.js', '.'), ['t/a.js']);
  });

  it('a ./ inside a name is kept', () => {
    assert.deepEqual(expandGlob(memoryView({ 'a./b.js': '', 'ab.js': '' }), 'a./b.js', '.'), ['a./b.js']);
  });
});
