// A line whose bytes are not UTF-8 is no JSON object, even when replacing the bad bytes would make one.
import { strict as assert } from 'node:assert';
import { jsonObjectOf } from '../../../src/core/transcript/jsonLine';

describe('a transcript line that is not UTF-8', () => {
  const cases: Array<[string, number[], Record<string, unknown> | null]> = [
    ['an object with a stray 0xFF byte in a string is unreadable', [...Buffer.from('{"a":"'), 0xff, ...Buffer.from('"}')], null],
    ['an object with a cut two-byte character in a string is unreadable', [...Buffer.from('{"a":"'), 0xc3, ...Buffer.from('"}')], null],
    ['an object with a whole two-byte character is read', [...Buffer.from('{"a":"'), 0xc3, 0xa9, ...Buffer.from('"}')], { a: 'é' }],
  ];
  for (const [name, bytes, want] of cases) {
    it(name, () => assert.deepEqual(jsonObjectOf(Uint8Array.from(bytes)), want));
  }
});
