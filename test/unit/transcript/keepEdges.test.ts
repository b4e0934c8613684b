// Edges of the keep set (src/core/transcript/keep.ts): an empty proof, and the digests a saved
// scan state is stored under, which must not change between releases or every saved state is read again.
import { strict as assert } from 'node:assert';
import { keepDigest, keepsCommand, type ScanKeep } from '../../../src/core/transcript/keep';

describe('an empty proof in the keep set', () => {
  // Each row: the command a run ran, and whether the keep set with only the empty proof keeps it.
  const cases: Array<[string, string, boolean]> = [
    ['an empty proof keeps the runs of the empty command: they are an exact match', '', true],
    ['an empty proof does not keep every run, though every command contains the empty text', 'npm test', false],
    ['an empty proof does not keep a run of a one-word command', 'ls', false],
  ];
  for (const [name, command, kept] of cases) {
    it(name, () => {
      const keep: ScanKeep = { proofs: [''], home: null };
      assert.equal(keepsCommand(keep)(command), kept);
    });
  }
});

describe('the digest a saved scan state is stored under', () => {
  // Literal digests: a change to what is hashed must be a deliberate one, since it reads every saved state again.
  const cases: Array<[string, ScanKeep | null, string]> = [
    ['the digest of no keep set is the hash of "none"', null, 'ada7afdb37cc37b1'],
    ['the digest of a keep set hashes its "k2" tag, its home and its proofs', { proofs: ['npm test'], home: '/home/dev' }, 'd7b21e45c30922d7'],
  ];
  for (const [name, keep, digest] of cases) {
    it(name, () => {
      assert.equal(keepDigest(keep), digest);
    });
  }
});
