// The overshoot of a length rejection is read only when both sizes are positive and the request was
// over the limit; the retry aims at 90% of that ratio of the size sent.
import assert from 'node:assert/strict';
import { overshoot, retryThreshold } from '../../../src/core/proxy/rejection';

describe('proxy overshoot bounds and the retry size', () => {
  const cases: Array<[string, string, number | null]> = [
    ['a request over the limit gives limit / size', 'prompt is too long: 250000 tokens > 200000 maximum', 0.8],
    ['a limit of 0 gives no overshoot', 'prompt is too long: 5000 tokens > 0 maximum', null],
    ['a size of 0 gives no overshoot', 'prompt is too long: 0 tokens > 0 maximum', null],
    ['a size equal to the limit gives no overshoot', 'prompt is too long: 200000 tokens > 200000 maximum', null],
    ['a size under the limit gives no overshoot', 'prompt is too long: 100 tokens > 200 maximum', null],
  ];
  for (const [name, body, want] of cases) {
    it(name, () => assert.equal(overshoot(body), want));
  }

  it('retries at 90% of the overshoot ratio of the size sent', () => {
    assert.equal(retryThreshold(100_000, 200_000, 'prompt is too long: 200000 tokens > 100000 maximum'), 45_000);
  });

  it('retries at half the size sent when the body names no sizes', () => {
    assert.equal(retryThreshold(100_000, 200_000, 'prompt is too long'), 50_000);
  });
});
