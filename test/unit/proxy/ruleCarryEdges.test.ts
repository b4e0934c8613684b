// A compaction after an earlier one: the turns the earlier one summarized give only their words,
// within a carry budget set by the pass and by the room left; the summary counts only the turns it
// replaces itself.
import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { PrefixCache } from '../../../src/core/proxy/prefixCache';
import type { RuleOptions } from '../../../src/core/proxy/rule';
import { decideOn, figures, HEAD, replacedLine, turns } from './ruleFixtures';

const compacted = { action: 'compact', reason: undefined, headSent: 1 } as const;

/** A cache holding the compaction of `first` at `threshold`. */
function cacheAfter(first: Message[], threshold: number, opts: Partial<RuleOptions> = {}): PrefixCache {
  const cache = new PrefixCache();
  cache.remember(decideOn(first, threshold, opts, cache).entry!);
  return cache;
}

// Every turn's text is 329 characters long, so a carried line fits a budget of 329 or more.
const WORDS = ' ' + 'w'.repeat(300);
const wordy = (n: number) => [HEAD, ...turns(0, n, 1000, WORDS)];
const carriedLines = (summary: string | undefined) => {
  const lines = (summary ?? '').split('\n');
  const at = lines.indexOf('Words from turns summarized before:');
  return at < 0 ? 0 : lines.indexOf('', at) - at - 1;
};

describe('proxy rule carrying words from an earlier compaction', () => {
  it('summarizes only the turns after the earlier cut and carries the words before it', () => {
    const d = decideOn(wordy(12), 3000, {}, cacheAfter(wordy(6), 2000));
    assert.deepEqual(figures(d), { ...compacted, estBefore: 4698, estAfter: 2158, threshold: 3000, headTokens: 52, summarizedTurns: 9, keptTurns: 3, pass: 0, over: false, cut: 19 });
    assert.equal(replacedLine(d), 'A local proxy replaced 6 earlier turns');
    assert.equal(carriedLines(d.summary), 3);
  });

  it('the second pass carries half the configured characters', () => {
    // 1,300 / 2 = 650 fits one 329-character line, not three.
    const d = decideOn(wordy(12), 2000, { carryMaxChars: 1300 }, cacheAfter(wordy(6), 2000));
    assert.deepEqual(figures(d), { ...compacted, estBefore: 4698, estAfter: 1707, threshold: 2000, headTokens: 52, summarizedTurns: 10, keptTurns: 2, pass: 1, over: false, cut: 21 });
    assert.equal(carriedLines(d.summary), 1);
  });

  it('the third pass carries a quarter of the configured characters', () => {
    // 1,300 / 4 = 325 fits no 329-character line.
    const d = decideOn(wordy(12), 1500, { carryMaxChars: 1300 }, cacheAfter(wordy(6), 2000));
    assert.deepEqual(figures(d), { ...compacted, estBefore: 4698, estAfter: 1327, threshold: 1500, headTokens: 52, summarizedTurns: 11, keptTurns: 1, pass: 2, over: false, cut: 23 });
    assert.equal(carriedLines(d.summary), 0);
  });

  it('carries no more characters than four per token of room', () => {
    // Three turns of 2,030-character text before the earlier cut; room 2,500 tokens carries one line.
    const big = ' ' + 'w'.repeat(2000);
    const mk = (n: number) => [HEAD, ...turns(0, 3, 1000, big), ...turns(3, n)];
    const d = decideOn(mk(12), 2552, {}, cacheAfter(mk(6), 3000));
    assert.deepEqual(figures(d), { ...compacted, estBefore: 5298, estAfter: 1741, threshold: 2552, headTokens: 52, summarizedTurns: 9, keptTurns: 3, pass: 0, over: false, cut: 19 });
    assert.equal(carriedLines(d.summary), 1);
  });

  it('summarizes from the head when the earlier cut lies after the new one', () => {
    const six = [HEAD, ...turns(0, 6)];
    const d = decideOn(six, 100_000, { keepRecent: 3 }, cacheAfter(six, 1500, { keepRecent: 1 }), true);
    assert.equal(d.cut, 7);
    assert.equal(replacedLine(d), 'A local proxy replaced 3 earlier turns');
    assert.equal(carriedLines(d.summary), 0);
  });

  it('summarizes from the head when the earlier cut is the new one', () => {
    const six = [HEAD, ...turns(0, 6)];
    const d = decideOn(six, 100_000, { keepRecent: 1 }, cacheAfter(six, 1500, { keepRecent: 1 }), true);
    assert.equal(d.cut, 11);
    assert.equal(replacedLine(d), 'A local proxy replaced 5 earlier turns');
    assert.equal(carriedLines(d.summary), 0);
  });
});
