// Settings that are not numbers turn their feature off: a NaN tail share keeps no older turn, and
// a NaN carry budget carries no words, rather than keeping or carrying without limit.
import assert from 'node:assert/strict';
import { PrefixCache } from '../../../src/core/proxy/prefixCache';
import { decideOn, figures, HEAD, turns } from './ruleFixtures';

const compacted = { action: 'compact', reason: undefined, headSent: 1 } as const;

describe('proxy rule settings that are not numbers', () => {
  it('a NaN tail share keeps only the configured newest turns', () => {
    const d = decideOn([HEAD, ...turns(0, 6)], 100_000, { keepTailPercent: Number.NaN, keepRecent: 1 }, new PrefixCache(), true);
    assert.deepEqual(figures(d), { ...compacted, estBefore: 1924, estAfter: 573, threshold: 100_000, headTokens: 52, summarizedTurns: 5, keptTurns: 1, pass: 0, over: false, cut: 11 });
  });

  it('a NaN carry budget carries no words from turns an earlier compaction summarized', () => {
    const wordy = (n: number) => [HEAD, ...turns(0, n, 1000, ' ' + 'w'.repeat(300))];
    const cache = new PrefixCache();
    cache.remember(decideOn(wordy(6), 2000, {}, cache).entry!);
    const d = decideOn(wordy(12), 3000, { carryMaxChars: Number.NaN }, cache);
    assert.equal(d.cut, 19);
    assert.equal(d.summary?.includes('Words from turns summarized before:'), false);
  });
});
