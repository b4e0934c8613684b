// The seal keeps each settings file's sandbox and permission settings (the kernel's fence around
// the agent's shell, written by install): any change to them at any level reads as hooks-disarmed,
// naming the key, while key order alone and keys the seal does not keep change nothing. A seal
// taken before they were kept compares without them until install or a reseal records them.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { settingsPath } from '../../../src/workspace/hookInstaller';
import { checkSeal } from '../../../src/workspace/sealRecord/check';
import { outsideSealPath, realWorkspace, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';
import { resealMeter, takeSeal } from '../../../src/workspace/sealRecord/take';
import { editJson, sealed, type Sealed } from './sealedWorkspace';

/** The block the install writes into the project settings. */
const BLOCK = {
  sandbox: {
    enabled: true,
    failIfUnavailable: true,
    allowUnsandboxedCommands: false,
    autoAllowBashIfSandboxed: true,
    filesystem: { denyWrite: ['.claude/proofmeter', '/root/.local/state/proofmeter'] },
  },
  permissions: { deny: ['Edit(/.claude/proofmeter/**)'], blockWritesOutsideWorkingDirectories: true },
};

/** The object itself (zod would hand back a copy, and the edits must reach the file's JSON). */
function objectOf(v: unknown): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`not an object: ${JSON.stringify(v)}`);
  return v as Record<string, unknown>;
}
const project = (s: Sealed) => settingsPath(s.ws, 'settings.json');
const local = (s: Sealed) => settingsPath(s.ws, 'settings.local.json');
const user = (s: Sealed) => join(s.home, '.claude', 'settings.json');

/** Sealed with the block in the project settings, dated past the racy window as `sealed()` is. */
function fenced(): Sealed {
  const s = sealed();
  editJson(project(s), (j) => Object.assign(j, structuredClone(BLOCK)));
  takeSeal(s.ws, { by: 'reseal', parts: ['settings'], env: s.env, now: new Date(Date.now() + 5000), places: s.places });
  return s;
}

const found = (s: Sealed) => checkSeal(s.ws, s.env, { places: s.places }).findings.map((f) => `${f.kind}: ${f.message}`);

/** Both copies of the seal as a runner before this change wrote them: no sandbox or permissions in any arming. */
function asOlderSeal(s: Sealed): void {
  const text = readFileSync(workspaceSealPath(s.ws), 'utf8');
  const seal = objectOf(JSON.parse(text));
  for (const level of z.array(z.unknown()).parse(seal.settings)) {
    const arming = objectOf(objectOf(level).arming);
    delete arming.sandbox;
    delete arming.permissions;
  }
  const older = JSON.stringify(seal, null, 2) + '\n';
  assert.ok(!older.includes('"sandbox"') && older !== text, 'the seal held the parts before they were taken out');
  writeFileSync(workspaceSealPath(s.ws), older);
  writeFileSync(outsideSealPath(realWorkspace(s.ws), s.env), older);
}

describe('the seal and the sandbox and permission settings', () => {
  it('records a digest per key of each object, never the values', () => {
    const s = fenced();
    const seal = takeSeal(s.ws, { by: 'reseal', parts: ['settings'], env: s.env, now: new Date(Date.now() + 5000), places: s.places });
    const arming = seal.settings.find((x) => x.level === 'project')!.arming;
    assert.deepEqual(Object.keys(arming.sandbox ?? {}), ['allowUnsandboxedCommands', 'autoAllowBashIfSandboxed', 'enabled', 'failIfUnavailable', 'filesystem']);
    assert.deepEqual(Object.keys(arming.permissions ?? {}), ['blockWritesOutsideWorkingDirectories', 'deny']);
    for (const d of [...Object.values(arming.sandbox ?? {}), ...Object.values(arming.permissions ?? {})]) assert.match(d, /^[0-9a-f]{64}$/);
    assert.equal(seal.settings.find((x) => x.level === 'local')!.arming.sandbox, null, 'a file with none records null');
    assert.ok(!JSON.stringify(seal).includes('Edit(/.claude'), 'no rule is kept as text');
  });

  const changes: Array<{ name: string; change: (s: Sealed) => void; want: string }> = [
    {
      name: 'the sandbox switched off',
      change: (s) => editJson(project(s), (j) => (objectOf(j.sandbox).enabled = false)),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the sandbox settings were changed (sandbox.enabled changed).',
    },
    {
      name: 'a command excluded from the sandbox',
      change: (s) => editJson(project(s), (j) => (objectOf(j.sandbox).excludedCommands = ['python3'])),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the sandbox settings were changed (sandbox.excludedCommands set).',
    },
    {
      name: 'unsandboxed commands allowed',
      change: (s) => editJson(project(s), (j) => (objectOf(j.sandbox).allowUnsandboxedCommands = true)),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the sandbox settings were changed (sandbox.allowUnsandboxedCommands changed).',
    },
    {
      name: "the meter's folder dropped from the sandbox's write denials",
      change: (s) => editJson(project(s), (j) => (objectOf(j.sandbox).filesystem = { denyWrite: ['/root/.local/state/proofmeter'] })),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the sandbox settings were changed (sandbox.filesystem changed).',
    },
    {
      name: 'the sandbox object removed',
      change: (s) => editJson(project(s), (j) => delete j.sandbox),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the sandbox settings were removed.',
    },
    {
      name: 'a deny rule dropped',
      change: (s) => editJson(project(s), (j) => (objectOf(j.permissions).deny = [])),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the permission rules were changed (permissions.deny changed).',
    },
    {
      name: "an allow rule added (as Claude Code writes one when the person answers \"don't ask again\"): deny rules win, no finding",
      change: (s) => editJson(project(s), (j) => (objectOf(j.permissions).allow = ['Edit'])),
      want: '',
    },
    {
      name: 'a folder added for the file tools',
      change: (s) => editJson(project(s), (j) => (objectOf(j.permissions).additionalDirectories = ['/elsewhere'])),
      want: 'hooks-disarmed: project settings changed since the goal was sealed: the permission rules were changed (permissions.additionalDirectories set).',
    },
    {
      name: 'the sandbox switched off in the local settings, which had none',
      change: (s) => editJson(local(s), (j) => (j.sandbox = { enabled: false })),
      want: 'hooks-disarmed: local settings changed since the goal was sealed: the sandbox settings were added (sandbox.enabled).',
    },
    {
      name: 'an allow rule in the user settings, which had none: no finding',
      change: (s) => editJson(user(s), (j) => (j.permissions = { allow: ['Bash(ls)'] })),
      want: '',
    },
    {
      name: 'the switch that closes the settings files turned off in the user settings, which had none',
      change: (s) => editJson(user(s), (j) => (j.permissions = { blockWritesOutsideWorkingDirectories: false })),
      want: 'hooks-disarmed: user settings changed since the goal was sealed: the permission rules were added (permissions.blockWritesOutsideWorkingDirectories).',
    },
    {
      name: 'sandbox and permissions in the managed settings',
      change: (s) => editJson(s.managed, (j) => Object.assign(j, { sandbox: { enabled: false }, permissions: { defaultMode: 'bypassPermissions', deny: [] } })),
      want: 'hooks-disarmed: managed settings changed since the goal was sealed: the sandbox settings were added (sandbox.enabled); the permission rules were added (permissions.deny).',
    },
    { name: 'a model choice beside them', change: (s) => editJson(project(s), (j) => (j.model = 'opus')), want: '' },
    {
      name: 'the same block with every key in another order',
      change: (s) =>
        editJson(project(s), (j) => {
          const flip = (v: unknown): unknown => (Array.isArray(v) ? v : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, flip(x)])) : v);
          const sb = flip(j.sandbox);
          const pm = flip(j.permissions);
          delete j.sandbox;
          delete j.permissions;
          Object.assign(j, { permissions: pm, sandbox: sb });
        }),
      want: '',
    },
  ];
  for (const row of changes) {
    it(`${row.name}: ${row.want ? row.want.split(':')[0] : 'no finding'}`, () => {
      const s = fenced();
      row.change(s);
      assert.deepEqual(found(s), row.want ? [row.want] : []);
    });
  }

  it('the installer retaking the settings part (install, uninstall, --reseal) is no finding', () => {
    const s = fenced();
    editJson(project(s), (j) => delete j.sandbox);
    assert.equal(found(s).length, 1);
    assert.equal(resealMeter(s.ws, s.env, 'uninstall', new Date(Date.now() + 5000)), true);
    // resealMeter reads the platform's managed file, absent here as the test's own is.
    assert.deepEqual(found(s), []);
  });

  describe('a seal taken before the sandbox and permissions were kept', () => {
    it('reads as a seal, and a change to them is no finding: upgrading does not break it', () => {
      const s = fenced();
      asOlderSeal(s);
      editJson(project(s), (j) => (objectOf(j.sandbox).enabled = false));
      editJson(local(s), (j) => (j.permissions = { allow: ['Bash'] }));
      assert.deepEqual(found(s), []);
    });

    it('still names a change to what it did keep, without them', () => {
      const s = fenced();
      asOlderSeal(s);
      editJson(project(s), (j) => Object.assign(j, { disableAllHooks: true, sandbox: { enabled: false } }));
      assert.deepEqual(found(s), ['hooks-disarmed: project settings changed since the goal was sealed: disableAllHooks went from null to true.']);
    });

    it('install records them, and from then on a change to them is a finding', () => {
      const s = fenced();
      asOlderSeal(s);
      assert.equal(resealMeter(s.ws, s.env, 'install', new Date(Date.now() + 5000)), true);
      editJson(project(s), (j) => (objectOf(j.sandbox).enabled = false));
      assert.deepEqual(found(s), ['hooks-disarmed: project settings changed since the goal was sealed: the sandbox settings were changed (sandbox.enabled changed).']);
    });
  });
});
