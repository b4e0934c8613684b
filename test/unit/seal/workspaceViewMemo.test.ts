// The views the resolver reads through: the recording view asks the real file system once per
// path (a proof's resolution reads the same package.json many times), and the memory view lists
// a folder the way a directory listing would, sorted, with folders winning over same-named files.
import { strict as assert } from 'node:assert';
import { memoryView, recordingView, type DirEntry, type WorkspaceView } from '../../../src/core/seal/view';

function countingView(): { view: WorkspaceView; reads: string[]; lists: string[] } {
  const reads: string[] = [];
  const lists: string[] = [];
  const view: WorkspaceView = {
    read: (path) => {
      reads.push(path);
      return path === 'missing' ? null : `text of ${path}`;
    },
    list: (dir) => {
      lists.push(dir);
      return dir === 'missing' ? null : [{ name: 'x', dir: false }];
    },
  };
  return { view, reads, lists };
}

describe('the recording view asks the view under it once per path', () => {
  it('a file read twice, present or not, is read from the view once', () => {
    const c = countingView();
    const rv = recordingView(c.view);
    assert.equal(rv.read('a.json'), 'text of a.json');
    assert.equal(rv.read('a.json'), 'text of a.json');
    assert.equal(rv.read('missing'), null);
    assert.equal(rv.read('missing'), null);
    assert.deepEqual(c.reads, ['a.json', 'missing']);
    assert.deepEqual([...rv.reads], ['a.json', 'missing']);
  });

  it('a folder listed twice, present or not, is listed from the view once', () => {
    const c = countingView();
    const rv = recordingView(c.view);
    assert.deepEqual(rv.list('src'), [{ name: 'x', dir: false }]);
    assert.deepEqual(rv.list('src'), [{ name: 'x', dir: false }]);
    assert.equal(rv.list('missing'), null);
    assert.equal(rv.list('missing'), null);
    assert.deepEqual(c.lists, ['src', 'missing']);
    assert.deepEqual([...rv.lists], ['src', 'missing']);
  });
});

describe('the memory view lists folders as a directory listing would', () => {
  const ORDERS: [string, string[], DirEntry[]][] = [
    ['three files given backwards come back sorted', ['c', 'b', 'a'], [{ name: 'a', dir: false }, { name: 'b', dir: false }, { name: 'c', dir: false }]],
    ['files given out of order come back sorted', ['b', 'c', 'a', 'e', 'd'], ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, dir: false }))],
    ['files given in order stay in order', ['a', 'b', 'c'], [{ name: 'a', dir: false }, { name: 'b', dir: false }, { name: 'c', dir: false }]],
    ['a folder sorts by its name among files', ['z.txt', 'm/inner.txt', 'a.txt'], [{ name: 'a.txt', dir: false }, { name: 'm', dir: true }, { name: 'z.txt', dir: false }]],
  ];
  for (const [name, paths, want] of ORDERS) {
    it(name, () => {
      const files: Record<string, string> = {};
      for (const p of paths) files[p] = '';
      assert.deepEqual(memoryView(files).list('.'), want);
    });
  }

  it('a name that is a folder stays a folder when a file of that name comes later', () => {
    const v = memoryView({ 'a/b.txt': 'x', a: 'y' });
    assert.deepEqual(v.list('.'), [{ name: 'a', dir: true }]);
  });

  it('a name first given as a file becomes a folder when a path under it comes later', () => {
    const v = memoryView({ a: 'y', 'a/b.txt': 'x' });
    assert.deepEqual(v.list('.'), [{ name: 'a', dir: true }]);
  });

  it('the workspace root given as a file is neither a file nor an entry of itself', () => {
    const v = memoryView({ '.': 'root', './': 'root too', 'a.txt': 'x' });
    assert.equal(v.read('.'), null);
    assert.deepEqual(v.list('.'), [{ name: 'a.txt', dir: false }]);
  });
});
