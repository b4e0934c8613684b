// What the headline's numbers are made of (headlineParts.ts): Claude's items plus the steps after
// them that apply (commit, push); a skipped step and close are not counted.
import { strict as assert } from 'node:assert';
import { headlineParts, headlineSentence, verdictPhrase } from '../../../src/core/tally/headlineParts';
import { stageNameSchema, type Stage } from '../../../src/core/tally/stages';
import { tally } from './handTally';

const stages = (states: Partial<Record<Stage['name'], Stage['state']>>): Stage[] =>
  stageNameSchema.options.map((name) => ({ name, state: states[name] ?? 'waiting', detail: '' }));

describe('the parts of the headline', () => {
  // Rows hold the stage states; the stage list is built in the test, not while the file loads.
  const cases: Array<[string, { done: number; total: number }, Partial<Record<Stage['name'], Stage['state']>>, string]> = [
    ['nothing done', { done: 0, total: 9 }, {}, "0/9: Claude's items 0 of 7, then commit and push 0 of 2"],
    ['items done, the stages before them do not count as steps', { done: 4, total: 9 }, { plan: 'done', approve: 'done', build: 'done', check: 'done' }, "4/9: Claude's items 4 of 7, then commit and push 0 of 2"],
    ['a skipped step is no step, and close is never one', { done: 8, total: 8 }, { commit: 'done', push: 'skipped', close: 'under way' }, "8/8: Claude's items 7 of 7, then commit 1 of 1"],
    ['every step done', { done: 9, total: 9 }, { commit: 'done', push: 'done', close: 'done' }, "9/9: Claude's items 7 of 7, then commit and push 2 of 2"],
    ['outside git both steps are skipped: only the items', { done: 3, total: 7 }, { commit: 'skipped', push: 'skipped' }, "3/7: Claude's items 3 of 7"],
  ];
  for (const [name, headline, states, want] of cases) {
    it(`${name}: ${want}`, () => assert.equal(headlineSentence({ headline, stages: stages(states) }), want));
  }

  it('gives the parts as numbers', () => {
    assert.deepEqual(headlineParts({ headline: { done: 5, total: 8 }, stages: stages({ commit: 'done' }) }), { itemsDone: 4, items: 6, stepsDone: 1, steps: 2, stepNames: ['commit', 'push'] });
  });
});

describe('the verdict beside the count', () => {
  const cases: Array<[string, () => ReturnType<typeof tally>, string]> = [
    ['all done reads all done', () => tally(), 'all done'],
    ['open work reads the open count', () => tally({ verdict: 'not-done', headline: { done: 2, total: 5 }, open: 3 }), 'not done, 3 open'],
    [
      'nothing open but an integrity error names the finding that holds it',
      () => tally({ verdict: 'not-done', headline: { done: 5, total: 5 }, open: 0, integrity: [{ id: 'F-1', kind: 'meter-tampered', severity: 'error', message: 'm', action: 'a', file: null, line: null, evidence: null }] }),
      'not done, 0 open, 1 integrity finding',
    ],
  ];
  for (const [name, t, want] of cases) it(`${name}: "${want}"`, () => assert.equal(verdictPhrase(t()), want));
});
