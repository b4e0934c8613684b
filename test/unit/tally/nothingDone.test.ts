// The Done line names the items already finished; with none finished an empty "Done: " line
// would read as if something had been closed.
import { strict as assert } from 'node:assert';
import { tallyText } from '../../../src/core/tally/format';
import { item, stages, tally } from './handTally';

describe('the Done line of the tally report', () => {
  it('a tally with no finished item has no Done line', () => {
    const t = tally({
      verdict: 'not-done',
      headline: { done: 0, total: 1 },
      open: 1,
      stages: stages({ build: 'under way', check: 'waiting', commit: 'waiting', push: 'waiting', close: 'waiting' }),
      items: [item('S1', { owner: 'human', state: 'open', proof: 'human — looks right' })],
    });
    const text = tallyText(t);
    assert.equal(text.includes('Done:'), false, text);
  });
});
