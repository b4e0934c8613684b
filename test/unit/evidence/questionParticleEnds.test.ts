// A question particle asks only at the end of its sentence: after it may come closing quotes and
// brackets (any number of them) and the sentence's own marks, but a particle inside a word asks nothing.
import { strict as assert } from 'node:assert';
import { affirmedIds } from '../../../src/core/evidence/affirmedIds';

const cases: Array<[string, string, string[]]> = [
  ['a Chinese question particle before a closing quote and bracket asks', 'S1 完成了吗")', []],
  ['a Greek question mark before a closing quote and bracket asks', 'Έγινε το S1;")', []],
  ['a Chinese question particle before an ideographic full stop asks', 'S1 完成了吗。', []],
  ['a Japanese question particle before a full stop asks', 'S1 終わりましたか.', []],
  ['a Korean question ending before a full stop asks', 'S1 완료했습니까.', []],
  ['a か inside a Japanese word is no question', 'S1 はかなり良い', ['S1']],
  ['a 吗 in the middle of a sentence is no question', 'S1 吗 done', ['S1']],
];

describe('question particles at the end of a sentence', () => {
  for (const [what, text, want] of cases) {
    it(`${what}: ${JSON.stringify(text)} closes ${want.length ? want.join(' ') : 'nothing'}`, () => assert.deepEqual(affirmedIds(text), want));
  }
});
