// A running session keeps the sandbox and permission settings it started with: the sandbox and the
// deny rules install writes keep the agent's shell and tools off the meter's files, so every change
// to either object is refused (refusedChanges, used by the ConfigChange gate and the guard's check
// of settings edits), while key order alone and keys outside them go through.
import { strict as assert } from 'node:assert';
import { refusedChanges, settingsView, type SettingsView } from '../../../src/core/install/configRule';

const same = (s: string): string => s;
const BLOCK = {
  sandbox: { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false, autoAllowBashIfSandboxed: true, filesystem: { denyWrite: ['.claude/proofmeter', '/root/.local/state/proofmeter'] } },
  permissions: { deny: ['Edit(/.claude/proofmeter/**)'], blockWritesOutsideWorkingDirectories: true },
};
const SANDBOX = 'it changes the sandbox settings';
const PERMISSIONS = 'it changes the permission rules';

interface Block {
  sandbox: Record<string, unknown>;
  permissions: Record<string, unknown>;
  [key: string]: unknown;
}

/** The block with `edit` applied to a copy. */
function changed(edit: (b: Block) => void): string {
  const b: Block = structuredClone(BLOCK);
  edit(b);
  return JSON.stringify(b);
}

describe('refused changes to the sandbox and permission settings', () => {
  const rows: Array<{ name: string; before: string | null; after: () => string | null; want: string[] }> = [
    { name: 'the sandbox switched off', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.sandbox.enabled = false)), want: [SANDBOX] },
    { name: 'a command excluded from the sandbox', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.sandbox.excludedCommands = ['python3'])), want: [SANDBOX] },
    { name: 'unsandboxed commands allowed', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.sandbox.allowUnsandboxedCommands = true)), want: [SANDBOX] },
    { name: "a folder dropped from the sandbox's write denials", before: JSON.stringify(BLOCK), after: () => changed((b) => (b.sandbox.filesystem = { denyWrite: [] })), want: [SANDBOX] },
    { name: 'the sandbox object removed', before: JSON.stringify(BLOCK), after: () => JSON.stringify({ permissions: BLOCK.permissions }), want: [SANDBOX] },
    { name: 'a sandbox written into a file that had none', before: '{}', after: () => '{"sandbox":{"enabled":false}}', want: [SANDBOX] },
    { name: 'an empty sandbox object written into a file that had none', before: '{}', after: () => '{"sandbox":{}}', want: [SANDBOX] },
    { name: 'a deny rule dropped', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.permissions.deny = [])), want: [PERMISSIONS] },
    { name: 'an allow rule added goes through (deny wins over allow; Claude Code writes one on "don\'t ask again")', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.permissions.allow = ['Bash'])), want: [] },
    { name: 'a folder added for the file tools', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.permissions.additionalDirectories = ['/elsewhere'])), want: [PERMISSIONS] },
    { name: 'writes outside the working folders let through', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.permissions.blockWritesOutsideWorkingDirectories = false)), want: [PERMISSIONS] },
    { name: 'the permissions object removed', before: JSON.stringify(BLOCK), after: () => JSON.stringify({ sandbox: BLOCK.sandbox }), want: [PERMISSIONS] },
    { name: 'deny rules written into a file that had none', before: null, after: () => '{"permissions":{"deny":[]}}', want: [PERMISSIONS] },
    { name: 'a default mode written into a file that had none goes through (bypass mode keeps the sandbox and the deny rules)', before: null, after: () => '{"permissions":{"defaultMode":"bypassPermissions"}}', want: [] },
    { name: 'both at once, the sandbox named first', before: JSON.stringify(BLOCK), after: () => '{}', want: [SANDBOX, PERMISSIONS] },
    { name: 'both beside env, each named', before: JSON.stringify(BLOCK), after: () => changed((b) => Object.assign(b, { env: { A: '1' }, sandbox: {}, permissions: {} })), want: ['it edits env', SANDBOX, PERMISSIONS] },
    { name: 'a model choice beside them goes through', before: JSON.stringify(BLOCK), after: () => changed((b) => (b.model = 'opus')), want: [] },
    {
      name: 'the same objects with every key in another order go through',
      before: JSON.stringify(BLOCK),
      after: () => JSON.stringify({ permissions: { blockWritesOutsideWorkingDirectories: true, deny: ['Edit(/.claude/proofmeter/**)'] }, sandbox: { filesystem: { denyWrite: ['.claude/proofmeter', '/root/.local/state/proofmeter'] }, autoAllowBashIfSandboxed: true, allowUnsandboxedCommands: false, failIfUnavailable: true, enabled: true } }),
      want: [],
    },
    { name: 'a sandbox of null reads as none', before: '{}', after: () => '{"sandbox":null,"permissions":null}', want: [] },
  ];
  for (const row of rows) it(`${row.name}: ${row.want.length ? row.want.join(', ') : 'nothing refused'}`, () => assert.deepEqual(refusedChanges(settingsView(row.before, same), settingsView(row.after(), same)), row.want));

  describe('a starting view an older runner saved, without them', () => {
    /** The view as a runner before this change saved it: neither key. */
    const older = (text: string): SettingsView => {
      const { sandbox: _s, permissions: _p, ...rest } = settingsView(text, same);
      return rest;
    };
    const rows2: Array<{ name: string; start: string; now: string; want: string[] }> = [
      { name: 'a file that still has neither goes through', start: '{"model":"a"}', now: '{"model":"b"}', want: [] },
      { name: 'a file that has them is refused: what the session holds is unknown', start: JSON.stringify(BLOCK), now: JSON.stringify(BLOCK), want: [SANDBOX, PERMISSIONS] },
      { name: 'a file that now has only permissions names only them', start: '{}', now: '{"permissions":{"deny":["Read"]}}', want: [PERMISSIONS] },
    ];
    for (const r of rows2) it(`${r.name}`, () => assert.deepEqual(refusedChanges(older(r.start), settingsView(r.now, same)), r.want));
  });

  it('keeps a digest of each object and null for one the file does not have', () => {
    const v = settingsView('{"sandbox":{"b":1,"a":[2]}}', (t) => `#${t}`);
    assert.equal(v.sandbox, '#{"a":[2],"b":1}');
    assert.equal(v.permissions, null);
  });
});
