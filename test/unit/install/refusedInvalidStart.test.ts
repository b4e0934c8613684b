// A change to a file that is not a JSON object is said to make it "no longer a JSON object" only
// when the session's starting view read the file as one.
import { strict as assert } from 'node:assert';
import { refusedChanges, settingsView } from '../../../src/core/install/configRule';

const same = (s: string): string => s;

describe('refused changes to a file that was already not a JSON object', () => {
  it('a change from an object with env to text that is no object edits env and breaks the file', () => {
    assert.deepEqual(refusedChanges(settingsView('{"env":{"A":"1"}}', same), settingsView('not json', same)), ['it edits env', 'the file is no longer a JSON object']);
  });

  it('a starting view that already read the file as no object is not told it is no longer one', () => {
    const before = { ...settingsView('{"env":{"A":"1"}}', same), state: 'invalid' as const };
    assert.deepEqual(refusedChanges(before, settingsView('not json', same)), ['it edits env']);
  });
});
