import { strict as assert } from 'node:assert';
import { z } from 'zod';
import { includesBytes, jsonObjectOf, readAs } from '../../../src/core/transcript/jsonLine';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('a transcript line read as JSON', () => {
  const cases: Array<[string, Uint8Array, Record<string, unknown> | null]> = [
    ['an object is read', bytes('{"type":"user","n":1}'), { type: 'user', n: 1 }],
    ['an empty object is still an object', bytes('{}'), {}],
    ['bytes that are not UTF-8 are not read', new Uint8Array([0x7b, 0xff, 0x7d]), null],
    ['text that is not JSON is not read', bytes('{"type":'), null],
    ['a JSON array is no record', bytes('[1,2]'), null],
    ['JSON null is no record', bytes('null'), null],
    ['a JSON string is no record', bytes('"sessionId"'), null],
    ['a JSON number is no record', bytes('5'), null],
  ];
  for (const [name, line, want] of cases) {
    it(name, () => assert.deepEqual(jsonObjectOf(line), want));
  }
});

describe('the byte search before decoding', () => {
  const cases: Array<[string, string, string, boolean]> = [
    ['a needle inside the line is found', '{"type":"user"}', '"type":"user"', true],
    ['a needle at the very end is found', 'abc"x"', '"x"', true],
    ['a needle that is not there is not found', '{"type":"assistant"}', '"type":"user"', false],
    ['a needle longer than the line is not found', 'ab', 'abc', false],
  ];
  for (const [name, hay, needle, want] of cases) {
    it(name, () => assert.equal(includesBytes(bytes(hay), bytes(needle)), want));
  }
});

describe('a record read by its shape', () => {
  const shape = z.object({ type: z.literal('user'), n: z.number() }).passthrough();
  it('a record of the shape is handed on, parsed, and the read says so', () => {
    const seen: number[] = [];
    assert.equal(readAs(shape, { type: 'user', n: 3, extra: true }, (r) => seen.push(r.n)), true);
    assert.deepEqual(seen, [3]);
  });
  it('a record not of the shape is not handed on, and the read says it failed', () => {
    const seen: number[] = [];
    assert.equal(readAs(shape, { type: 'user', n: 'three' }, (r) => seen.push(r.n)), false);
    assert.deepEqual(seen, []);
  });
});
