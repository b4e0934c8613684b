import assert from 'node:assert/strict';
import { usageFromEvents, usageFromJson } from '../../../src/core/proxy/usage';

const start = (usage: object) => `data: ${JSON.stringify({ type: 'message_start', message: { id: 'msg_1', usage } })}`;

describe('proxy reported usage', () => {
  const events: Array<[string, string, number | null]> = [
    ['input, cache creation and cache read added', `event: message_start\n${start({ input_tokens: 10, cache_creation_input_tokens: 5, cache_read_input_tokens: 100 })}\n\n`, 115],
    ['null cache counts as 0', `${start({ input_tokens: 7, cache_creation_input_tokens: null, cache_read_input_tokens: null })}\n`, 7],
    ['no input count as unknown', `${start({ output_tokens: 3 })}\n`, null],
    ['the first message_start after other events', `data: {"type":"ping"}\n${start({ input_tokens: 4 })}\n`, 4],
    ['a message_start that does not match, then one that does', `data: {"type":"message_start"}\n${start({ input_tokens: 9 })}\n`, 9],
    ['an event line naming message_start, without data', 'event: message_start\n', null],
    ['a data line cut short', 'data: {"type":"message_start","mess', null],
    ['text with message_start not at a data line', `x${start({ input_tokens: 4 })}\n`, null],
    ['a line that is not a data line, a message_start after its first five characters', `xxxxx${start({ input_tokens: 4 }).slice(5)}\n`, null],
    // Only lines that spell message_start are parsed: an escaped name is not looked for.
    ['a data line whose type is written with an escape', `data: {"type":"message\\u005fstart","message":{"usage":{"input_tokens":4}}}\n`, null],
  ];
  for (const [name, text, want] of events) {
    it(`reads from events ${name}`, () => assert.equal(usageFromEvents(text), want));
  }

  const bodies: Array<[string, string, number | null]> = [
    ['a JSON response', JSON.stringify({ id: 'msg_1', usage: { input_tokens: 3, cache_read_input_tokens: 2 } }), 5],
    ['a body that is not JSON', '{"usage":', null],
    ['JSON without usage', '{"error":{}}', null],
  ];
  for (const [name, text, want] of bodies) {
    it(`reads from ${name}`, () => assert.equal(usageFromJson(text), want));
  }
});
