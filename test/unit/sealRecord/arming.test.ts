// What one settings file arms, as the seal keeps it (armingOf), and the words for what changed
// between two such views (armingChanges), straight from settings objects and armings. The digest is
// the test's own (`#` before the text), so every expected value is a literal.
import { strict as assert } from 'node:assert';
import { armingChanges, armingOf, recordedPart, sameArming } from '../../../src/core/sealRecord/arming';
import type { Settings } from '../../../src/core/install/settingsMerge';
import type { Arming } from '../../../src/core/sealRecord/record';

const digest = (text: string) => `#${text}`;
const STOP = '"/usr/bin/node" "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop';
const STATUS = '"/usr/bin/node" "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js statusline';
const NOTHING: Arming = { entries: [], statusLine: null, disableAllHooks: 'null', allowManagedHooksOnly: 'null', env: {}, stopHooks: '', sandbox: null, permissions: null };
const user = { type: 'command', command: 'echo \'{"continue":false}\'' };
const meter = { type: 'command', command: STOP, timeout: 600 };

describe('armingOf', () => {
  const rows: Array<{ name: string; settings: Settings | null; want: Partial<Arming> }> = [
    { name: 'no file (or invalid JSON) arms nothing', settings: null, want: {} },
    { name: 'an empty object arms nothing', settings: {}, want: {} },
    { name: "the meter's statusLine command is kept", settings: { statusLine: { type: 'command', command: STATUS } }, want: { statusLine: STATUS } },
    { name: "a person's own statusLine is not the meter's", settings: { statusLine: { type: 'command', command: 'my-status.sh' } }, want: {} },
    { name: 'a statusLine that is a string, not an object, is none', settings: { statusLine: STATUS }, want: {} },
    { name: 'disableAllHooks true as JSON text', settings: { disableAllHooks: true }, want: { disableAllHooks: 'true' } },
    { name: 'disableAllHooks false as JSON text', settings: { disableAllHooks: false }, want: { disableAllHooks: 'false' } },
    { name: 'allowManagedHooksOnly true as JSON text', settings: { allowManagedHooksOnly: true }, want: { allowManagedHooksOnly: 'true' } },
    { name: 'allowManagedHooksOnly as a string is quoted', settings: { allowManagedHooksOnly: 'yes' }, want: { allowManagedHooksOnly: '"yes"' } },
    {
      name: 'env values by digest, non-strings as their JSON, DISABLE_AUTOUPDATER left out',
      settings: { env: { API_KEY: 'sk-1', N: 5, O: { a: 1 }, DISABLE_AUTOUPDATER: '1' } },
      want: { env: { API_KEY: '#sk-1', N: '#5', O: '#{"a":1}' } },
    },
    { name: 'an env that is an array is no env', settings: { env: ['A=1'] }, want: {} },
    { name: 'an env that is a string is no env', settings: { env: 'A=1' }, want: {} },
    {
      name: "the meter's hook entries, with matcher and timeout",
      settings: { hooks: { Stop: [{ hooks: [meter] }], PreToolUse: [{ matcher: 'ExitPlanMode', hooks: [{ type: 'command', command: STOP.replace('stop', 'plan-approved') }] }] } },
      want: {
        entries: [
          { event: 'Stop', matcher: null, command: STOP, timeout: 600 },
          { event: 'PreToolUse', matcher: 'ExitPlanMode', command: STOP.replace('stop', 'plan-approved'), timeout: null },
        ],
      },
    },
    { name: "a Stop group with only the meter's hook is no other stop hook", settings: { hooks: { Stop: [{ hooks: [meter] }] } }, want: { entries: [{ event: 'Stop', matcher: null, command: STOP, timeout: 600 }] } },
    {
      name: "another Stop hook beside the meter's: its event, a null matcher and its hooks, by digest",
      settings: { hooks: { Stop: [{ hooks: [meter, user] }] } },
      want: { entries: [{ event: 'Stop', matcher: null, command: STOP, timeout: 600 }], stopHooks: '#[["Stop",null,[{"type":"command","command":"echo \'{\\"continue\\":false}\'"}]]]' },
    },
    { name: 'a SubagentStop hook with a matcher', settings: { hooks: { SubagentStop: [{ matcher: 'x', hooks: [user] }] } }, want: { stopHooks: '#[["SubagentStop","x",[{"type":"command","command":"echo \'{\\"continue\\":false}\'"}]]]' } },
    { name: 'Stop groups before SubagentStop groups', settings: { hooks: { SubagentStop: [{ hooks: ['b'] }], Stop: [{ hooks: ['a'] }] } }, want: { stopHooks: '#[["Stop",null,["a"]],["SubagentStop",null,["b"]]]' } },
    { name: 'a hook that is not an object is kept as another hook', settings: { hooks: { Stop: [{ hooks: ['x'] }] } }, want: { stopHooks: '#[["Stop",null,["x"]]]' } },
    { name: 'a Stop group that is not an object is kept whole', settings: { hooks: { Stop: ['junk'] } }, want: { stopHooks: '#[["Stop","junk"]]' } },
    { name: 'a Stop group without a hooks array is kept whole', settings: { hooks: { Stop: [{ matcher: 'm', hooks: 'x' }] } }, want: { stopHooks: '#[["Stop",{"matcher":"m","hooks":"x"}]]' } },
    { name: 'a Stop value that is not an array is skipped', settings: { hooks: { Stop: 'abc' } }, want: {} },
    { name: 'hooks on other events are not stop hooks', settings: { hooks: { PreToolUse: [{ hooks: [user] }] } }, want: {} },
    { name: 'hooks that are not an object hold no stop hooks', settings: { hooks: ['Stop'] }, want: {} },
    {
      name: 'the sandbox object by a digest per key of its canonical JSON, keys sorted',
      settings: { sandbox: { filesystem: { denyWrite: ['.claude/proofmeter'], allowWrite: [] }, enabled: true } },
      want: { sandbox: { enabled: '#true', filesystem: '#{"allowWrite":[],"denyWrite":[".claude/proofmeter"]}' } },
    },
    { name: 'the permissions object by a digest per fenced key', settings: { permissions: { deny: ['Edit(/.claude/proofmeter/**)'], blockWritesOutsideWorkingDirectories: true } }, want: { permissions: { blockWritesOutsideWorkingDirectories: '#true', deny: '#["Edit(/.claude/proofmeter/**)"]' } } },
    { name: "allow, ask and defaultMode are not kept: Claude Code writes allow when the person answers \"don't ask again\", and deny wins over them", settings: { permissions: { deny: [], allow: ['Bash'], ask: ['Read'], defaultMode: 'acceptEdits' } }, want: { permissions: { deny: '#[]' } } },
    { name: 'permissions with nothing fenced are none', settings: { permissions: { allow: ['Bash'] } }, want: {} },
    { name: 'an empty sandbox object is kept as one, not as none', settings: { sandbox: {} }, want: { sandbox: {} } },
    { name: 'a sandbox of null is none', settings: { sandbox: null }, want: {} },
    { name: 'a sandbox that is not an object is kept whole under the empty key', settings: { sandbox: false }, want: { sandbox: { '': '#false' } } },
    { name: 'permissions that are an array are kept whole under the empty key', settings: { permissions: ['Bash'] }, want: { permissions: { '': '#["Bash"]' } } },
  ];
  for (const row of rows) it(row.name, () => assert.deepEqual(armingOf(row.settings, digest), { ...NOTHING, ...row.want }));
});

describe('sameArming', () => {
  /** A seal taken before the sandbox and permissions were kept: neither key is there. */
  const OLD: Arming = { entries: [], statusLine: null, disableAllHooks: 'null', allowManagedHooksOnly: 'null', env: {}, stopHooks: '' };
  const rows: Array<{ name: string; sealed: Arming; now: Arming; want: boolean }> = [
    { name: 'two armings with the same values are the same', sealed: { ...NOTHING, env: { A: '#1' } }, now: { ...NOTHING, env: { A: '#1' } }, want: true },
    { name: 'one value that differs is a change', sealed: { ...NOTHING, env: { A: '#1' } }, now: { ...NOTHING, env: { A: '#2' } }, want: false },
    { name: 'keys in another order are the same', sealed: { ...NOTHING, env: { A: '#1', B: '#2' }, sandbox: { a: '#1', b: '#2' } }, now: { ...NOTHING, sandbox: { b: '#2', a: '#1' }, env: { B: '#2', A: '#1' } }, want: true },
    { name: 'a sandbox key changed is a change', sealed: { ...NOTHING, sandbox: { enabled: '#true' } }, now: { ...NOTHING, sandbox: { enabled: '#false' } }, want: false },
    { name: 'permissions added where the seal recorded none is a change', sealed: NOTHING, now: { ...NOTHING, permissions: { allow: '#[]' } }, want: false },
    { name: 'a seal that did not record the sandbox and permissions compares without them', sealed: OLD, now: { ...NOTHING, sandbox: { enabled: '#false' }, permissions: { allow: '#["Bash"]' } }, want: true },
    { name: 'a seal that did not record them still sees the rest', sealed: OLD, now: { ...NOTHING, disableAllHooks: 'true', sandbox: { enabled: '#false' } }, want: false },
    { name: 'a seal that recorded only the sandbox compares it', sealed: { ...OLD, sandbox: null }, now: { ...NOTHING, sandbox: { enabled: '#false' }, permissions: { allow: '#[]' } }, want: false },
    { name: 'a seal that recorded only the permissions compares them', sealed: { ...OLD, permissions: null }, now: { ...NOTHING, sandbox: { enabled: '#false' }, permissions: { allow: '#[]' } }, want: false },
  ];
  for (const row of rows) it(row.name, () => assert.equal(sameArming(row.sealed, row.now), row.want));
});

describe('recordedPart', () => {
  const OLD: Arming = { entries: [], statusLine: null, disableAllHooks: 'null', allowManagedHooksOnly: 'null', env: {}, stopHooks: '' };
  it('leaves out of the arming now what the seal did not record, and keeps what it did', () => {
    const now: Arming = { ...NOTHING, sandbox: { enabled: '#false' }, permissions: { deny: '#[]' } };
    assert.deepEqual(recordedPart(OLD, now), OLD);
    assert.deepEqual(recordedPart({ ...OLD, permissions: null }, now), { ...OLD, permissions: { deny: '#[]' } });
    assert.deepEqual(recordedPart(NOTHING, now), now);
  });
});

describe('armingChanges', () => {
  const entry = (event: string, matcher: string | null, command: string, timeout: number | null = null) => ({ event, matcher, command, timeout });
  const GUARD = '"$CLAUDE_PROJECT_DIR"/.claude/proofmeter/guard.sh';
  const rows: Array<{ name: string; sealed: Partial<Arming>; now: Partial<Arming>; env?: Record<string, unknown>; want: string[] }> = [
    { name: 'nothing changed: no line', sealed: { entries: [entry('Stop', null, STOP, 600)], env: { A: '#1' } }, now: { entries: [entry('Stop', null, STOP, 600)], env: { A: '#1' } }, want: [] },
    { name: 'an entry gone', sealed: { entries: [entry('Stop', null, STOP)] }, now: {}, want: ["the meter's Stop entry was removed"] },
    { name: 'an entry with a matcher gone, named with it', sealed: { entries: [entry('PreToolUse', 'Bash', GUARD)] }, now: {}, want: ["the meter's PreToolUse Bash entry was removed"] },
    { name: 'an entry with another command in the same place: changed, not added', sealed: { entries: [entry('PreToolUse', 'Bash', GUARD)] }, now: { entries: [entry('PreToolUse', 'Bash', 'sh ' + GUARD)] }, want: ["the meter's PreToolUse Bash entry was changed"] },
    { name: 'an entry moved to another matcher: removed and added', sealed: { entries: [entry('PreToolUse', 'Bash', GUARD)] }, now: { entries: [entry('PreToolUse', 'Write', GUARD)] }, want: ["the meter's PreToolUse Bash entry was removed", 'a meter PreToolUse Write entry was added'] },
    {
      // Matcher and command meet in the key: without a separator, "a" + "bx …" and "ab" + "x …" would read as one entry.
      name: 'matcher and command are kept apart in the key',
      sealed: { entries: [entry('Stop', 'a', 'bx .claude/proofmeter/guard.sh')] },
      now: { entries: [entry('Stop', 'ab', 'x .claude/proofmeter/guard.sh')] },
      want: ["the meter's Stop a entry was removed", 'a meter Stop ab entry was added'],
    },
    { name: 'an entry added', sealed: {}, now: { entries: [entry('Stop', null, STOP)] }, want: ['a meter Stop entry was added'] },
    { name: 'a timeout cut', sealed: { entries: [entry('Stop', null, STOP, 600)] }, now: { entries: [entry('Stop', null, STOP, 1)] }, want: ["the meter's Stop entry's timeout went from 600 to 1"] },
    { name: 'a timeout set', sealed: { entries: [entry('Stop', null, STOP)] }, now: { entries: [entry('Stop', null, STOP, 5)] }, want: ["the meter's Stop entry's timeout went from unset to 5"] },
    { name: 'a timeout unset', sealed: { entries: [entry('Stop', null, STOP, 5)] }, now: { entries: [entry('Stop', null, STOP)] }, want: ["the meter's Stop entry's timeout went from 5 to unset"] },
    { name: 'the statusLine removed', sealed: { statusLine: STATUS }, now: {}, want: ["the meter's statusLine was removed"] },
    { name: 'the statusLine changed', sealed: { statusLine: STATUS }, now: { statusLine: 'node x/.claude/proofmeter/proofmeter.js statusline' }, want: ["the meter's statusLine was changed"] },
    { name: 'the statusLine added', sealed: {}, now: { statusLine: STATUS }, want: ["the meter's statusLine was changed"] },
    { name: 'disableAllHooks set', sealed: {}, now: { disableAllHooks: 'true' }, want: ['disableAllHooks went from null to true'] },
    { name: 'allowManagedHooksOnly set', sealed: { allowManagedHooksOnly: 'false' }, now: { allowManagedHooksOnly: 'true' }, want: ['allowManagedHooksOnly went from false to true'] },
    { name: 'an env key set', sealed: {}, now: { env: { FOO: '#1' } }, want: ['env FOO set (hooks run with it)'] },
    { name: 'an env key removed', sealed: { env: { FOO: '#1' } }, now: {}, want: ['env FOO removed (hooks run with it)'] },
    { name: 'an env key changed', sealed: { env: { FOO: '#1' } }, now: { env: { FOO: '#2' } }, want: ['env FOO changed (hooks run with it)'] },
    { name: 'env keys in order: the sealed ones, then the new ones', sealed: { env: { B: '#1', A: '#1' } }, now: { env: { C: '#1', A: '#2' } }, want: ['env B removed (hooks run with it)', 'env A changed (hooks run with it)', 'env C set (hooks run with it)'] },
    { name: 'PATH set', sealed: {}, now: { env: { PATH: '#/tmp' } }, want: ['env PATH set for hooks'] },
    { name: 'PATH changed', sealed: { env: { PATH: '#/bin' } }, now: { env: { PATH: '#/tmp' } }, want: ['env PATH changed for hooks'] },
    { name: 'the stop cap set: its value named', sealed: {}, now: { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '#1' } }, env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '1' }, want: ["env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP set to 1 (Claude Code's cap on stop blocks, 8 by default)"] },
    { name: 'the stop cap changed to a negative number', sealed: { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '#8' } }, now: { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '#-3' } }, env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '-3' }, want: ["env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP changed to -3 (Claude Code's cap on stop blocks, 8 by default)"] },
    { name: 'the stop cap at six digits is named', sealed: {}, now: { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '#' } }, env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: 999999 }, want: ["env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP set to 999999 (Claude Code's cap on stop blocks, 8 by default)"] },
    ...(
      [
        ['seven digits', '1000000'],
        ['text', 'abc'],
        ['a number after text', 'x1'],
        ['text after a number', '1x'],
        ['empty', ''],
        ['a lone minus', '-'],
      ] as const
    ).map(([what, v]) => ({
      name: `the stop cap set to ${what}: not echoed`,
      sealed: {},
      now: { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '#' } },
      env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: v },
      want: ["env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP set to a new value (Claude Code's cap on stop blocks, 8 by default)"],
    })),
    { name: 'the stop cap removed: a plain env line', sealed: { env: { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '#1' } }, now: {}, want: ['env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP removed (hooks run with it)'] },
    { name: 'other stop hooks changed', sealed: {}, now: { stopHooks: '#x' }, want: ['another Stop or SubagentStop hook was added, changed or removed (its `continue: false` would end the turn past the gate)'] },
    { name: 'the sandbox switched off', sealed: { sandbox: { enabled: '#true' } }, now: { sandbox: { enabled: '#false' } }, want: ['the sandbox settings were changed (sandbox.enabled changed)'] },
    { name: 'a command excluded from the sandbox', sealed: { sandbox: { enabled: '#true' } }, now: { sandbox: { enabled: '#true', excludedCommands: '#["rm"]' } }, want: ['the sandbox settings were changed (sandbox.excludedCommands set)'] },
    { name: 'unsandboxed commands allowed', sealed: { sandbox: { allowUnsandboxedCommands: '#false' } }, now: { sandbox: { allowUnsandboxedCommands: '#true' } }, want: ['the sandbox settings were changed (sandbox.allowUnsandboxedCommands changed)'] },
    { name: "the sandbox's write denials removed", sealed: { sandbox: { enabled: '#true', filesystem: '#{}' } }, now: { sandbox: { enabled: '#true' } }, want: ['the sandbox settings were changed (sandbox.filesystem removed)'] },
    { name: 'the sandbox object removed', sealed: { sandbox: { enabled: '#true' } }, now: {}, want: ['the sandbox settings were removed'] },
    { name: 'a sandbox object added, its keys named', sealed: {}, now: { sandbox: { enabled: '#false', excludedCommands: '#[]' } }, want: ['the sandbox settings were added (sandbox.enabled, sandbox.excludedCommands)'] },
    { name: 'the sandbox made a value that is not an object', sealed: { sandbox: { enabled: '#true' } }, now: { sandbox: { '': '#false' } }, want: ['the sandbox settings were changed (sandbox.enabled removed, sandbox set)'] },
    { name: 'a deny rule dropped', sealed: { permissions: { deny: '#["Edit(/.claude/proofmeter/**)"]' } }, now: { permissions: { deny: '#[]' } }, want: ['the permission rules were changed (permissions.deny changed)'] },
    { name: 'an allow rule added', sealed: { permissions: { deny: '#[]' } }, now: { permissions: { deny: '#[]', allow: '#["Bash"]' } }, want: ['the permission rules were changed (permissions.allow set)'] },
    { name: 'permissions added to a file that had none', sealed: {}, now: { permissions: { allow: '#["Bash"]' } }, want: ['the permission rules were added (permissions.allow)'] },
    { name: 'the permissions object removed', sealed: { permissions: { deny: '#[]' } }, now: {}, want: ['the permission rules were removed'] },
    { name: 'the same sandbox and permissions: no line', sealed: { sandbox: { enabled: '#true' }, permissions: { deny: '#[]' } }, now: { permissions: { deny: '#[]' }, sandbox: { enabled: '#true' } }, want: [] },
    {
      name: 'a seal that did not record the sandbox and permissions names no change to them',
      sealed: { sandbox: undefined, permissions: undefined },
      now: { sandbox: { enabled: '#false' }, permissions: { allow: '#["Bash"]' } },
      want: [],
    },
    {
      name: 'the now side missing a part reads as none',
      sealed: { sandbox: { enabled: '#true' } },
      now: { sandbox: undefined },
      want: ['the sandbox settings were removed'],
    },
    {
      name: 'every change at once, in order',
      sealed: { entries: [entry('Stop', null, STOP, 600)], statusLine: STATUS, env: { PATH: '#/bin' } },
      now: { entries: [entry('Stop', null, STOP, 1), entry('SessionStart', null, STOP.replace('stop', 'session-start'))], disableAllHooks: 'true', allowManagedHooksOnly: 'true', env: { PATH: '#/tmp' }, stopHooks: '#x' },
      want: [
        "the meter's Stop entry's timeout went from 600 to 1",
        'a meter SessionStart entry was added',
        "the meter's statusLine was removed",
        'disableAllHooks went from null to true',
        'allowManagedHooksOnly went from null to true',
        'env PATH changed for hooks',
        'another Stop or SubagentStop hook was added, changed or removed (its `continue: false` would end the turn past the gate)',
      ],
    },
    {
      name: 'the sandbox before the permissions, after every other change',
      sealed: { permissions: { deny: '#[]' }, sandbox: { enabled: '#true' } },
      now: { disableAllHooks: 'true', permissions: null, sandbox: { enabled: '#false' } },
      want: ['disableAllHooks went from null to true', 'the sandbox settings were changed (sandbox.enabled changed)', 'the permission rules were removed'],
    },
  ];
  for (const row of rows) it(row.name, () => assert.deepEqual(armingChanges({ ...NOTHING, ...row.sealed }, { ...NOTHING, ...row.now }, row.env ?? {}), row.want));
});
