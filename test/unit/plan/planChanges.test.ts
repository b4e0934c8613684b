// The tally's added entries, told apart: an id the frozen list has was changed after approval.
import { strict as assert } from 'node:assert';
import { splitAdded } from '../../../src/core/plan/planChanges';

describe('splitAdded', () => {
  it('an entry whose id the frozen list has is changed; a new id, or no id at all, is added', () => {
    const added = [{ id: 'S1', line: 3 }, { id: 'S3', line: 4 }, { id: '', line: 5 }];
    // The frozen list holding an item without an id must not make an id-less entry "changed".
    const frozen = [{ id: 'S1' }, { id: 'S2' }, { id: '' }];
    assert.deepEqual(splitAdded(added, frozen), {
      changed: [{ id: 'S1', line: 3 }],
      added: [{ id: 'S3', line: 4 }, { id: '', line: 5 }],
    });
  });

  it('nothing added splits into nothing', () => {
    assert.deepEqual(splitAdded([], [{ id: 'S1' }]), { changed: [], added: [] });
  });
});
