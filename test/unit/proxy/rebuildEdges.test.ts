// Rebuilt requests name no model until an assistant record names one, and only a system record
// that is a compact boundary starts the conversation again.
import assert from 'node:assert/strict';
import { forEachRequest, type Rebuilt } from '../../../src/core/proxy/rebuild';

const user = (text: string) => ({ type: 'user', message: { role: 'user', content: text } });
const assistant = (id: string, text: string, model?: string) => ({ type: 'assistant', message: { role: 'assistant', id, content: text, ...(model ? { model } : {}) } });

function rebuilt(records: unknown[]): Array<{ model: string; texts: string[] }> {
  const out: Array<{ model: string; texts: string[] }> = [];
  forEachRequest(records, (r: Rebuilt) => out.push({ model: r.model, texts: r.messages.map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => String(b.text)).join('|'))) }));
  return out;
}

describe('proxy rebuilt requests, edges', () => {
  it('names no model for a request before any assistant record named one', () => {
    assert.deepEqual(rebuilt([user('hi'), assistant('m1', 'ok'), user('more'), assistant('m2', 'fine', 'claude-x'), user('last'), assistant('m3', 'done')]), [
      { model: '', texts: ['hi'] },
      { model: 'claude-x', texts: ['hi', 'ok', 'more'] },
      { model: 'claude-x', texts: ['hi', 'ok', 'more', 'fine', 'last'] },
    ]);
  });

  it('starts again at a system compact boundary, and not at another record marked compact_boundary', () => {
    const records = [
      user('a'), assistant('m1', 'b'),
      { type: 'user', subtype: 'compact_boundary', message: { role: 'user', content: 'c' } },
      assistant('m2', 'd'),
      { type: 'system', subtype: 'compact_boundary' },
      user('e'), assistant('m3', 'f'),
    ];
    assert.deepEqual(rebuilt(records).map((r) => r.texts), [['a'], ['a', 'b', 'c'], ['e']]);
  });
});
