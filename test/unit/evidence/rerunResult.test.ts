import { strict as assert } from 'node:assert';
import { rerunResult } from '../../../src/core/evidence/rerun';

describe('rerunResult', () => {
  it('keeps exactly the result of a run, never its output or where it was saved', () => {
    const run = {
      outcome: 'fail' as const,
      exit: 3,
      signal: null,
      durationMs: 12,
      outputBytes: 40,
      outputTruncated: false,
      at: '2026-12-01T10:00:00.000Z',
      error: null,
      output: Buffer.from('secret output'),
      treeKey: 'k',
    };
    assert.deepEqual(rerunResult(run), {
      outcome: 'fail',
      exit: 3,
      signal: null,
      durationMs: 12,
      outputBytes: 40,
      outputTruncated: false,
      at: '2026-12-01T10:00:00.000Z',
      error: null,
    });
  });
});
