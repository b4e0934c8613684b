import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { hashChain, PrefixCache } from '../../../src/core/proxy/prefixCache';
import { decide, DEFAULT_RULE, type Decision, type RuleOptions } from '../../../src/core/proxy/rule';
import { SUMMARY_HEADER } from '../../../src/core/proxy/summary';
import { request, sha256 } from './build';

// Histories with fixed ids (build.ts numbers its ids across tests, which moves the estimates).
const HEAD: Message = { role: 'user', content: 'Fix the failing parser test and keep the public API unchanged.' };
function turn(i: number, resultChars: number): Message[] {
  return [
    { role: 'assistant', content: [{ type: 'text', text: `Looking at part ${i}.` }, { type: 'tool_use', id: `toolu_${i}`, name: 'Bash', input: { command: `cat file${i}.txt` } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${i}`, content: 'r'.repeat(resultChars) }] },
  ];
}
const turns = (from: number, to: number, resultChars = 1000) => Array.from({ length: to - from }, (_, k) => turn(from + k, resultChars)).flat();
const textOf = (m: Message | undefined, k: number) => {
  const b = m && typeof m.content !== 'string' ? m.content[k] : undefined;
  return typeof b?.text === 'string' ? b.text : '';
};

function decideOn(messages: Message[], threshold: number, opts: Partial<RuleOptions> = {}, cache = new PrefixCache(), force = false): Decision {
  return decide(request(messages), { threshold, opts: { ...DEFAULT_RULE, ...opts }, chain: hashChain(messages, sha256), cache, force });
}

/** The decision's numbers, without its messages and summary. */
function figures(d: Decision) {
  const { action, reason, estBefore, estAfter, threshold, headTokens, summarizedTurns, keptTurns, pass, over, cut, headSent } = d;
  return { action, reason, estBefore, estAfter, threshold, headTokens, summarizedTurns, keptTurns, pass, over, cut, headSent, sent: d.messages?.length };
}

describe('proxy rule decisions', () => {
  // Each turn is 312 tokens, the head 23, the request around it 29.
  const cases: Array<[string, () => Message[], number, Partial<RuleOptions>, ReturnType<typeof figures>]> = [
    ['passes six turns of 318 tokens under a threshold of 2,000', () => [HEAD, ...turns(0, 6)], 2000, {}, { action: 'pass', reason: 'under-threshold', estBefore: 1924, estAfter: 1924, threshold: 2000, headTokens: 52, summarizedTurns: 0, keptTurns: 6, pass: 0, over: false, cut: undefined, headSent: undefined, sent: undefined }],
    ['keeps the newest three turns with the configured settings when they fit', () => [HEAD, ...turns(0, 6)], 1500, {}, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 1146, threshold: 1500, headTokens: 52, summarizedTurns: 3, keptTurns: 3, pass: 0, over: false, cut: 7, headSent: 1, sent: 7 }],
    ['keeps two turns in the second pass', () => [HEAD, ...turns(0, 6)], 1000, {}, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 859, threshold: 1000, headTokens: 52, summarizedTurns: 4, keptTurns: 2, pass: 1, over: false, cut: 9, headSent: 1, sent: 5 }],
    ['keeps one turn and the words in the third pass', () => [HEAD, ...turns(0, 6)], 600, {}, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 572, threshold: 600, headTokens: 52, summarizedTurns: 5, keptTurns: 1, pass: 2, over: false, cut: 11, headSent: 1, sent: 3 }],
    ['sends the smallest pass, the last, still over a threshold nothing fits', () => [HEAD, ...turns(0, 6)], 300, {}, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 535, threshold: 300, headTokens: 52, summarizedTurns: 5, keptTurns: 1, pass: 3, over: true, cut: 11, headSent: 1, sent: 3 }],
    ['raises a threshold of 100 to the 52 tokens of the head plus 50', () => [HEAD, ...turns(0, 6)], 100, {}, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 535, threshold: 102, headTokens: 52, summarizedTurns: 5, keptTurns: 1, pass: 3, over: true, cut: 11, headSent: 1, sent: 3 }],
    ['keeps whole turns of --keep-recent 1.7, rounded down', () => [HEAD, ...turns(0, 6)], 1500, { keepRecent: 1.7 }, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 573, threshold: 1500, headTokens: 52, summarizedTurns: 5, keptTurns: 1, pass: 0, over: false, cut: 11, headSent: 1, sent: 3 }],
    ['keeps one turn for --keep-recent 0', () => [HEAD, ...turns(0, 6)], 1500, { keepRecent: 0 }, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 573, threshold: 1500, headTokens: 52, summarizedTurns: 5, keptTurns: 1, pass: 0, over: false, cut: 11, headSent: 1, sent: 3 }],
    ['keeps two turns for --keep-recent 2 in the first pass', () => [HEAD, ...turns(0, 6)], 1500, { keepRecent: 2 }, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 859, threshold: 1500, headTokens: 52, summarizedTurns: 4, keptTurns: 2, pass: 0, over: false, cut: 9, headSent: 1, sent: 5 }],
    ['keeps two turns in the second pass when --keep-recent 6 would keep all', () => [HEAD, ...turns(0, 6)], 1500, { keepRecent: 6 }, { action: 'compact', reason: undefined, estBefore: 1924, estAfter: 859, threshold: 1500, headTokens: 52, summarizedTurns: 4, keptTurns: 2, pass: 1, over: false, cut: 9, headSent: 1, sent: 5 }],
    ['keeps no more than three turns with a 40% tail that a fourth would overrun', () => [HEAD, ...turns(0, 12)], 3000, { keepTailPercent: 40 }, { action: 'compact', reason: undefined, estBefore: 3798, estAfter: 1301, threshold: 3000, headTokens: 52, summarizedTurns: 9, keptTurns: 3, pass: 0, over: false, cut: 19, headSent: 1, sent: 7 }],
    ['keeps a fourth turn with a 60% tail', () => [HEAD, ...turns(0, 12)], 3000, { keepTailPercent: 60 }, { action: 'compact', reason: undefined, estBefore: 3798, estAfter: 1587, threshold: 3000, headTokens: 52, summarizedTurns: 8, keptTurns: 4, pass: 0, over: false, cut: 17, headSent: 1, sent: 9 }],
    ['reads a 100% tail as 60%', () => [HEAD, ...turns(0, 12)], 3000, { keepTailPercent: 100 }, { action: 'compact', reason: undefined, estBefore: 3798, estAfter: 1587, threshold: 3000, headTokens: 52, summarizedTurns: 8, keptTurns: 4, pass: 0, over: false, cut: 17, headSent: 1, sent: 9 }],
    ['reads a negative tail as none', () => [HEAD, ...turns(0, 12)], 3000, { keepTailPercent: -5 }, { action: 'compact', reason: undefined, estBefore: 3798, estAfter: 1301, threshold: 3000, headTokens: 52, summarizedTurns: 9, keptTurns: 3, pass: 0, over: false, cut: 19, headSent: 1, sent: 7 }],
    ['passes one turn over the threshold: there is no older turn to summarize', () => [HEAD, ...turns(0, 1, 5000)], 500, {}, { action: 'pass', reason: 'no-older-turns', estBefore: 1364, estAfter: 1364, threshold: 500, headTokens: 52, summarizedTurns: 0, keptTurns: 1, pass: 0, over: false, cut: undefined, headSent: undefined, sent: undefined }],
    ['appends the summary as a user message after a head that ends in a system message', () => [HEAD, { role: 'system', content: 'rem' }, ...turns(0, 6)], 1500, {}, { action: 'compact', reason: undefined, estBefore: 1932, estAfter: 1155, threshold: 1500, headTokens: 60, summarizedTurns: 3, keptTurns: 3, pass: 0, over: false, cut: 8, headSent: 3, sent: 9 }],
    ['sends the summary alone before the kept turns when there is no head', () => turns(0, 6), 1500, {}, { action: 'compact', reason: undefined, estBefore: 1901, estAfter: 1124, threshold: 1500, headTokens: 29, summarizedTurns: 3, keptTurns: 3, pass: 0, over: false, cut: 6, headSent: 1, sent: 7 }],
  ];
  for (const [name, messages, threshold, opts, want] of cases) {
    it(name, () => assert.deepEqual(figures(decideOn(messages(), threshold, opts)), want));
  }

  it('drops a summary an earlier proxy left in the head, keeping the rest of its message', () => {
    const stale: Message = { role: 'user', content: [{ type: 'text', text: 'Task.' }, { type: 'text', text: `${SUMMARY_HEADER}\nold` }] };
    const d = decideOn([stale, ...turns(0, 6)], 1500);
    assert.equal(d.headTokens, 44, 'the head counted without the old summary: 29 + 15');
    const first = d.messages![0]!;
    assert.equal(typeof first.content === 'string' ? 0 : first.content.length, 2);
    assert.equal(textOf(first, 0), 'Task.');
    assert.ok(textOf(first, 1).startsWith(`${SUMMARY_HEADER}\nA local proxy replaced 3 earlier turns`));
  });

  it('drops a head message that held only an old summary', () => {
    const d = decideOn([HEAD, { role: 'user', content: [{ type: 'text', text: `${SUMMARY_HEADER}\nold` }] }, ...turns(0, 6)], 1500);
    assert.equal(d.headTokens, 52);
    assert.equal(d.headSent, 1);
    assert.equal(d.messages!.length, 7);
    assert.equal(textOf(d.messages![0], 0), 'Fix the failing parser test and keep the public API unchanged.');
  });

  it('compacts a request under the threshold when forced, and ignores a remembered prefix then', () => {
    const cache = new PrefixCache();
    const msgs = [HEAD, ...turns(0, 6)];
    const first = decideOn(msgs, 1500, {}, cache);
    cache.remember(first.entry!);
    assert.equal(decideOn(msgs, 1500, {}, cache).action, 'reuse');
    const forced = decideOn(msgs, 100_000, {}, cache, true);
    assert.equal(forced.action, 'compact');
    assert.equal(forced.cut, 7);
  });

  it('reuses a remembered prefix with the turns after it, and compacts anew once they overrun the threshold', () => {
    const cache = new PrefixCache();
    const first = decideOn([HEAD, ...turns(0, 6)], 1500, {}, cache);
    cache.remember(first.entry!);
    const reuse = decideOn([HEAD, ...turns(0, 7)], 1500, {}, cache);
    assert.deepEqual(figures(reuse), { action: 'reuse', reason: undefined, estBefore: 2236, estAfter: 1458, threshold: 1500, headTokens: 52, summarizedTurns: 3, keptTurns: 4, pass: 0, over: false, cut: 7, headSent: 1, sent: 9 });
    assert.equal(reuse.summary, first.summary);
    assert.equal(reuse.entry, undefined, 'nothing new to remember');
    const anew = decideOn([HEAD, ...turns(0, 8)], 1500, {}, cache);
    assert.equal(anew.action, 'compact');
    assert.equal(anew.cut, 11);
  });
});
