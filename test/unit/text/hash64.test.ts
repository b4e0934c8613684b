import { strict as assert } from 'node:assert';
import { hash64 } from '../../../src/core/text/hash64';

// Saved scan entries are named and keyed by these digests: a change of value costs every cache.
describe('hash64', () => {
  const cases: Array<[string, string, string]> = [
    ['the empty text is the two offset bases', '', '811c9dc501000193'],
    ['one letter: the first half is FNV-1a 32 of it', 'a', 'e40c292c335863da'],
    ['a transcript path', '/home/dev/proj/s.jsonl', '0c1cffe3c52334ed'],
    ['the digest of no keep set', 'none', 'ada7afdb37cc37b1'],
  ];
  for (const [name, text, want] of cases) {
    it(name, () => assert.equal(hash64(text), want));
  }
});
