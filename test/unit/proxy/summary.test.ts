import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { canonicalJson, turnLines } from '../../../src/core/proxy/summary';

const LIMITS = { resultMaxChars: 20, signatureMaxChars: 150, keepText: true };
const result = (content: unknown): Message => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content }] });
const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } };

describe('proxy summary lines', () => {
  const results: Array<[string, unknown, string]> = [
    ['a result of text and one image', [{ type: 'text', text: 'shot' }, image], 'result: shot [1 image left out]'],
    ['a result of two images', [image, image], 'result:  [2 images left out]'],
    ['a long result with an image', [{ type: 'text', text: 'x'.repeat(30) }, image], 'result: left out, 30 characters [1 image left out]'],
    ['a result of two text parts, joined by a line break', [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], 'result: a\nb'],
    ['a result whose content is neither text nor a list', { weird: true }, 'result: '],
    ['a result whose list holds something that is not a block', [null, { type: 'text', text: 'ok' }], 'result: ok'],
  ];
  for (const [name, content, want] of results) {
    it(`writes ${name} as one line`, () => assert.deepEqual(turnLines([result(content)], LIMITS), [want]));
  }

  it('writes a call without input with empty arguments, and a value JSON cannot write as null', () => {
    const lines = turnLines([{ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read' }, { type: 'tool_use', id: 't2', name: 'Odd', input: { f: undefined } }] }], LIMITS);
    assert.deepEqual(lines, ['call Read {}', 'call Odd {"f":null}']);
  });

  it('writes a value JSON cannot write as null', () => assert.equal(canonicalJson(undefined), 'null'));
});
