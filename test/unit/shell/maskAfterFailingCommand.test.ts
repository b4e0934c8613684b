import { strict as assert } from 'node:assert';
import { exitReading, type ExitReading } from '../../../src/core/shell/exitStatus';

// After a command that can fail, only a last command that always exits 0 is a `sequence` mask; a
// last command masked in its own way (`|| true`, a pipe into tail, `&`) keeps that reading, its
// own culprit and its own fix.
const cases: Array<[string, ExitReading]> = [
  ['npm test; npm run lint || true', { kind: 'cannot-fail', how: 'or-mask', culprit: '|| true', fix: 'npm test; npm run lint' }],
  ['npm test; npm run lint | tail -5', { kind: 'cannot-fail', how: 'pipeline', culprit: 'tail -5', fix: 'set -o pipefail; npm test; npm run lint | tail -5' }],
  ['npm test; npm run lint &', { kind: 'cannot-fail', how: 'background', culprit: 'npm run lint &', fix: 'npm test; npm run lint' }],
  ['npm test; true', { kind: 'cannot-fail', how: 'sequence', culprit: 'true', fix: 'npm test' }],
];

describe('the mask of the last command after one that can fail', () => {
  for (const [src, want] of cases) {
    it(`${JSON.stringify(src)} cannot fail by ${want.kind === 'cannot-fail' ? want.how : want.kind}`, () => assert.deepEqual(exitReading(src), want));
  }
});
