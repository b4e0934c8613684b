// A rebuilt request drops only empty text blocks: a block of another type is kept even with an
// empty text field, and a record left with no blocks adds no message.
import assert from 'node:assert/strict';
import { forEachRequest, type Rebuilt } from '../../../src/core/proxy/rebuild';
import type { Message } from '../../../src/core/proxy/messages';

function requests(records: unknown[]): Message[][] {
  const out: Message[][] = [];
  forEachRequest(records, (r: Rebuilt) => out.push(structuredClone(r.messages)));
  return out;
}

describe('proxy rebuilt requests and empty blocks', () => {
  it('keeps a block of another type whose text field is empty', () => {
    const records = [
      { type: 'user', message: { role: 'user', content: [{ type: 'image', text: '' }, { type: 'text', text: '' }, { type: 'text', text: 'hi' }] } },
      { type: 'assistant', message: { role: 'assistant', id: 'm1', content: 'ok' } },
    ];
    assert.deepEqual(requests(records), [[{ role: 'user', content: [{ type: 'image', text: '' }, { type: 'text', text: 'hi' }] }]]);
  });

  it('a user record of empty text adds no message', () => {
    const records = [
      { type: 'user', message: { role: 'user', content: '' } },
      { type: 'assistant', message: { role: 'assistant', id: 'm1', content: 'ok' } },
      { type: 'user', message: { role: 'user', content: [{ type: 'text', text: '' }] } },
      { type: 'assistant', message: { role: 'assistant', id: 'm2', content: 'fine' } },
    ];
    assert.deepEqual(requests(records), [[{ role: 'assistant', content: [{ type: 'text', text: 'ok' }] }]]);
  });
});
