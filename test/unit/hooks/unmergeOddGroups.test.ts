// Uninstall removes the meter's commands only: an event list's items that are not hook groups stay
// where they were, and JSON equality says no for two different plain values.
import assert from 'node:assert/strict';
import { jsonEqual, unmergeMeter, type Settings } from '../../../src/core/install/settingsMerge';

const METER = 'node "$HOME/.claude/proofmeter/proofmeter.js" hook stop';

describe('unmerge beside items that are not hook groups', () => {
  const odd: Array<[string, Settings[string]]> = [
    ['a string', 'note'],
    ['null', null],
    ['an object without a hooks list', { matcher: 'x' }],
    ['an object whose hooks is not a list', { hooks: 'echo a' }],
  ];
  for (const [name, item] of odd) {
    it(`keeps ${name} in the list while removing the meter's group`, () => {
      const input: Settings = { hooks: { Stop: [item, { hooks: [{ type: 'command', command: METER }] }] } };
      const un = unmergeMeter(input);
      assert.ok(un.ok);
      assert.deepEqual(un.settings, { hooks: { Stop: [item] } });
      assert.deepEqual(un.removed, ['Stop']);
    });
  }
});

describe('JSON equality of plain values', () => {
  const cases: Array<[string, unknown, unknown, boolean]> = [
    ['two different numbers', 1, 2, false],
    ['a string and an object', 'a', {}, false],
    ['null and an empty object', null, {}, false],
    ['an object and an array', {}, [], false],
    ['the same string', 'a', 'a', true],
  ];
  for (const [name, a, b, want] of cases) {
    it(`reads ${name} as ${want ? 'equal' : 'different'}`, () => assert.equal(jsonEqual(a, b), want));
  }
});
