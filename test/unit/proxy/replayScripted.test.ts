// Replay's cache model for decisions the rule does not make today: a head of more than one message
// before the summary, a decision without a summary, and no decision at all (the engine's fail-open
// when a rewrite would unpair calls). Token counts are four characters a token: a rebuilt user
// message of 'abcd' is 56 characters of JSON (14 tokens), SUMMARY_MSG 40 characters (10 tokens).
import assert from 'node:assert/strict';
import { replayRecords } from '../../../src/core/proxy/replay';
import { sha256 } from './build';
import { assistant, decisionBase, EMPTY_COUNTS, pass, scriptedEngine, type Step, SUMMARY_MSG, user } from './scriptedEngine';

const RECORDS = [user('abcd'), assistant('m1'), user('efgh'), assistant('m2')];

describe('proxy replay of scripted decisions', () => {
  it('reads a head message kept before the summary from the cache of the request before', () => {
    const compact: Step = (messages) => ({
      ...decisionBase, action: 'compact', messages: [messages[0]!, SUMMARY_MSG], estBefore: 40, estAfter: 24,
      cut: messages.length, headSent: 2, summary: 'sum',
    });
    const r = replayRecords(RECORDS, scriptedEngine([pass(14), compact]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 1, newCompactions: 1, peakBefore: 40, peakAfter: 24, peakThreshold: 100, estCacheRead: 14, estCacheWrite: 24 });
  });

  it('reads a missing summary as an empty one', () => {
    const compact = (summary: string | undefined): Step => (messages) => ({
      ...decisionBase, action: 'compact', messages: [SUMMARY_MSG], estBefore: 40, estAfter: 10,
      cut: messages.length, headSent: 1, summary,
    });
    const r = replayRecords(RECORDS, scriptedEngine([compact(''), compact(undefined)]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 2, compacted: 2, newCompactions: 2, peakBefore: 40, peakAfter: 10, peakThreshold: 100, estCacheRead: 10, estCacheWrite: 10 });
  });

  it('counts the messages themselves when the engine makes no decision', () => {
    const r = replayRecords(RECORDS.slice(0, 2), scriptedEngine([() => null]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 1, peakBefore: 14, peakAfter: 14, estCacheWrite: 14 });
  });
});
