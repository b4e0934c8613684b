import assert from 'node:assert/strict';
import { dialectOf } from '../../../src/core/proxy/dialect';

describe('proxy dialects', () => {
  const cases: Array<[string, string, string | null]> = [
    ['POST', '/v1/messages', 'anthropic-messages'],
    ['GET', '/v1/messages', null],
    ['POST', '/v1/messages/count_tokens', null],
    ['POST', '/v1/chat/completions', 'openai-chat'],
    ['GET', '/v1/chat/completions', null],
    ['POST', '/v1/chat/completions/abc', null],
    ['POST', '/v1/responses', null],
  ];
  for (const [method, path, want] of cases) {
    it(`reads ${method} ${path} as ${want ?? 'no dialect'}`, () => assert.equal(dialectOf(method, path)?.name ?? null, want));
  }
});
