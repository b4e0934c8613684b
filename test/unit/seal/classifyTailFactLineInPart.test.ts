// A command fact with no line of its own (a recipe emptied) is placed where its part starts in
// the new file, not at the part's first changed line: the part is what lost the failure.
import { strict as assert } from 'node:assert';
import { classifySeal } from '../../../src/core/seal/classify';
import type { DepRef } from '../../../src/core/seal/deps';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import { text } from './sealSnapshots';

const MK: DepRef = { path: 'Makefile', role: 'makefile', parts: ['target:test'], via: 'the proof' };
const snap = (content: string): SealSnapshot => ({ version: 1, takenAtMs: 0, proofs: [{ proof: 'make test', deps: [MK], unresolved: [] }], gates: [], files: [text('Makefile', content)], dirs: [] });

describe('the line of a command fact in a part', () => {
  it('a target that moved to line 3 and lost its recipe is reported at line 3, where it starts', () => {
    const out = classifySeal(snap('test:\n\tmocha a\n'), snap('# x\n\ntest:\n'));
    assert.deepEqual(
      out.map((f) => [f.kind, f.line]),
      [['checker-trivialized', 3]],
    );
  });
});
