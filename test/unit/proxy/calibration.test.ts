import assert from 'node:assert/strict';
import { addSample, calibratedThreshold, UNCALIBRATED, type Calibration } from '../../../src/core/proxy/calibration';

function feed(samples: Array<[number, number]>): Calibration {
  return samples.reduce((c, [est, rep]) => addSample(c, est, rep), UNCALIBRATED);
}

describe('proxy calibration', () => {
  const cases: Array<[string, Array<[number, number]>, number, number]> = [
    ['skips samples under 1,000 estimated tokens', [[999, 1998]], 1, 0],
    ['skips ratios under 0.25', [[10_000, 2_000]], 1, 0],
    ['skips ratios over 4', [[10_000, 41_000]], 1, 0],
    ['moves the ratio by 1/8 of each sample', [[10_000, 15_000]], 1 + 0.5 / 8, 1],
    ['takes a sample of exactly 1,000 estimated tokens', [[1000, 1500]], 1 + 0.5 / 8, 1],
    ['takes a ratio of exactly 4', [[10_000, 40_000]], 1 + 3 / 8, 1],
    ['takes a ratio of exactly 0.25, clamped at 1.0', [[10_000, 2_500]], 1, 1],
    ['skips a reported count that is not a number', [[10_000, Number.NaN]], 1, 0],
    ['clamps the ratio at 2.0', Array.from({ length: 60 }, () => [10_000, 39_000] as [number, number]), 2, 60],
    ['clamps the ratio at 1.0: compaction never starts later', Array.from({ length: 10 }, () => [10_000, 3_000] as [number, number]), 1, 10],
  ];
  for (const [name, samples, ratio, n] of cases) {
    it(name, () => {
      const c = feed(samples);
      assert.ok(Math.abs(c.ratio - ratio) < 1e-9, `ratio ${c.ratio}, expected ${ratio}`);
      assert.equal(c.samples, n);
    });
  }

  it('divides the threshold by the ratio only after five responses', () => {
    const four = feed(Array.from({ length: 4 }, () => [10_000, 20_000] as [number, number]));
    const five = addSample(four, 10_000, 20_000);
    assert.equal(calibratedThreshold(128_000, four, true), 128_000);
    const t = calibratedThreshold(128_000, five, true);
    assert.ok(t < 128_000 && t === Math.floor(128_000 / five.ratio), `${t}`);
  });

  it('leaves the threshold alone with --no-calibrate', () => {
    const c = feed(Array.from({ length: 20 }, () => [10_000, 20_000] as [number, number]));
    assert.equal(calibratedThreshold(128_000, c, false), 128_000);
  });
});
