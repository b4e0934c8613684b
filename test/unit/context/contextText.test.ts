// `proofmeter context` in words, from listed sessions built here: the head line, the figures, and
// the compactions, newest three, with Claude Code's counts or this meter's estimates.
import { strict as assert } from 'node:assert';
import type { CompactionEvent } from '../../../src/core/context/contextScan';
import { contextText, sessionLines, type ListedContext } from '../../../src/core/context/contextText';

function compaction(over: Partial<CompactionEvent> = {}): CompactionEvent {
  return { line: 10, time: null, trigger: 'auto', preTokens: null, postTokens: null, estimateBefore: 90_000, reportedBefore: null, estimateAfter: null, reportedAfter: null, ...over };
}

function listed(over: Partial<ListedContext> = {}): ListedContext {
  return {
    sessionId: 'sess-1',
    model: null,
    estimate: 12_000,
    reported: null,
    ratio: null,
    calibrated: null,
    window: null,
    percent: null,
    requests: 0,
    compactionCount: 0,
    compactions: [],
    lastTime: null,
    file: '/home/dev/.claude/projects/p/sess-1.jsonl',
    updatedAt: '2026-02-01T10:20:30.000Z',
    ...over,
  };
}

describe("a session's lines", () => {
  const cases: Array<[string, () => ListedContext, string[]]> = [
    ['the head has the session, the minute it was updated and the model', () => listed({ model: 'claude-opus-5-5' }), ['sess-1  2026-02-01 10:20  claude-opus-5-5', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: none']],
    ['without a session id the name is the file name without its folders and .jsonl', () => listed({ sessionId: null }), ['sess-1  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: none']],
    ['only the ending .jsonl is dropped from the file name', () => listed({ sessionId: null, file: 'p/a.jsonlx.jsonl' }), ['a.jsonlx  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: none']],
    [
      'a calibration shows its factor, and a known window its share',
      () => listed({ reported: 40_000, calibrated: 50_000, ratio: 1.25, window: 200_000, percent: 25 }),
      ['sess-1  2026-02-01 10:20', '  estimate ~12k · reported 40k · calibrated 50k (x1.25) · window 200k, 25% used', '  compactions: none'],
    ],
    ['a factor of 1 is not shown', () => listed({ reported: 40_000, calibrated: 41_000, ratio: 1 }), ['sess-1  2026-02-01 10:20', '  estimate ~12k · reported 40k · calibrated 41k · window unknown', '  compactions: none']],
    ['a calibration without a ratio shows no factor', () => listed({ reported: 40_000, calibrated: 41_000 }), ['sess-1  2026-02-01 10:20', '  estimate ~12k · reported 40k · calibrated 41k · window unknown', '  compactions: none']],
    [
      "a compaction with Claude Code's counts, at its time",
      () => listed({ compactionCount: 1, compactions: [compaction({ trigger: 'manual', preTokens: 150_000, postTokens: 20_000, time: '2026-02-01T09:00:00.123Z' })] }),
      ['sess-1  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: 1 (manual 150k → 20k at 2026-02-01 09:00:00)'],
    ],
    [
      'a compaction with a report before it but none after',
      () => listed({ compactionCount: 1, compactions: [compaction({ reportedBefore: 95_000 })] }),
      ['sess-1  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: 1 (auto 95k → ?)'],
    ],
    [
      "a compaction with only this meter's estimates, before and after",
      () => listed({ compactionCount: 2, compactions: [compaction(), compaction({ estimateAfter: 8000 })] }),
      ['sess-1  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: 2 (auto ~90k → ?; auto ~90k → ~8k)'],
    ],
    [
      'three compactions are all shown, without "newest"',
      () => listed({ compactionCount: 3, compactions: [1000, 2000, 3000].map((n) => compaction({ estimateBefore: n })) }),
      ['sess-1  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: 3 (auto ~1k → ?; auto ~2k → ?; auto ~3k → ?)'],
    ],
    [
      'of more than three, the newest three are shown',
      () => listed({ compactionCount: 4, compactions: [1000, 2000, 3000, 4000].map((n) => compaction({ estimateBefore: n })) }),
      ['sess-1  2026-02-01 10:20', '  estimate ~12k · nothing reported yet · window unknown', '  compactions: 4 (newest: auto ~2k → ?; auto ~3k → ?; auto ~4k → ?)'],
    ],
  ];
  for (const [what, s, want] of cases) it(what, () => assert.deepEqual(sessionLines(s()), want));
});

describe('the whole listing', () => {
  it('says so when the workspace has no sessions', () => assert.equal(contextText([]), 'No sessions of this workspace yet.'));
  it('has a header, a blank line, and each session followed by a blank line but the last', () =>
    assert.equal(
      contextText([listed(), listed({ sessionId: 'sess-2' })]),
      [
        'Context per session, newest first (estimates at 4 characters per token, images by their pixels; calibrated by the usage the provider reported)',
        '',
        'sess-1  2026-02-01 10:20',
        '  estimate ~12k · nothing reported yet · window unknown',
        '  compactions: none',
        '',
        'sess-2  2026-02-01 10:20',
        '  estimate ~12k · nothing reported yet · window unknown',
        '  compactions: none',
      ].join('\n'),
    ));
});
