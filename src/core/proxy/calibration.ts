// Estimates undercount Claude's tokenizer, so the proxy learns by how much from the input each
// response reports, per upstream and model, and starts compaction earlier by that ratio. Never later:
// the ratio is clamped to 1.0-2.0, and a sample that looks wrong is skipped rather than trusted.
export interface Calibration {
  ratio: number;
  samples: number;
}

export const CALIBRATION = { minEstimated: 1000, minSample: 0.25, maxSample: 4, weight: 1 / 8, lo: 1, hi: 2, warmup: 5 };

export const UNCALIBRATED: Calibration = { ratio: 1, samples: 0 };

/** The state after one response: `estimated` is what the proxy sent, `reported` the provider's count. */
export function addSample(c: Calibration, estimated: number, reported: number): Calibration {
  if (!(estimated >= CALIBRATION.minEstimated) || !(reported > 0)) return c;
  const r = reported / estimated;
  if (r < CALIBRATION.minSample || r > CALIBRATION.maxSample) return c;
  const moved = c.ratio + (r - c.ratio) * CALIBRATION.weight;
  return { ratio: Math.min(CALIBRATION.hi, Math.max(CALIBRATION.lo, moved)), samples: c.samples + 1 };
}

/** The threshold to apply: divided by the ratio once enough responses were seen. */
export function calibratedThreshold(threshold: number, c: Calibration | undefined, enabled: boolean): number {
  if (!enabled || !c || c.samples < CALIBRATION.warmup) return threshold;
  return Math.floor(threshold / Math.max(1, c.ratio));
}
