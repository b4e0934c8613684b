// lineDiff's alignment of small texts (the common tail taken off, the LCS walk preferring removals
// only when the LCS allows it), its fallback for a middle too large for the table (at the cell
// limit exactly, the table is still used), and diffExcerpt's edges at 120 characters and at max.
// Expected changes are literal.
import { strict as assert } from 'node:assert';
import { diffExcerpt, lineDiff, type LineChange } from '../../../src/core/seal/lineDiff';

type Row = [string, string, string, Array<[LineChange['kind'], number, string]>];

const ROWS: Row[] = [
  ['an addition before a kept line comes before the removal after it', 'a\nx', 'y\na', [['add', 1, 'y'], ['del', 2, 'x']]],
  ['a repeated line added at the end is one addition', 'a', 'a\na', [['add', 2, 'a']]],
  ['a repeated line removed at the end is one removal', 'a\na', 'a', [['del', 2, 'a']]],
  ['a line added at the start before a kept tail', 'x\na', 'a\nx\na', [['add', 1, 'a']]],
  ['a reversed text of three keeps the middle line aligned by the LCS', 'a\nx\nb', 'b\nx\na', [['del', 1, 'a'], ['del', 2, 'x'], ['add', 2, 'x'], ['add', 3, 'a']]],
  ['lines moved to the end', 'a\nb\nc\nd', 'b\nd\na', [['del', 1, 'a'], ['del', 3, 'c'], ['add', 3, 'a']]],
  ['the lines around one kept line are removed', 'x\ny\nz', 'y', [['del', 1, 'x'], ['del', 3, 'z']]],
  ['a repeated pair cut to one', 'a\nb\na\nb', 'b\na', [['del', 1, 'a'], ['del', 4, 'b']]],
  ['a reversed text of four', 'p\nq\nr\ns', 's\nr\nq\np', [['del', 1, 'p'], ['del', 2, 'q'], ['del', 3, 'r'], ['add', 2, 'r'], ['add', 3, 'q'], ['add', 4, 'p']]],
  ['the last line moved to the start', 'a\nb\nc', 'c\na\nb', [['add', 1, 'c'], ['del', 3, 'c']]],
  ['a common tail of two lines is taken off whole', 'y\nx\nb', 'x\nb\nx\nb', [['del', 1, 'y'], ['add', 1, 'x'], ['add', 2, 'b']]],
  ['an old line after the new text is used up is a removal even when it matches a new line', 'p\nb\nx\nb\nq', 'b', [['del', 1, 'p'], ['del', 3, 'x'], ['del', 4, 'b'], ['del', 5, 'q']]],
  ['a kept line found further down the old text', 'a\nb\nc\na', 'b\na\nb', [['del', 1, 'a'], ['del', 3, 'c'], ['add', 3, 'b']]],
  ['a repeated old line against one new line', 'c\nb\nb', 'b\na', [['del', 1, 'c'], ['del', 3, 'b'], ['add', 2, 'a']]],
  ['two changes around repeated lines', 'x\nb\nc\nb', 'b\ny\nb\nc', [['del', 1, 'x'], ['del', 3, 'c'], ['add', 2, 'y'], ['add', 4, 'c']]],
];

/** `h`, then `c` and `n` lines `a1..`, against `h`, `m` lines `b1..` and `c`, then `t` in both. */
function big(n: number, m: number): [string, string] {
  const olds = Array.from({ length: n }, (_, k) => `a${k + 1}`);
  const news = Array.from({ length: m }, (_, k) => `b${k + 1}`);
  return [['h', 'c', ...olds, 't'].join('\n'), ['h', ...news, 'c', 't'].join('\n')];
}

describe('lineDiff alignment', () => {
  for (const [title, before, after, expected] of ROWS) {
    it(title, () => {
      assert.deepEqual(
        lineDiff(before, after).map((c) => [c.kind, c.line, c.text]),
        expected,
      );
    });
  }
});

describe('lineDiff on a middle too large for the table', () => {
  it('a middle of 2000 old and 1999 new lines (4,002,000 cells) is every old line removed and every new one added', () => {
    const [before, after] = big(1999, 1998);
    const out = lineDiff(before, after);
    assert.equal(out.length, 3999);
    assert.deepEqual(out[0], { kind: 'del', line: 2, text: 'c' });
    assert.deepEqual(out[1], { kind: 'del', line: 3, text: 'a1' });
    assert.deepEqual(out[1999], { kind: 'del', line: 2001, text: 'a1999' });
    assert.deepEqual(out[2000], { kind: 'add', line: 2, text: 'b1' });
    assert.deepEqual(out[2001], { kind: 'add', line: 3, text: 'b2' });
    assert.deepEqual(out[3998], { kind: 'add', line: 2000, text: 'c' });
  });

  it('a middle of 1999 old and 2000 new lines (4,002,000 cells) is read whole too', () => {
    const [before, after] = big(1998, 1999);
    const out = lineDiff(before, after);
    assert.equal(out.length, 3999);
    assert.deepEqual(out[0], { kind: 'del', line: 2, text: 'c' });
    assert.deepEqual(out[3998], { kind: 'add', line: 2001, text: 'c' });
  });

  it('a middle of 1999 by 1999 lines (4,000,000 cells, the limit) still keeps the common line', () => {
    const [before, after] = big(1998, 1998);
    const out = lineDiff(before, after);
    assert.equal(out.length, 3996);
    assert.equal(out.filter((c) => c.text === 'c').length, 0);
  });
});

describe('diffExcerpt edges', () => {
  it('a line of exactly 120 characters is not cut', () => {
    const text = 'x'.repeat(120);
    assert.deepEqual(diffExcerpt([{ kind: 'add', line: 1, text }]), [`+1: ${text}`]);
  });

  it('exactly max changes have no "more" line', () => {
    const changes: LineChange[] = [
      { kind: 'add', line: 1, text: 'a' },
      { kind: 'del', line: 2, text: 'b' },
    ];
    assert.deepEqual(diffExcerpt(changes, 2), ['+1: a', '-2: b']);
  });
});
