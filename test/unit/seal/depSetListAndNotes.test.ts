// DepSet keeps each unresolved line once, and lists its dependencies sorted by path whatever the
// order they were added in.
import { strict as assert } from 'node:assert';
import { DepSet } from '../../../src/core/seal/deps';

describe('DepSet notes and order', () => {
  it('a line noted twice is kept once', () => {
    const s = new DepSet();
    s.note('a: x is not a tool');
    s.note('b: y is not a tool');
    s.note('a: x is not a tool');
    assert.deepEqual(s.unresolved, ['a: x is not a tool', 'b: y is not a tool']);
  });

  it('paths added in reverse order are listed sorted', () => {
    const s = new DepSet();
    for (const p of ['f.js', 'e.js', 'd.js', 'c.js', 'b.js', 'a.js']) s.add(p, 'test', 'v');
    assert.deepEqual(
      s.list().map((d) => d.path),
      ['a.js', 'b.js', 'c.js', 'd.js', 'e.js', 'f.js'],
    );
  });

  it('paths added in a mixed order are listed sorted', () => {
    const s = new DepSet();
    for (const p of ['c.js', 'a.js', 'e.js', 'b.js', 'f.js', 'd.js']) s.add(p, 'test', 'v');
    assert.deepEqual(
      s.list().map((d) => d.path),
      ['a.js', 'b.js', 'c.js', 'd.js', 'e.js', 'f.js'],
    );
  });
});
