import { strict as assert } from 'node:assert';
import { isDoneState, itemStateSchema, type ItemState } from '../../../src/core/evidence/evidenceSchema';

// A Record, so a state added to the schema does not compile here until it is decided (and one
// removed from it no longer compiles either). In the schema's order, which the tests follow.
const DONE: Record<ItemState, boolean> = {
  proved: true,
  failed: false,
  pending: false,
  unrun: false,
  'handed-over': false,
  closed: true,
  open: false,
};

describe('which item states are done', () => {
  // The tests are made from DONE, not from the schema: even reading the schema's export while the
  // file loads is src work done outside every test. Each test checks the schema against DONE instead.
  for (const state of Object.keys(DONE) as ItemState[]) {
    it(`an item ${state} ${DONE[state] ? 'is' : 'is not'} done`, () => {
      assert.deepEqual(itemStateSchema.options, Object.keys(DONE), 'DONE lists the schema states in its order');
      assert.equal(isDoneState(state), DONE[state]);
    });
  }
});
