// What the headline's numbers are made of (headlineParts.ts): Claude's items plus the three steps
// after them, which count when done or skipped. No test read it before mutation testing did.
import { strict as assert } from 'node:assert';
import { headlineParts, headlineSentence } from '../../../src/core/tally/headlineParts';
import { stageNameSchema, type Stage } from '../../../src/core/tally/stages';

const stages = (states: Partial<Record<Stage['name'], Stage['state']>>): Stage[] =>
  stageNameSchema.options.map((name) => ({ name, state: states[name] ?? 'waiting', detail: '' }));

describe('the parts of the headline', () => {
  // Rows hold the stage states; the stage list is built in the test, not while the file loads.
  const cases: Array<[string, { done: number; total: number }, Partial<Record<Stage['name'], Stage['state']>>, string]> = [
    ['nothing done', { done: 0, total: 10 }, {}, "0/10: Claude's items 0 of 7, then commit, push and close 0 of 3"],
    ['items done, the steps before them do not count as steps', { done: 4, total: 10 }, { plan: 'done', approve: 'done', build: 'done', check: 'done' }, "4/10: Claude's items 4 of 7, then commit, push and close 0 of 3"],
    ['a step done and one skipped count, one under way does not', { done: 9, total: 10 }, { commit: 'done', push: 'skipped', close: 'under way' }, "9/10: Claude's items 7 of 7, then commit, push and close 2 of 3"],
    ['every step done', { done: 10, total: 10 }, { commit: 'done', push: 'done', close: 'done' }, "10/10: Claude's items 7 of 7, then commit, push and close 3 of 3"],
  ];
  for (const [name, headline, states, want] of cases) {
    it(`${name}: ${want}`, () => assert.equal(headlineSentence({ headline, stages: stages(states) }), want));
  }

  it('gives the parts as numbers', () => {
    assert.deepEqual(headlineParts({ headline: { done: 5, total: 8 }, stages: stages({ commit: 'done' }) }), { itemsDone: 4, items: 5, stepsDone: 1, steps: 3 });
  });
});
