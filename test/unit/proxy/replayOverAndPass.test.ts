// Replay counts: a request still over its threshold after compaction is counted as such, and a
// decision to pass is never counted as a compaction, whatever messages it carries.
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
const RECORDS = [{ type: 'user', message: { role: 'user', content: 'abcd' } }, { type: 'assistant', message: { role: 'assistant', id: 'm1', content: 'ok' } }];
const empty = { requests: 0, compacted: 0, reusedPrefix: 0, peakBefore: 0, peakAfter: 0, pairingViolations: 0, estCacheRead: 0, estCacheWrite: 0, overThreshold: 0, peakThreshold: 0, newCompactions: 0 };

describe('proxy replay counts of over-threshold and passed requests', () => {
  it('a compaction still over its threshold is counted once as over', () => {
    const compact: Step = (messages) => ({
      ...base, over: true, action: 'compact', messages: [SUMMARY_MSG], estBefore: 40, estAfter: 10,
      cut: messages.length, headSent: 1, summary: '',
    });
    const r = replayRecords(RECORDS, scriptedEngine([compact]), sha256);
    assert.deepEqual(r, { ...empty, requests: 1, compacted: 1, newCompactions: 1, overThreshold: 1, peakBefore: 40, peakAfter: 10, peakThreshold: 100, estCacheWrite: 10 });
  });

  it('a pass is no compaction even when it carries messages and a cut', () => {
    const pass: Step = (messages) => ({
      ...base, action: 'pass', messages: [SUMMARY_MSG], estBefore: 14, estAfter: 14,
      cut: messages.length, headSent: 1, summary: '',
    });
    const r = replayRecords(RECORDS, scriptedEngine([pass]), sha256);
    assert.deepEqual(r, { ...empty, requests: 1, peakBefore: 14, peakAfter: 14, peakThreshold: 100, estCacheWrite: 14 });
  });
});
