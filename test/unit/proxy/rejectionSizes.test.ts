// Which provider errors say "too long", and the sizes read from one: the first number and the
// tokens word may be spaced in any way, commas group digits, and only the first 4096 characters count.
import assert from 'node:assert/strict';
import { isLengthRejection, overshoot } from '../../../src/core/proxy/rejection';

describe('proxy length rejections by status and size', () => {
  const cases: Array<[string, number, string, boolean]> = [
    ['a 400 saying the prompt is too long', 400, 'prompt is too long', true],
    ['a 500 saying the prompt is too long', 500, 'prompt is too long', false],
    ['a 429 saying too many tokens', 429, 'too many tokens', false],
    ['a 400 whose words come after the first 4096 characters', 400, `${'x'.repeat(4096)}prompt is too long`, false],
    ['a 400 whose words end at character 4096', 400, `${'x'.repeat(4078)}prompt is too long`, true],
  ];
  for (const [name, status, body, want] of cases) {
    it(`${want ? 'retries' : 'does not retry'} on ${name}`, () => assert.equal(isLengthRejection(status, body), want));
  }
});

describe('proxy overshoot from a rejection', () => {
  const cases: Array<[string, string, number | null]> = [
    ['a body that starts with the sizes', '215000 tokens > 200000 maximum', 200000 / 215000],
    ['the usual message', 'prompt is too long: 215000 tokens > 200000 maximum', 200000 / 215000],
    ['sizes grouped with commas', 'prompt is too long: 215,000 tokens > 200,000 maximum', 200000 / 215000],
    ['a three-digit count', 'too long: 800 tokens > 400', 0.5],
    ['no space before tokens', 'too long: 215000tokens > 200000', 200000 / 215000],
    ['two spaces before tokens', 'too long: 215000  tokens > 200000', 200000 / 215000],
    ['the singular token', 'too long: 215000 token > 200000', 200000 / 215000],
    ['no spaces around the sign', 'too long: 215000 tokens>200000', 200000 / 215000],
    ['two spaces around the sign', 'too long: 215000 tokens  >  200000', 200000 / 215000],
    ['a space before the sign only', 'too long: 215000 tokens >200000', 200000 / 215000],
    ['sizes past the first 4096 characters', `${'x'.repeat(4096)}215000 tokens > 200000`, null],
    ['a count under the maximum', '100 tokens > 200', null],
  ];
  for (const [name, body, want] of cases) {
    it(`reads ${name}`, () => assert.equal(overshoot(body), want));
  }
});
