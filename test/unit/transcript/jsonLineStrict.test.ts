// A transcript line is read as JSON only when its bytes are UTF-8 through and through: a bad byte
// inside a JSON string is not quietly read as U+FFFD. And the byte search (Node's Buffer search
// where there is one) finds the empty needle in any line.
import { strict as assert } from 'node:assert';
import { includesBytes, jsonObjectOf } from '../../../src/core/transcript/jsonLine';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('a transcript line strictly UTF-8', () => {
  it('a byte that is not UTF-8 inside a JSON string leaves the line unread', () => {
    // {"a":"<FF>"}
    assert.equal(jsonObjectOf(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])), null);
  });

  it('a cut multi-byte character inside a JSON string leaves the line unread', () => {
    // {"a":"<E6 97>"}: the first two bytes of 日
    assert.equal(jsonObjectOf(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe6, 0x97, 0x22, 0x7d])), null);
  });

  const empty: Array<[string, string]> = [
    ['a line', '{"type":"user"}'],
    ['an empty line', ''],
  ];
  for (const [what, hay] of empty) {
    it(`the empty needle is found in ${what}`, () => assert.equal(includesBytes(bytes(hay), new Uint8Array(0)), true));
  }
});
