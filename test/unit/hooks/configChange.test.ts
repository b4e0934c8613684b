// The ConfigChange gate: which settings changes a running session may take, compared with the view
// the session-start gate took of the files (the real Claude Code's behaviour is measured in
// test/realcli/configChange.test.ts).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import { mergeMeter } from '../../../src/core/install/settingsMerge';
import { configChange } from '../../../src/hooks/configChange';
import type { HookContext } from '../../../src/hooks/context';
import { recordStartingSettings } from '../../../src/hooks/startingSettings';
import { passSettingsChange, PASS_MS } from '../../../src/workspace/settingsPass';
import { readSessionView } from '../../../src/workspace/sessionSettingsView';
import { editSettings, groupsOf, settingsJson, type SettingsJson } from '../helpers/settingsJson';
import { answerJson, blockReason, workspace, type Workspace } from './helpers';

const SESSION = '5e551011-0000-4000-8000-000000000001';
const NOW = new Date('2026-12-01T10:00:00.000Z');

function ctx(w: Workspace, kind: CallerKind = 'hook', now = NOW): HookContext {
  const caller: Caller = { kind, nested: kind === 'nested-hook', claudePid: 42, why: `test says ${kind}` };
  return { workspace: w.ws, env: w.env, now: () => now, callerOf: () => caller };
}

const project = (w: Workspace) => join(w.ws, '.claude', 'settings.json');
const local = (w: Workspace) => join(w.ws, '.claude', 'settings.local.json');

function installed(): SettingsJson {
  const r = mergeMeter({
    env: { TOKEN: 'secret-token-value' },
    permissions: { allow: ['Bash(npm test)'], deny: ['Edit(/.claude/proofmeter/**)'] },
    sandbox: { enabled: true, allowUnsandboxedCommands: false, filesystem: { denyWrite: ['.claude/proofmeter'] } },
  });
  assert.ok(r.ok);
  return settingsJson(r.settings);
}

/** A workspace with the meter installed in the project settings and a local file of permissions, viewed at session start. */
function started(): Workspace {
  const w = workspace();
  writeFileSync(project(w), JSON.stringify(installed(), null, 2));
  writeFileSync(local(w), JSON.stringify({ permissions: { allow: ['Read'], deny: ['Bash(curl:*)'] } }));
  recordStartingSettings({ session_id: SESSION, hook_event_name: 'SessionStart', source: 'startup' }, ctx(w));
  return w;
}

function change(w: Workspace, file: string, c: HookContext = ctx(w)) {
  const a = configChange({ session_id: SESSION, hook_event_name: 'ConfigChange', source: file.endsWith('local.json') ? 'local_settings' : 'project_settings', file_path: file }, c);
  return { a, json: answerJson(a) };
}

const edit = editSettings;

describe('the ConfigChange gate', () => {
  const refused: Array<[string, (w: Workspace) => string, RegExp]> = [
    ['a script that writes disableAllHooks: true into settings.local.json', (w) => (writeFileSync(local(w), '{"disableAllHooks": true}'), local(w)), /it sets disableAllHooks to true/],
    ['dropping the Stop entry from the project settings', (w) => (edit(project(w), (s) => delete s.hooks?.Stop), project(w)), /removes or alters the meter's hook entries/],
    ["cutting the stop entry's timeout to one second", (w) => (edit(project(w), (s) => (groupsOf(s, 'Stop')[0]!.hooks[0]!.timeout = 1)), project(w)), /removes or alters the meter's hook entries/],
    ['a new value in env', (w) => (edit(project(w), (s) => (s.env = { ...s.env, TOKEN: 'other' })), project(w)), /it edits env/],
    ['env added to the local settings', (w) => (edit(local(w), (s) => (s.env = { PATH: '/tmp/evil' })), local(w)), /it edits env/],
    ['a hook of its own added beside the meter\'s', (w) => (edit(project(w), (s) => (s.hooks = { ...s.hooks, SubagentStop: [{ hooks: [{ type: 'command', command: 'true' }] }] })), project(w)), /it changes the hooks/],
    ['allowManagedHooksOnly set', (w) => (edit(local(w), (s) => (s.allowManagedHooksOnly = true)), local(w)), /allowManagedHooksOnly/],
    ['the project settings made not JSON', (w) => (writeFileSync(project(w), '{ "hooks": '), project(w)), /no longer a JSON object/],
    ['the project settings deleted', (w) => (unlinkSync(project(w)), project(w)), /removes or alters the meter's hook entries/],
    ['a deny rule dropped', (w) => (edit(project(w), (s) => (s.permissions!.deny = [])), project(w)), /it changes the permission rules/],
    ['a folder added for the file tools', (w) => (edit(project(w), (s) => (s.permissions = { ...s.permissions, additionalDirectories: ['/elsewhere'] })), project(w)), /it changes the permission rules/],
    ['the sandbox switched off in the local file', (w) => (edit(local(w), (s) => (s.sandbox = { enabled: false })), local(w)), /it changes the sandbox settings/],
    ['the local file of permissions deleted', (w) => (unlinkSync(local(w)), local(w)), /it changes the permission rules/],
  ];
  for (const [what, act, why] of refused) {
    it(`refuses ${what}, saying why and how the person applies it`, () => {
      const w = started();
      const r = change(w, act(w));
      assert.equal(r.a.code, 0);
      assert.equal(r.a.outcome, 'refused');
      assert.equal(r.json?.decision, 'block');
      assert.match(blockReason(r), why);
      assert.match(blockReason(r), /restart Claude Code/);
      assert.match(blockReason(r), /proofmeter uninstall/);
      assert.equal(blockReason(r).split('\n').length, 1);
    });
  }

  const passed: Array<[string, (w: Workspace) => string]> = [
    ['the same settings with their keys in another order', (w) => (writeFileSync(project(w), JSON.stringify(Object.fromEntries(Object.entries(installed()).reverse()))), project(w))],
    ['a model choice in the local file', (w) => (edit(local(w), (s) => (s.model = 'opus')), local(w))],
  ];
  for (const [what, act] of passed) {
    it(`lets ${what} through`, () => {
      const w = started();
      const { a } = change(w, act(w));
      assert.equal(a.outcome, 'pass');
      assert.equal(a.stdout, '');
    });
  }

  it('ignores skills, which are not settings', () => {
    const w = started();
    const a = configChange({ session_id: SESSION, hook_event_name: 'ConfigChange', source: 'skills', file_path: join(w.ws, '.claude', 'skills', 'x', 'SKILL.md') }, ctx(w));
    assert.equal(a.outcome, 'not-settings');
  });

  it('with no view of how the session started, refuses a change to a file that holds hooks, sandbox or permission settings, and lets one of a model choice only through', () => {
    const w = workspace();
    writeFileSync(project(w), JSON.stringify(installed()));
    assert.equal(change(w, project(w)).a.outcome, 'refused-no-view');
    writeFileSync(local(w), JSON.stringify({ permissions: { allow: ['Read', 'Edit'], deny: [] } }));
    assert.equal(change(w, local(w)).a.outcome, 'refused-no-view');
    writeFileSync(local(w), JSON.stringify({ sandbox: { enabled: false } }));
    assert.equal(change(w, local(w)).a.outcome, 'refused-no-view');
    writeFileSync(local(w), JSON.stringify({ model: 'opus' }));
    assert.equal(change(w, local(w)).a.outcome, 'pass');
  });

  it('lets through an allow rule Claude Code writes when the person answers "don\'t ask again": deny rules win over it', () => {
    const w = started();
    edit(local(w), (s) => s.permissions?.allow?.push('Bash(npm run build)'));
    assert.equal(change(w, local(w)).a.outcome, 'pass');
  });

  it("lets through exactly what the person's uninstall wrote, for a few minutes, and nothing else", () => {
    const w = started();
    edit(project(w), (s) => delete s.hooks);
    passSettingsChange(w.ws, [project(w)], NOW);
    assert.equal(change(w, project(w)).a.outcome, 'passed-uninstall');
    const late = new Date(NOW.getTime() + PASS_MS + 1000);
    assert.equal(change(w, project(w), ctx(w, 'hook', late)).a.outcome, 'refused');
    edit(project(w), (s) => (s.disableAllHooks = true));
    assert.equal(change(w, project(w)).a.outcome, 'refused');
  });

  it("lets through the person's uninstall that also takes out the sandbox block and the deny rule, and nothing else", () => {
    const w = started();
    edit(project(w), (s) => {
      delete s.hooks;
      delete s.sandbox;
      s.permissions = { allow: s.permissions?.allow ?? [] };
    });
    passSettingsChange(w.ws, [project(w)], NOW);
    assert.equal(change(w, project(w)).a.outcome, 'passed-uninstall');
    edit(project(w), (s) => (s.sandbox = { enabled: false }));
    assert.equal(change(w, project(w)).a.outcome, 'refused');
  });

  it('compares a starting view an older runner saved (no sandbox or permissions in it) as a file that had none', () => {
    const w = started();
    const path = join(w.ws, '.claude', 'proofmeter', 'settings-view', `${SESSION}.json`);
    const saved = readFileSync(path, 'utf8');
    const older = saved.replace(/,"sandbox":(null|"[0-9a-f]{64}"),"permissions":(null|"[0-9a-f]{64}")/g, '');
    assert.ok(older !== saved && !older.includes('"sandbox"') && !older.includes('"permissions"'), older);
    writeFileSync(path, older);
    assert.ok(readSessionView(w.ws, SESSION), 'the older view still reads');
    // The local file holds permissions: refused, as the session's own are unknown.
    edit(local(w), (s) => (s.model = 'opus'));
    assert.match(blockReason(change(w, local(w))), /it changes the permission rules/);
    // A file with neither: nothing to refuse.
    writeFileSync(local(w), JSON.stringify({ model: 'opus' }));
    assert.equal(change(w, local(w)).a.outcome, 'pass');
  });
});

describe('the view of the settings a session starts with', () => {
  it('is taken by a genuine hook on startup, and a /clear keeps the first one', () => {
    const w = started();
    const first = readSessionView(w.ws, SESSION);
    assert.ok(first);
    writeFileSync(local(w), '{"disableAllHooks": true}');
    recordStartingSettings({ session_id: SESSION, source: 'clear' }, ctx(w, 'hook', new Date(NOW.getTime() + 1000)));
    assert.deepEqual(readSessionView(w.ws, SESSION), first);
    assert.equal(change(w, local(w)).a.outcome, 'refused');
  });

  it('is taken again on resume: a new process reads the files again', () => {
    const w = started();
    edit(local(w), (s) => (s.env = { A: '1' }));
    recordStartingSettings({ session_id: SESSION, source: 'resume' }, ctx(w, 'hook', new Date(NOW.getTime() + 1000)));
    assert.equal(change(w, local(w)).a.outcome, 'pass');
  });

  for (const kind of ['agent-shell', 'person'] as const) {
    it(`is not taken from a payload the ${kind} pipes into the runner`, () => {
      const w = workspace();
      writeFileSync(project(w), JSON.stringify(installed()));
      recordStartingSettings({ session_id: SESSION, source: 'startup' }, ctx(w, kind));
      assert.equal(readSessionView(w.ws, SESSION), null);
      assert.ok(!existsSync(join(w.ws, '.claude', 'proofmeter', 'settings-view', `${SESSION}.json`)));
    });
  }

  it('holds digests of env, never its values', () => {
    const w = started();
    const text = readFileSync(join(w.ws, '.claude', 'proofmeter', 'settings-view', `${SESSION}.json`), 'utf8');
    assert.ok(!text.includes('secret-token-value'));
    assert.ok(!text.includes('TOKEN'));
    rmSync(w.root, { recursive: true, force: true });
  });
});
