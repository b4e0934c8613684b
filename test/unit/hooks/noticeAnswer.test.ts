// notice(): the answer that only tells the person something. Its whole output is the one
// systemMessage field, and the outcome is the one it was given.
import { strict as assert } from 'node:assert';
import { notice } from '../../../src/hooks/answer';

describe('a notice for the person', () => {
  it('prints only the message, as systemMessage, and exits 0 with the outcome given', () => {
    assert.deepEqual(notice('Proofmeter: the seal is missing.', 'noticed'), {
      code: 0,
      stdout: '{"systemMessage":"Proofmeter: the seal is missing."}',
      stderr: '',
      outcome: 'noticed',
    });
  });
});
