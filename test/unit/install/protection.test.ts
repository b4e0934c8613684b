// The one word for the protection in force, from the settings of every level and the platform.
import { strict as assert } from 'node:assert';
import { protectionOf, type ProtectionInput, type ProtectionSource } from '../../../src/core/install/protection';
import { sandboxBlock } from '../../../src/core/install/sandboxBlock';
import type { Settings } from '../../../src/core/install/settingsMerge';

const WS = '/w/proj';
const HOME = '/home/ann';
const OUTSIDE = '/home/ann/.local/state/proofmeter';
// Built when a test runs, never while the file loads (test/unit/loadTimeCalls.test.ts).
const projectBlock = () => sandboxBlock({ anchor: 'project', workspace: WS, outsideDir: OUTSIDE, home: HOME });
const launchBlock = () => sandboxBlock({ anchor: 'absolute', workspace: WS, outsideDir: OUTSIDE, home: HOME });

function input(levels: Partial<Record<ProtectionSource, Settings>>, more: Partial<ProtectionInput> = {}): ProtectionInput {
  return {
    supported: true,
    missing: [],
    levels: Object.entries(levels).map(([source, settings]) => ({ source: source as ProtectionSource, settings })),
    launched: levels.launcher !== undefined,
    workspace: WS,
    outsideDir: OUTSIDE,
    home: HOME,
    ...more,
  };
}

/** The block with one change at a dotted key (undefined deletes it). */
function withKey(block: Settings, key: string, value: unknown): Settings {
  const out = structuredClone(block);
  const parts = key.split('.');
  let at = out as Record<string, unknown>;
  for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete at[parts[parts.length - 1]!];
  else at[parts[parts.length - 1]!] = value;
  return out;
}

describe('the protection in force', () => {
  const rows: Array<[string, () => ProtectionInput, string]> = [
    ['the block in project settings is kernel', () => input({ project: projectBlock() }), 'kernel'],
    ['the block in local settings is kernel', () => input({ local: projectBlock() }), 'kernel'],
    ["the launcher's file is kernel, locked", () => input({ launcher: launchBlock() }), 'kernel, locked'],
    ["the launcher's file outranks a project that switches the sandbox off", () => input({ project: { sandbox: { enabled: false } }, launcher: launchBlock() }), 'kernel, locked'],
    ["the launcher's file makes Claude Code ignore the project's excludedCommands", () => input({ project: { sandbox: { excludedCommands: ['docker'] } }, launcher: launchBlock() }), 'kernel, locked'],
    ["a user's excludedCommands still runs outside the sandbox under the launcher", () => input({ user: { sandbox: { excludedCommands: ['docker'] } }, launcher: launchBlock() }), 'guard only'],
    ['a launcher file without the block locks nothing', () => input({ project: projectBlock(), launcher: { model: 'x' } }), 'kernel'],
    ['no settings at all is guard only', () => input({}), 'guard only'],
    ['local settings switching the sandbox off is guard only', () => input({ project: projectBlock(), local: { sandbox: { enabled: false } } }), 'guard only'],
    ['allowUnsandboxedCommands left to its default is guard only', () => input({ project: withKey(projectBlock(), 'sandbox.allowUnsandboxedCommands', undefined) }), 'guard only'],
    ['blockWritesOutsideWorkingDirectories missing is guard only', () => input({ project: withKey(projectBlock(), 'permissions.blockWritesOutsideWorkingDirectories', undefined) }), 'guard only'],
    ['blockWritesOutsideWorkingDirectories from user settings counts', () => input({ project: withKey(projectBlock(), 'permissions.blockWritesOutsideWorkingDirectories', undefined), user: { permissions: { blockWritesOutsideWorkingDirectories: true } } }), 'kernel'],
    ['a state folder missing from denyWrite is guard only', () => input({ project: withKey(projectBlock(), 'sandbox.filesystem.denyWrite', ['~/.local/state/proofmeter']) }), 'guard only'],
    ['the whole .claude folder in denyWrite covers the state folder', () => input({ project: withKey(projectBlock(), 'sandbox.filesystem.denyWrite', ['.claude', '~/.local/state/proofmeter']) }), 'kernel'],
    ['a relative denyWrite in user settings does not mean the project', () => input({ project: withKey(projectBlock(), 'sandbox.filesystem.denyWrite', ['~/.local/state/proofmeter']), user: { sandbox: { filesystem: { denyWrite: ['.claude/proofmeter'] } } } }), 'guard only'],
    ['an Edit rule missing for the outside folder is guard only', () => input({ project: withKey(projectBlock(), 'permissions.deny', ['Edit(/.claude/proofmeter/**)']) }), 'guard only'],
    ['project excludedCommands without the launcher is guard only', () => input({ project: withKey(projectBlock(), 'sandbox.excludedCommands', ['git']) }), 'guard only'],
    ['allowNestedUserNamespaces is guard only', () => input({ project: withKey(projectBlock(), 'sandbox.allowNestedUserNamespaces', true) }), 'guard only'],
    ['a platform without the sandbox is guard only whatever the settings', () => input({ launcher: launchBlock() }, { supported: false, missing: ['bwrap'] }), 'guard only'],
  ];
  for (const [name, given, level] of rows) {
    it(name, () => assert.equal(protectionOf(given()).level, level));
  }

  it('names what to install when bwrap and socat are missing', () => {
    const p = protectionOf(input({ project: projectBlock() }, { supported: false, missing: ['bwrap', 'socat'] }));
    assert.deepEqual(p.reasons, ['bwrap and socat are not installed']);
    assert.match(p.remedy ?? '', /apt-get install bubblewrap socat/);
  });

  it('says which level switched the sandbox off', () => {
    const p = protectionOf(input({ project: projectBlock(), local: { sandbox: { enabled: false } } }));
    assert.deepEqual(p.reasons, ['sandbox.enabled is false in local settings']);
  });

  it('tells the person how to lock a kernel protection', () => {
    assert.match(protectionOf(input({ project: projectBlock() })).remedy ?? '', /proofmeter run -- claude/);
    assert.equal(protectionOf(input({ launcher: launchBlock() })).remedy, null);
  });
});
