// Replay asks the engine under the upstream name 'replay', so the calibration an engine learned for
// that upstream lowers the thresholds replay applies.
import assert from 'node:assert/strict';
import { Engine } from '../../../src/core/proxy/engine';
import { DEFAULTS } from '../../../src/core/proxy/options';
import { replayRecords } from '../../../src/core/proxy/replay';
import { sha256 } from './build';

const RECORDS = [
  { type: 'user', message: { role: 'user', content: 'abcd' } },
  { type: 'assistant', message: { role: 'assistant', model: 'claude-x', id: 'm1', content: 'ok' } },
  { type: 'user', message: { role: 'user', content: 'efgh' } },
];

describe('proxy replay calibration', () => {
  it('applies the calibration learned for the upstream named replay', () => {
    const engine = new Engine({ ...DEFAULTS, calibrate: true }, sha256);
    // Ten responses reporting twice the estimate: past the warm-up, the threshold is scaled down.
    for (let i = 0; i < 10; i++) engine.observe('replay', 'claude-x', 1000, 2000);
    assert.equal(replayRecords(RECORDS, engine, sha256).peakThreshold, 73_693);
  });

  it('applies the default threshold with no calibration learned', () => {
    const engine = new Engine({ ...DEFAULTS, calibrate: true }, sha256);
    assert.equal(replayRecords(RECORDS, engine, sha256).peakThreshold, 128_000);
  });
});
