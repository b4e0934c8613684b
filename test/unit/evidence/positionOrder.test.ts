// The order of records across transcripts (comparePositions): by record time when both have one,
// then by file and line. No test compared two files before mutation testing found it.
import { strict as assert } from 'node:assert';
import { comparePositions } from '../../../src/core/evidence/evidence';
import type { Position } from '../../../src/core/types';

const p = (file: string, line: number, time: string | null = null): Position => ({ file, line, time });
const sign = (n: number) => Math.sign(n);

describe('the order of records', () => {
  const cases: Array<[string, Position, Position, number]> = [
    ['an earlier time first, whatever the file and line', p('b.jsonl', 9, '2026-12-01T10:00:00Z'), p('a.jsonl', 1, '2026-12-01T10:00:01Z'), -1],
    ['a later time last', p('a.jsonl', 1, '2026-12-01T10:00:01Z'), p('b.jsonl', 9, '2026-12-01T10:00:00Z'), 1],
    ['the same time: by file', p('b.jsonl', 1, '2026-12-01T10:00:00Z'), p('a.jsonl', 9, '2026-12-01T10:00:00Z'), 1],
    ['one without a time: by file', p('a.jsonl', 9, '2026-12-01T10:00:01Z'), p('b.jsonl', 1), -1],
    ['the same file: by line', p('a.jsonl', 9), p('a.jsonl', 3), 1],
    ['the same record', p('a.jsonl', 3), p('a.jsonl', 3), 0],
  ];
  for (const [name, a, b, want] of cases) {
    it(`${name} (${want})`, () => {
      assert.equal(sign(comparePositions(a, b)), want);
      assert.equal(sign(comparePositions(b, a)), -want || 0);
    });
  }
});
