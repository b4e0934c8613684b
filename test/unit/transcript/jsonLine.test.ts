import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import ts from 'typescript';
import { z } from 'zod';
import { includesBytes, jsonObjectOf, readAs } from '../../../src/core/transcript/jsonLine';
import type * as jsonLineModule from '../../../src/core/transcript/jsonLine';

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

// Where there is no Buffer (the webview bundle) the byte search is the module's own loop. The
// module picks its search as it loads, so the tests load a copy of it in which the name Buffer is
// bound to undefined (a parameter of the wrapper, so the rest of the process keeps its Buffer);
// the search itself runs inside each test, where a mutant of the loop is active.
type JsonLine = typeof jsonLineModule;
function withoutBuffer(): JsonLine {
  const file = createRequire(__filename).resolve('../../../src/core/transcript/jsonLine');
  const js = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: Partial<JsonLine> = {};
  const load = compileFunction(js, ['exports', 'Buffer'], { filename: file }) as (exports: Partial<JsonLine>, buffer: undefined) => void;
  load(exports, undefined);
  if (!exports.includesBytes) throw new Error('the copy of jsonLine exports no includesBytes');
  return exports as JsonLine;
}

describe('the byte search without Buffer', () => {
  const cases: Array<[string, string, string, boolean]> = [
    ['a needle inside the line is found', '{"type":"user"}', '"type":"user"', true],
    ['a needle at the very start is found', '"x"abc', '"x"', true],
    ['a needle at the very end is found', 'abc"x"', '"x"', true],
    ['a needle that is the whole line is found', 'abc', 'abc', true],
    ['a one-byte needle at the start is found', 'xab', 'x', true],
    ['a needle found only after a false start is found', 'aab', 'ab', true],
    ['a needle found after several false starts is found', 'a-a-a-ab', 'ab', true],
    ['a needle whose first byte is there but not the rest is not found', 'ab-ac', 'ad', false],
    ['a needle that is not there is not found', '{"type":"assistant"}', '"type":"user"', false],
    ['a needle whose first byte is not there is not found', 'bcd', 'xbc', false],
    ['a needle cut off by the end of the line is not found', 'xxab', 'abc', false],
    ['a needle longer than the line is not found', 'ab', 'abc', false],
    ['a needle matching the line but for its middle byte is not found', 'axc', 'abc', false],
    ['a needle matching only backwards from a first byte is not found', 'cba', 'abc', false],
  ];
  for (const [name, hay, needle, want] of cases) {
    it(name, () => {
      const { includesBytes: search } = withoutBuffer();
      assert.equal(search(bytes(hay), bytes(needle)), want);
    });
  }
});
