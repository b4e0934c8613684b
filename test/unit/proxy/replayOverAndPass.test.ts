// Replay counts: a request still over its threshold after compaction is counted as such, and a
// decision to pass is never counted as a compaction, whatever messages it carries.
import assert from 'node:assert/strict';
import { replayRecords } from '../../../src/core/proxy/replay';
import { sha256 } from './build';
import { decisionBase, EMPTY_COUNTS, scriptedEngine, type Step, SUMMARY_MSG } from './scriptedEngine';

const RECORDS = [{ type: 'user', message: { role: 'user', content: 'abcd' } }, { type: 'assistant', message: { role: 'assistant', id: 'm1', content: 'ok' } }];

describe('proxy replay counts of over-threshold and passed requests', () => {
  it('a compaction still over its threshold is counted once as over', () => {
    const compact: Step = (messages) => ({
      ...decisionBase, over: true, action: 'compact', messages: [SUMMARY_MSG], estBefore: 40, estAfter: 10,
      cut: messages.length, headSent: 1, summary: '',
    });
    const r = replayRecords(RECORDS, scriptedEngine([compact]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 1, compacted: 1, newCompactions: 1, overThreshold: 1, peakBefore: 40, peakAfter: 10, peakThreshold: 100, estCacheWrite: 10 });
  });

  it('a pass is no compaction even when it carries messages and a cut', () => {
    const pass: Step = (messages) => ({
      ...decisionBase, action: 'pass', messages: [SUMMARY_MSG], estBefore: 14, estAfter: 14,
      cut: messages.length, headSent: 1, summary: '',
    });
    const r = replayRecords(RECORDS, scriptedEngine([pass]), sha256);
    assert.deepEqual(r, { ...EMPTY_COUNTS, requests: 1, peakBefore: 14, peakAfter: 14, peakThreshold: 100, estCacheWrite: 14 });
  });
});
