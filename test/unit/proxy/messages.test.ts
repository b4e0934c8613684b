import assert from 'node:assert/strict';
import { blocksOf, str } from '../../../src/core/proxy/messages';

describe('proxy message shapes', () => {
  it('reads a plain string content as one text block', () => assert.deepEqual(blocksOf({ role: 'user', content: 'hi' }), [{ type: 'text', text: 'hi' }]));

  const strings: Array<[string, unknown, string]> = [['a string', 'abc', 'abc'], ['a number', 5, ''], ['undefined', undefined, '']];
  for (const [name, value, want] of strings) {
    it(`reads ${name} as the text '${want}'`, () => assert.equal(str(value), want));
  }
});
