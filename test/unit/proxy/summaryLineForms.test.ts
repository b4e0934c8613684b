// The summary's lines in their exact form: arrays and objects in canonical JSON, a call cut only
// past its length, server tool calls, failed results, results of exactly the limit, the newest
// lines that fit exactly, and the summary's words for one turn and for carried words.
import assert from 'node:assert/strict';
import type { Message } from '../../../src/core/proxy/messages';
import { canonicalJson, fitNewest, SUMMARY_HEADER, summaryText, turnLines, wordLines } from '../../../src/core/proxy/summary';

const LIMITS = { resultMaxChars: 5, signatureMaxChars: 150, keepText: true };

describe('proxy summary line forms', () => {
  it('writes arrays with brackets and commas, and object entries with commas', () => {
    assert.equal(canonicalJson({ b: [1, 'x', null], a: { d: 2, c: [] } }), '{"a":{"c":[],"d":2},"b":[1,"x",null]}');
  });

  it('keeps a call line of exactly the length it is cut at, and cuts one a character longer', () => {
    const m: Message = { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Go', input: { a: 1 } }, { type: 'tool_use', id: 't2', name: 'Go', input: { a: 12 } }] };
    // "call Go {"a":1}" is 15 characters.
    assert.deepEqual(turnLines([m], { ...LIMITS, signatureMaxChars: 15 }), ['call Go {"a":1}', 'call Go {"a":1…']);
  });

  it('writes a server tool call as a call line', () => {
    const m: Message = { role: 'assistant', content: [{ type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'q' } }] };
    assert.deepEqual(turnLines([m], LIMITS), ['call web_search {"query":"q"}']);
  });

  it('marks a failed result, short or left out, and only one whose is_error is true', () => {
    const m: Message = { role: 'user', content: [
      { type: 'tool_result', tool_use_id: 't1', content: 'boom', is_error: true },
      { type: 'tool_result', tool_use_id: 't2', content: 'boom boom', is_error: true },
      { type: 'tool_result', tool_use_id: 't3', content: 'fine', is_error: 'true' },
    ] };
    assert.deepEqual(turnLines([m], LIMITS), ['result (error): boom', 'result (error): left out, 9 characters', 'result: fine']);
  });

  it('keeps a result of exactly the limit, and leaves out one a character longer', () => {
    const m: Message = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '12345' }, { type: 'tool_result', tool_use_id: 't2', content: '123456' }] };
    assert.deepEqual(turnLines([m], LIMITS), ['result: 12345', 'result: left out, 6 characters']);
  });

  it('a text that starts with the summary header is no words, one that only ends with it is', () => {
    const m: Message = { role: 'user', content: [{ type: 'text', text: `${SUMMARY_HEADER}\nold summary` }, { type: 'text', text: `see ${SUMMARY_HEADER}` }] };
    assert.deepEqual(wordLines([m]), [`user: see ${SUMMARY_HEADER}`]);
  });

  const fits: Array<[string, string[], number, string[]]> = [
    ['no lines give none', [], 10, []],
    ['lines that fit exactly, each with its line break, are all kept', ['abc', 'de'], 7, ['abc', 'de']],
    ['one character less drops the oldest', ['abc', 'de'], 6, ['de']],
  ];
  for (const [name, lines, budget, want] of fits) {
    it(`fits the newest lines: ${name}`, () => assert.deepEqual(fitNewest(lines, budget), want));
  }

  it('says "turn" for one turn and "turns" for more', () => {
    const one = summaryText({ carried: [], lines: ['l1'], turns: 1, resultMaxChars: 7 });
    assert.equal(one, [
      SUMMARY_HEADER,
      'A local proxy replaced 1 earlier turn of this conversation with this mechanical summary (no model wrote it). Tool results over 7 characters were left out: read the file or run the command again if you need one.',
      '',
      'Summarized turns:',
      'l1',
    ].join('\n'));
    assert.match(summaryText({ carried: [], lines: [], turns: 2, resultMaxChars: 7 }), /replaced 2 earlier turns of this/);
  });

  it('sets the carried words apart by an empty line', () => {
    const text = summaryText({ carried: ['user: old'], lines: ['l1'], turns: 3, resultMaxChars: 7 });
    assert.deepEqual(text.split('\n').slice(2), ['', 'Words from turns summarized before:', 'user: old', '', 'Summarized turns:', 'l1']);
  });
});
