// Where one sentence ends and the next begins: a line break after a full stop is the end of that
// sentence, not a closing mark of it; a sentence of nothing but white space is no sentence; and the
// text right after a sentence's marks is read from its first character, marks included.
import { strict as assert } from 'node:assert';
import { affirmedIds, sentencesOf } from '../../../src/core/evidence/affirmedIds';

describe('sentence ends', () => {
  const sentences: Array<[string, string, string[]]> = [
    ['a question mark on the line after a full stop is a sentence of its own', 'S1 done.\n?', ['S1 done.', '?']],
    ['a blank line between two sentences gives no empty sentence', 'A.\n\nB', ['A.', 'B']],
    ['a mark one character after a sentence ends ends the next one', 'Yes!a!b', ['Yes!', 'a!', 'b']],
  ];
  for (const [what, text, want] of sentences) {
    it(`${what}: ${JSON.stringify(text)}`, () => assert.deepEqual(sentencesOf(text), want));
  }

  const ids: Array<[string, string, string[]]> = [
    ['a question mark on the next line does not turn the sentence before it into a question', 'S1 done.\n?', ['S1']],
    ['a negating word closed off by its own mark does not negate the sentence after it', 'S1 done!不!S2 done', ['S1', 'S2']],
  ];
  for (const [what, text, want] of ids) {
    it(`${what}: ${JSON.stringify(text)} closes ${want.join(' ')}`, () => assert.deepEqual(affirmedIds(text), want));
  }
});
