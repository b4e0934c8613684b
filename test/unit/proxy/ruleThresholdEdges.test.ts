// The rule's comparisons at their edges: a request exactly at its threshold, a cut one turn in,
// the tail budget met exactly, and which pass is sent when none fits.
import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { PrefixCache } from '../../../src/core/proxy/prefixCache';
import { SUMMARY_HEADER } from '../../../src/core/proxy/summary';
import { decideOn, figures, HEAD, turns } from './ruleFixtures';

const SIX = [HEAD, ...turns(0, 6)];
const compacted = { action: 'compact', reason: undefined, headSent: 1 } as const;

// Turns with no visible text and a two-character result: a harsher pass, which leaves results out,
// writes a longer line for each than the result itself.
function quietTurn(i: number): Message[] {
  return [
    { role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `ls ${i}` } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: 'ab' }] },
  ];
}

describe('proxy rule edges of the threshold and the passes', () => {
  it('passes a request estimated exactly at the threshold', () => {
    assert.deepEqual(figures(decideOn(SIX, 1924)), { action: 'pass', reason: 'under-threshold', estBefore: 1924, estAfter: 1924, threshold: 1924, headTokens: 52, summarizedTurns: 0, keptTurns: 6, pass: 0, over: false, cut: undefined, headSent: undefined });
  });

  it('reuses a remembered prefix that lands exactly at the threshold', () => {
    const cache = new PrefixCache();
    cache.remember(decideOn(SIX, 1500, {}, cache).entry!);
    assert.deepEqual(figures(decideOn([HEAD, ...turns(0, 7)], 1458, {}, cache)), { action: 'reuse', reason: undefined, estBefore: 2236, estAfter: 1458, threshold: 1458, headTokens: 52, summarizedTurns: 3, keptTurns: 4, pass: 0, over: false, cut: 7, headSent: 1 });
  });

  it('a compaction exactly at the threshold is not over it, so the first pass is sent', () => {
    assert.deepEqual(figures(decideOn(SIX, 1146)), { ...compacted, estBefore: 1924, estAfter: 1146, threshold: 1146, headTokens: 52, summarizedTurns: 3, keptTurns: 3, pass: 0, over: false, cut: 7 });
  });

  it('the second pass caps results at 200 characters even when the setting allows more', () => {
    // With two kept turns the first two passes differ only in that cap.
    assert.deepEqual(figures(decideOn(SIX, 1500, { keepRecent: 2, resultMaxChars: 1000 })), { ...compacted, estBefore: 1924, estAfter: 859, threshold: 1500, headTokens: 52, summarizedTurns: 4, keptTurns: 2, pass: 1, over: false, cut: 9 });
  });

  it('summarizes the first of two turns: a cut one turn in is a cut', () => {
    assert.deepEqual(figures(decideOn([HEAD, ...turns(0, 2)], 300, { keepRecent: 1 })), { ...compacted, estBefore: 676, estAfter: 463, threshold: 300, headTokens: 52, summarizedTurns: 1, keptTurns: 1, pass: 3, over: true, cut: 3 });
  });

  it('keeps a non-text block in the head even when it has a text field that looks like a summary', () => {
    const head: Message = { role: 'user', content: [{ type: 'text', text: 'Task.' }, { type: 'document', text: `${SUMMARY_HEADER}\nold` }] };
    const d = decideOn([head, ...turns(0, 6)], 1500);
    assert.equal(d.headTokens, 63);
    const first = d.messages![0]!;
    assert.deepEqual(typeof first.content === 'string' ? [] : first.content.map((b) => b.type), ['text', 'document', 'text']);
  });

  it('keeps a head message whose content is an empty string', () => {
    const d = decideOn([{ role: 'user', content: '' }, ...turns(0, 6)], 1500);
    assert.equal(d.headTokens, 36, 'the 29 tokens around the messages and 7 for the empty one');
  });

  it('the tail budget never widens the cut past the first turn, however much room is left', () => {
    assert.deepEqual(figures(decideOn(SIX, 100_000, { keepTailPercent: 50, keepRecent: 1 }, new PrefixCache(), true)), { ...compacted, estBefore: 1924, estAfter: 1719, threshold: 100_000, headTokens: 52, summarizedTurns: 1, keptTurns: 5, pass: 0, over: false, cut: 3 });
  });

  it('keeps an older turn whose summary and turns fill the tail budget exactly', () => {
    // Room 1,462 at 50% is 731: keeping two turns costs 783 tokens, 731 past the 52 of the head.
    assert.deepEqual(figures(decideOn([HEAD, ...turns(0, 3)], 1514, { keepTailPercent: 50, keepRecent: 1 }, new PrefixCache(), true)), { ...compacted, estBefore: 988, estAfter: 783, threshold: 1514, headTokens: 52, summarizedTurns: 1, keptTurns: 2, pass: 0, over: false, cut: 3 });
  });

  it('when no pass fits, sends the first of the smallest passes, not the last one tried', () => {
    const msgs = [HEAD, ...Array.from({ length: 8 }, (_, i) => quietTurn(i)).flat()];
    assert.deepEqual(figures(decideOn(msgs, 60, { keepRecent: 1, resultMaxChars: 100 })), { ...compacted, estBefore: 444, estAfter: 252, threshold: 82, headTokens: 52, summarizedTurns: 7, keptTurns: 1, pass: 0, over: true, cut: 15 });
  });
});
