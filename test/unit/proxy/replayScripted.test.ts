// Replay's cache model for decisions the rule does not make today: a head of more than one message
// before the summary, a decision without a summary, and no decision at all (the engine's fail-open
// when a rewrite would unpair calls). Token counts are four characters a token: a rebuilt user
// message of 'abcd' is 56 characters of JSON (14 tokens), SUMMARY_MSG 40 characters (10 tokens).
import assert from 'node:assert/strict';
import { Engine } from '../../../src/core/proxy/engine';
import type { MessagesRequest, Message } from '../../../src/core/proxy/messages';
import { DEFAULTS } from '../../../src/core/proxy/options';
import { replayRecords } from '../../../src/core/proxy/replay';
import type { Decision } from '../../../src/core/proxy/rule';
import { sha256 } from './build';

type Step = (messages: Message[]) => Decision | null;

// The subclass is made inside the tests: defining it while the file loads would run Engine's code.
function scriptedEngine(steps: Step[]): Engine {
  class ScriptedEngine extends Engine {
    override decideParsed(req: MessagesRequest): Decision | null {
      const step = steps.shift();
      if (!step) throw new Error('no decision left in the script');
      return step(req.messages);
    }
  }
  return new ScriptedEngine({ ...DEFAULTS, calibrate: false }, sha256);
}

const SUMMARY_MSG: Message = { role: 'user', content: 'x'.repeat(13) };
const base = { threshold: 100, headTokens: 0, summarizedTurns: 0, keptTurns: 0, pass: 0, over: false };
const pass = (est: number): Step => () => ({ ...base, action: 'pass', reason: 'under-threshold', estBefore: est, estAfter: est });
const user = (text: string) => ({ type: 'user', message: { role: 'user', content: text } });
const assistant = (id: string) => ({ type: 'assistant', message: { role: 'assistant', id, content: 'ok' } });
const RECORDS = [user('abcd'), assistant('m1'), user('efgh'), assistant('m2')];
const empty = { requests: 0, compacted: 0, reusedPrefix: 0, peakBefore: 0, peakAfter: 0, pairingViolations: 0, estCacheRead: 0, estCacheWrite: 0, overThreshold: 0, peakThreshold: 0, newCompactions: 0 };

describe('proxy replay of scripted decisions', () => {
  it('reads a head message kept before the summary from the cache of the request before', () => {
    const compact: Step = (messages) => ({
      ...base, action: 'compact', messages: [messages[0]!, SUMMARY_MSG], estBefore: 40, estAfter: 24,
      cut: messages.length, headSent: 2, summary: 'sum',
    });
    const r = replayRecords(RECORDS, scriptedEngine([pass(14), compact]), sha256);
    assert.deepEqual(r, { ...empty, requests: 2, compacted: 1, newCompactions: 1, peakBefore: 40, peakAfter: 24, peakThreshold: 100, estCacheRead: 14, estCacheWrite: 24 });
  });

  it('reads a missing summary as an empty one', () => {
    const compact = (summary: string | undefined): Step => (messages) => ({
      ...base, action: 'compact', messages: [SUMMARY_MSG], estBefore: 40, estAfter: 10,
      cut: messages.length, headSent: 1, summary,
    });
    const r = replayRecords(RECORDS, scriptedEngine([compact(''), compact(undefined)]), sha256);
    assert.deepEqual(r, { ...empty, requests: 2, compacted: 2, newCompactions: 2, peakBefore: 40, peakAfter: 10, peakThreshold: 100, estCacheRead: 10, estCacheWrite: 10 });
  });

  it('counts the messages themselves when the engine makes no decision', () => {
    const r = replayRecords(RECORDS.slice(0, 2), scriptedEngine([() => null]), sha256);
    assert.deepEqual(r, { ...empty, requests: 1, peakBefore: 14, peakAfter: 14, estCacheWrite: 14 });
  });
});
