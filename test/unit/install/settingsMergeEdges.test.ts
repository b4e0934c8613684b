// Merge and unmerge at their edges: blank text, a merge that only adds the statusLine or only rewrites
// an entry, an unmerge of settings with no hooks or nothing of the meter's, containers the meter never
// filled, and deep equality of lists and objects.
import { strict as assert } from 'node:assert';
import { jsonEqual, mergeMeter, parseSettings, unmergeMeter, type Settings } from '../../../src/core/install/settingsMerge';

const PLAIN_STATUS = 'node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js statusline';
const NODE_STATUS = '"/usr/bin/node" "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js statusline';
const METER_STATUS_LINE = { type: 'command', command: PLAIN_STATUS };

function merged(input: Settings, opts: Parameters<typeof mergeMeter>[1] = {}): Extract<ReturnType<typeof mergeMeter>, { ok: true }> {
  const r = mergeMeter(input, opts);
  assert.ok(r.ok);
  return r;
}

describe('settings merge and unmerge edges', () => {
  it('reads text of blanks only as an empty object', () => {
    assert.deepEqual(parseSettings('  \n\t\r\n'), { ok: true, value: {} });
  });

  it('a merge that only adds the statusLine is a change', () => {
    const { statusLine: _dropped, ...rest } = merged({}).settings;
    const r = merged(rest);
    assert.deepEqual([r.changed, r.report.added, r.report.updated, r.report.statusLine], [true, [], [], 'added']);
    assert.deepEqual(r.settings.statusLine, { type: 'command', command: PLAIN_STATUS });
  });

  it('a merge that only rewrites the Stop entry is a change', () => {
    const sha = 'a'.repeat(64);
    const r = merged(merged({}).settings, { runnerSha256: sha });
    assert.deepEqual([r.changed, r.report.added, r.report.updated, r.report.statusLine], [true, [], ['Stop'], 'already']);
    const stop = (r.settings.hooks as Record<string, Array<{ hooks: Array<{ command: string }> }>>).Stop!;
    assert.ok(stop[0]!.hooks[0]!.command.includes(`= ${sha} ]`), stop[0]!.hooks[0]!.command);
  });

  it('a merge that only rewrites the statusLine is a change', () => {
    const node = { path: '/usr/bin/node', electron: false };
    const input = { ...merged({}, { node }).settings, statusLine: { type: 'command', command: PLAIN_STATUS } };
    const r = merged(input, { node });
    assert.deepEqual([r.changed, r.report.added, r.report.updated, r.report.statusLine], [true, [], [], 'updated']);
    assert.deepEqual(r.settings.statusLine, { type: 'command', command: NODE_STATUS });
  });

  const unmerges: Array<[string, () => Settings, ReturnType<typeof unmergeMeter>]> = [
    ['settings without hooks are left as they are', () => ({ model: 'x' }), { ok: true, settings: { model: 'x' }, changed: false, removed: [] }],
    ['hooks that are not an object are refused', () => ({ hooks: [] }), { ok: false, error: '"hooks" is not an object' }],
    ['an empty event list the meter never filled stays', () => ({ hooks: { Stop: [] }, statusLine: METER_STATUS_LINE }),
      { ok: true, settings: { hooks: { Stop: [] } }, changed: true, removed: ['statusLine'] }],
    ['a group of the person\'s own commands stays and is not named removed', () => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] }, statusLine: METER_STATUS_LINE }),
      { ok: true, settings: { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] } }, changed: true, removed: ['statusLine'] }],
    ['an empty hooks object the meter never filled stays', () => ({ hooks: {}, statusLine: METER_STATUS_LINE }),
      { ok: true, settings: { hooks: {} }, changed: true, removed: ['statusLine'] }],
  ];
  for (const [name, input, want] of unmerges) {
    it(`unmerge: ${name}`, () => assert.deepEqual(unmergeMeter(input()), want));
  }

  const equal: Array<[string, unknown, unknown, boolean]> = [
    ['lists of other items', [1], [2], false],
    ['a list and a longer one it starts', [1], [1, 2], false],
    ['a list and a non-list', [1], { 0: 1, length: 1 }, false],
    ['the same lists', [1, [2]], [1, [2]], true],
    ['objects with another value for a key', { a: 1 }, { a: 2 }, false],
    ['objects with other keys', { a: 1 }, { b: 1 }, false],
    ['objects with the same entries in another order', { a: 1, b: [2] }, { b: [2], a: 1 }, true],
  ];
  for (const [name, a, b, want] of equal) {
    it(`jsonEqual: ${name} ${want ? 'are' : 'are not'} equal`, () => assert.equal(jsonEqual(a, b), want));
  }
});
