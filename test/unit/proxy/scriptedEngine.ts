// An engine that makes the decisions a test scripts, one per request, for the replay tests: what
// replay counts is then pinned to decisions chosen by hand, not to what the rule decides today.
import { Engine } from '../../../src/core/proxy/engine';
import type { MessagesRequest, Message } from '../../../src/core/proxy/messages';
import { DEFAULTS } from '../../../src/core/proxy/options';
import type { Decision } from '../../../src/core/proxy/rule';
import { sha256 } from './build';

export type Step = (messages: Message[]) => Decision | null;

// The subclass is made inside the tests: defining it while the file loads would run Engine's code.
export function scriptedEngine(steps: Step[]): Engine {
  class ScriptedEngine extends Engine {
    override decideParsed(req: MessagesRequest): Decision | null {
      const step = steps.shift();
      if (!step) throw new Error('no decision left in the script');
      return step(req.messages);
    }
  }
  return new ScriptedEngine({ ...DEFAULTS, calibrate: false }, sha256);
}

export const SUMMARY_MSG: Message = { role: 'user', content: 'x'.repeat(13) };
export const decisionBase = { threshold: 100, headTokens: 0, summarizedTurns: 0, keptTurns: 0, pass: 0, over: false };
export const pass = (est: number): Step => () => ({ ...decisionBase, action: 'pass', reason: 'under-threshold', estBefore: est, estAfter: est });

export const user = (text: string) => ({ type: 'user', message: { role: 'user', content: text } });
export const assistant = (id: string) => ({ type: 'assistant', message: { role: 'assistant', id, content: 'ok' } });
/** What replay counts over no request at all: each test spreads it and names only what differs. */
export const EMPTY_COUNTS = { requests: 0, compacted: 0, reusedPrefix: 0, peakBefore: 0, peakAfter: 0, pairingViolations: 0, estCacheRead: 0, estCacheWrite: 0, overThreshold: 0, peakThreshold: 0, newCompactions: 0 };
