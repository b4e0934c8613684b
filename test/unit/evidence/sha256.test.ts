// The engine's own SHA-256 must agree with node:crypto (and so with sha256sum in the receipt script).
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { sha256Bytes, sha256Hex } from '../../../src/core/evidence/sha256';

const TEXTS: Array<[string, string]> = [
  ['the empty text', ''],
  ['one byte', 'a'],
  ['55 bytes (the longest one-block message)', 'x'.repeat(55)],
  ['56 bytes (the length spills into a second block)', 'x'.repeat(56)],
  ['64 bytes', 'y'.repeat(64)],
  ['non-ASCII text', 'é ü 日本 🎉 \u2028'],
  ['a lone surrogate (hashed as U+FFFD)', '\ud800'],
  ['a megabyte', 'abc\n'.repeat(1 << 18)],
];

describe('sha256', () => {
  for (const [name, text] of TEXTS) {
    it(`agrees with node:crypto on ${name}`, () => {
      assert.equal(sha256Hex(text), createHash('sha256').update(text, 'utf8').digest('hex'));
    });
  }

  it('agrees on every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    assert.equal(sha256Bytes(bytes), createHash('sha256').update(bytes).digest('hex'));
  });
});
