// The settings view compares digests of canonical JSON: keys sorted at every level, items and
// members separated by commas, and only a statusLine that runs the meter counted as the meter's.
import assert from 'node:assert/strict';
import { canonicalJson, refusedChanges, settingsView } from '../../../src/core/install/configRule';

const METER_STATUS = 'node "$HOME/.claude/proofmeter/proofmeter.js" statusline';
const plain = (s: string) => s;

describe('settings view canonical JSON', () => {
  const cases: Array<[string, unknown, string]> = [
    ['an array of numbers, its items separated by commas', [1, 2, 3], '[1,2,3]'],
    ['an object, its keys sorted and its members separated by commas', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    ['nested objects inside an array, sorted at every level', [{ z: [true, null], y: 'x' }], '[{"y":"x","z":[true,null]}]'],
    ['a missing value, as null', undefined, 'null'],
  ];
  for (const [name, value, want] of cases) {
    it(`writes ${name}`, () => assert.equal(canonicalJson(value), want));
  }

  it('reads two settings files that differ only in key order as the same hooks', () => {
    const a = settingsView('{"hooks":{"Stop":[{"matcher":"x","hooks":[]}],"PreToolUse":[]}}', plain);
    const b = settingsView('{"hooks":{"PreToolUse":[],"Stop":[{"hooks":[],"matcher":"x"}]}}', plain);
    assert.equal(a.hooks, '{"PreToolUse":[],"Stop":[{"hooks":[],"matcher":"x"}]}');
    assert.deepEqual(refusedChanges(a, b), []);
  });
});

describe('settings view statusLine', () => {
  const changes: Array<[string, string, string, string[]]> = [
    ["a change to the person's own statusLine goes through", '{"statusLine":{"type":"command","command":"my-status"}}', '{"statusLine":{"type":"command","command":"other-status"}}', []],
    ['a statusLine that is not an object is not the meter\'s', '{"statusLine":"one"}', '{"statusLine":"two"}', []],
    ["a change away from the meter's statusLine is refused", `{"statusLine":{"type":"command","command":${JSON.stringify(METER_STATUS)}}}`, '{"statusLine":{"type":"command","command":"my-status"}}', ["it changes the meter's statusLine"]],
  ];
  for (const [name, before, after, want] of changes) {
    it(name, () => assert.deepEqual(refusedChanges(settingsView(before, plain), settingsView(after, plain)), want));
  }

  it("digests only the meter's statusLine, and null for the person's own", () => {
    assert.equal(settingsView('{"statusLine":{"type":"command","command":"my-status"}}', plain).statusLine, 'null');
    assert.equal(settingsView(`{"statusLine":{"type":"command","command":${JSON.stringify(METER_STATUS)}}}`, plain).statusLine, `{"command":${JSON.stringify(METER_STATUS)},"type":"command"}`);
  });
});
