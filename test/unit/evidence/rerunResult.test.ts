import { strict as assert } from 'node:assert';
import type { ItemEvidence } from '../../../src/core/evidence/evidence';
import { rerunResult, verifierView } from '../../../src/core/evidence/rerun';

/** A run's result fields, as every re-run record holds them. */
const RESULT = {
  outcome: 'fail' as const,
  exit: 3,
  signal: null,
  durationMs: 12,
  outputBytes: 40,
  outputTruncated: false,
  at: '2026-12-01T10:00:00.000Z',
  error: null,
};

describe('rerunResult', () => {
  it('keeps exactly the result of a run, never its output or where it was saved', () => {
    const run = { ...RESULT, output: Buffer.from('secret output'), treeKey: 'k' };
    assert.deepEqual(rerunResult(run), RESULT);
  });
});

describe('verifierView', () => {
  it("shows a saved re-run's own fields beside the session's state, and who ran it, never the cache's tree key or environment", () => {
    const saved = { ...RESULT, id: 'S1', proof: 'npm test', clean: false, timeoutMs: 120_000, treeKey: 'git:abc', envDigest: '6ec98cf9fa28d188', by: 'verify' as const };
    const item: ItemEvidence = {
      item: { id: 'S1', key: 'S1', text: 'tests pass', list: 'Steps', owner: 'claude', proof: { kind: 'command', command: 'npm test' }, line: 3 },
      state: 'proved',
      deciding: null,
      closedBy: null,
      handover: null,
      detail: '',
    };
    const [shown] = verifierView([item], [saved]).results;
    assert.deepEqual(Object.keys(shown ?? {}).sort(), ['at', 'by', 'clean', 'durationMs', 'error', 'exit', 'id', 'outcome', 'outputBytes', 'outputTruncated', 'proof', 'reopened', 'session', 'signal', 'timeoutMs']);
  });
});
