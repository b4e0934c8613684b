// Words in a summary are text blocks with something in them: a blank or empty text block is no
// line, and a block of another type is never words, whatever text field it carries.
import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { turnLines, wordLines } from '../../../src/core/proxy/summary';

const LIMITS = { resultMaxChars: 20, signatureMaxChars: 150, keepText: true };

describe('proxy summary words', () => {
  const cases: Array<[string, Message[], string[]]> = [
    ['an empty text block', [{ role: 'user', content: [{ type: 'text', text: '' }] }], []],
    ['a text block of spaces and a line break', [{ role: 'user', content: [{ type: 'text', text: '  \n ' }] }], []],
    ['a text block reading "Stryker was here!"', [{ role: 'user', content: [{ type: 'text', text: 'Stryker was here!' }] }], ['user: Stryker was here!']],
    ['a thinking block with a text field', [{ role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', text: 'hidden' }] }], []],
    ['a text block beside a blank one', [{ role: 'assistant', content: [{ type: 'text', text: ' ' }, { type: 'text', text: 'done' }] }], ['assistant: done']],
  ];
  for (const [name, messages, want] of cases) {
    it(`writes ${name} as ${want.length ? 'its words' : 'no line'}`, () => {
      assert.deepEqual(turnLines(messages, LIMITS), want);
      assert.deepEqual(wordLines(messages), want);
    });
  }

  it('writes a call that carries a text field as a call, not as words', () => {
    const m: Message[] = [{ role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { f: 'a' }, text: 'note' }] }];
    assert.deepEqual(turnLines(m, LIMITS), ['call Read {"f":"a"}']);
    assert.deepEqual(wordLines(m), []);
  });
});
