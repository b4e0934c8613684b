// Replay's cache model at its edges: the kept tail after a summary is counted, a request that is a
// prefix of the one before reads all of itself, a first message that differs reads nothing, and a
// summary never shares a key with an uncompacted message.
import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { replayRecords } from '../../../src/core/proxy/replay';
import { sha256 } from './build';
import { assistant, decisionBase, EMPTY_COUNTS, pass, scriptedEngine, type Step, SUMMARY_MSG, user } from './scriptedEngine';

// A rebuilt user message of four letters is 14 tokens, the assistant's "ok" 15, SUMMARY_MSG 10.
const compactAt = (cut: number, summary = 'sum'): Step => (messages) => ({
  ...decisionBase, action: 'compact', messages: [SUMMARY_MSG, ...messages.slice(cut)], estBefore: 40, estAfter: 24,
  cut, headSent: 1, summary,
});
const RECORDS = [user('abcd'), assistant('m1'), user('efgh'), assistant('m2')];

describe('proxy replay cache units at their edges', () => {
  it('writes the kept messages after the summary as well as the summary', () => {
    // The second request, abcd / ok / efgh, keeps its last two messages after the summary.
    const r = replayRecords(RECORDS, scriptedEngine([pass(14), compactAt(1)]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 1, newCompactions: 1, peakBefore: 40, peakAfter: 24, peakThreshold: 100, estCacheWrite: 53 });
  });

  it('reads the whole of a compacted request whose units all begin the one before', () => {
    const r = replayRecords(RECORDS, scriptedEngine([compactAt(0), compactAt(3)]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 2, newCompactions: 2, peakBefore: 40, peakAfter: 24, peakThreshold: 100, estCacheRead: 10, estCacheWrite: 24 });
  });

  it('reads nothing when the first message differs from the request before', () => {
    const r = replayRecords(RECORDS, scriptedEngine([compactAt(1), pass(38)]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 1, newCompactions: 1, peakBefore: 40, peakAfter: 38, peakThreshold: 100, estCacheWrite: 53 });
  });

  it('a summary never matches an uncompacted message, even under a hash that maps everything alike', () => {
    const r = replayRecords(RECORDS, scriptedEngine([pass(14), compactAt(3, '')]), () => '');
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 1, newCompactions: 1, peakBefore: 40, peakAfter: 24, peakThreshold: 100, estCacheWrite: 24 });
  });

  it('a pass carrying messages reports the size before as the size after', () => {
    const passWith: Step = (messages) => ({ ...decisionBase, action: 'pass', messages: [SUMMARY_MSG], estBefore: 14, estAfter: 3, cut: messages.length, headSent: 1, summary: '' });
    const r = replayRecords(RECORDS.slice(0, 2), scriptedEngine([passWith]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 1, peakBefore: 14, peakAfter: 14, peakThreshold: 100, estCacheWrite: 14 });
  });

  it('counts a call sent without its result as a pairing violation', () => {
    const call: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} }] };
    const unpaired: Step = (messages) => ({ ...decisionBase, action: 'compact', messages: [SUMMARY_MSG, call, { role: 'user', content: 'next' }], estBefore: 40, estAfter: 24, cut: messages.length, headSent: 1, summary: 'sum' });
    const r = replayRecords(RECORDS.slice(0, 2), scriptedEngine([unpaired]), sha256);
    assert.equal(r.pairingViolations, 1);
  });

  it('keys each kept message by the history up to and including it, so a new history after a boundary reads only the summary', () => {
    // Both requests keep their one message after the same summary; the messages differ.
    const records = [user('abcd'), assistant('m1'), { type: 'system', subtype: 'compact_boundary' }, user('ijkl'), assistant('m2')];
    const r = replayRecords(records, scriptedEngine([compactAt(0), compactAt(0)]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 2, newCompactions: 2, peakBefore: 40, peakAfter: 24, peakThreshold: 100, estCacheRead: 10, estCacheWrite: 38 });
  });
});
