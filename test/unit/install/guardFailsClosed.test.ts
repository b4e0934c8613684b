// The guard's entry fails closed: Claude Code 2.1.332 blocks the tool call when a PreToolUse hook
// with `onFailure: "block"` fails (measured, test/realcli/SANDBOX-MEASURED.md), so a broken guard
// is no open door. The other gates keep their own fail-safes (hooks/README.md).
import { strict as assert } from 'node:assert';
import { GATES, gateGroup } from '../../../src/core/install/entries';
import { mergeMeter, type Settings } from '../../../src/core/install/settingsMerge';

function merged(input: Settings): Settings {
  const r = mergeMeter(input);
  assert.ok(r.ok);
  return r.settings;
}

describe('the guard fails closed', () => {
  it('only the guard entry asks Claude Code to block when it fails', () => {
    const failing = GATES.filter((g) => gateGroup(g).hooks[0]!.onFailure === 'block').map((g) => g.hook);
    assert.deepEqual(failing, ['guard']);
  });

  it('an install from before onFailure is updated to it, and a second merge changes nothing', () => {
    const first = merged({});
    const pre = JSON.parse(JSON.stringify(first).replace(/,"onFailure":"block"/g, '')) as Settings;
    assert.ok(!JSON.stringify(pre).includes('onFailure'));
    const r = mergeMeter(pre);
    assert.ok(r.ok);
    assert.deepEqual(r.report.updated, ['PreToolUse Bash|Edit|Write|MultiEdit|NotebookEdit']);
    assert.deepEqual(r.settings, first);
    const again = mergeMeter(r.settings);
    assert.ok(again.ok && !again.changed);
  });
});
