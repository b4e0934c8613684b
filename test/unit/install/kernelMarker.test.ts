// The kernel marker names one file per session inside the state folder, and no path for an id that
// could climb out of it.
import { strict as assert } from 'node:assert';
import { KERNEL_MARKER_DIR, kernelMarkerRel } from '../../../src/core/install/kernelMarker';

describe('kernel marker', () => {
  it('lives in the state folder, where the agent cannot write under the kernel', () => {
    assert.equal(KERNEL_MARKER_DIR, '.claude/proofmeter/kernel');
  });

  const rows: Array<[string, string | null]> = [
    ['0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10', '.claude/proofmeter/kernel/0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10'],
    ['abc', '.claude/proofmeter/kernel/abc'],
    ['', null],
    ['../goal.json', null],
    ['a/b', null],
    ['a b', null],
  ];
  for (const [id, rel] of rows) {
    it(`a session id ${JSON.stringify(id)} names ${rel ?? 'no marker'}`, () => {
      assert.equal(kernelMarkerRel(id), rel);
    });
  }
});
