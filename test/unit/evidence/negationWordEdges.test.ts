// Where a negation word starts and ends. An affirming idiom ("no problem") is taken out as a blank,
// so the words on its two sides stay apart; French elision negates only at a word's start (n'est,
// n'avance), so "rock'n'roll" is no negation.
import { strict as assert } from 'node:assert';
import { affirmedIds, stanceOf, type Stance } from '../../../src/core/evidence/affirmedIds';

describe('the edges of a negating word', () => {
  const cases: Array<[string, Stance]> = [
    // Cyrillic letters are no word characters for \b: the idiom matches between н and е, which stay two words.
    ['S1 passes, нno problemе', 'affirms'],
    ["S1 n'avance plus.", 'negates'],
    ["S1 n’a rien cassé.", 'negates'],
    ["S1 plays the rock'n'roll demo.", 'affirms'],
  ];
  for (const [sentence, want] of cases) {
    it(`${JSON.stringify(sentence)} ${want}`, () => assert.equal(stanceOf(sentence), want));
  }
  it('the words affirm S1 with a rock’n’roll demo, but not S2 that n’avance plus', () => {
    assert.deepEqual(affirmedIds("S1 plays the rock'n'roll demo. S2 n'avance plus."), ['S1']);
  });
});
