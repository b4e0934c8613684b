import { strict as assert } from 'node:assert';
import { isDoneState, itemStateSchema, type ItemState } from '../../../src/core/evidence/evidenceSchema';

// A Record, so a state added to the schema does not compile here until it is decided.
const DONE: Record<ItemState, boolean> = {
  proved: true,
  closed: true,
  failed: false,
  pending: false,
  unrun: false,
  'handed-over': false,
  open: false,
};

describe('which item states are done', () => {
  for (const state of itemStateSchema.options) {
    it(`an item ${state} ${DONE[state] ? 'is' : 'is not'} done`, () => assert.equal(isDoneState(state), DONE[state]));
  }
});
