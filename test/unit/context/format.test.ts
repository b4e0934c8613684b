// Token counts in three digits, and the status line segment's parts.
import { strict as assert } from 'node:assert';
import { contextSegment, tokensText } from '../../../src/core/context/format';

describe('token counts, kept short', () => {
  const cases: Array<[number, string]> = [
    [850, '850'],
    [1000, '1k'],
    [8450, '8.4k'],
    [85_000, '85k'],
    [999_499, '999k'],
    [999_500, '1M'],
    [1_250_000, '1.3M'],
  ];
  for (const [n, want] of cases) it(`${n} reads ${want}`, () => assert.equal(tokensText(n), want));
});

describe('the status line context segment', () => {
  const cases: Array<[string, Parameters<typeof contextSegment>[0], string]> = [
    ["Claude Code's count of a known window", { tokens: 50_000, estimated: false, window: 200_000, percent: 25, compactions: 0 }, 'ctx 50k/200k 25%'],
    ['an estimate is marked ~', { tokens: 48_200, estimated: true, window: null, percent: null, compactions: null }, 'ctx ~48k'],
    ['compactions follow the size', { tokens: 3000, estimated: true, window: 1_000_000, percent: 0.3, compactions: 2 }, 'ctx ~3k/1M 0% · 2 compacted'],
  ];
  for (const [what, input, want] of cases) it(what, () => assert.equal(contextSegment(input), want));
});
