// The sandbox block as install and the launcher write it, merged and unmerged with the
// never-clobber rules.
import { strict as assert } from 'node:assert';
import { sandboxBlock, type SandboxPaths } from '../../../src/core/install/sandboxBlock';
import { mergeSandbox, unmergeSandbox, joinAdded, splitRetired, NOTHING_ADDED } from '../../../src/core/install/sandboxMerge';
import type { Settings } from '../../../src/core/install/settingsMerge';

const PROJECT: SandboxPaths = { anchor: 'project', workspace: '/w/proj', outsideDir: '/home/ann/.local/state/proofmeter', home: '/home/ann' };

function merged(input: Settings, block: Settings = sandboxBlock(PROJECT)) {
  const r = mergeSandbox(input, block);
  assert.ok(r.ok, 'merge refused');
  return r;
}

describe('the sandbox block', () => {
  const spellings: Array<[string, SandboxPaths, string[], string[]]> = [
    ['project settings name the state folder from the project and the outside folder from HOME', PROJECT,
      ['.claude/proofmeter', '~/.local/state/proofmeter'], ['Edit(/.claude/proofmeter/**)', 'Edit(~/.local/state/proofmeter/**)']],
    ['project settings name an outside folder not under HOME from the root', { ...PROJECT, outsideDir: '/var/state/proofmeter' },
      ['.claude/proofmeter', '//var/state/proofmeter'], ['Edit(/.claude/proofmeter/**)', 'Edit(//var/state/proofmeter/**)']],
    ['the launcher names every folder from the root', { ...PROJECT, anchor: 'absolute' },
      ['//w/proj/.claude/proofmeter', '//home/ann/.local/state/proofmeter'], ['Edit(//w/proj/.claude/proofmeter/**)', 'Edit(//home/ann/.local/state/proofmeter/**)']],
  ];
  for (const [name, paths, denyWrite, deny] of spellings) {
    it(name, () => {
      const b = sandboxBlock(paths) as { sandbox: { filesystem: { denyWrite: string[] } }; permissions: { deny: string[] } };
      assert.deepEqual(b.sandbox.filesystem.denyWrite, denyWrite);
      assert.deepEqual(b.permissions.deny, deny);
    });
  }

  it('turns the sandbox on, keeps every Bash call in it and closes the settings files to the file tools', () => {
    const b = sandboxBlock(PROJECT) as { sandbox: Record<string, unknown>; permissions: Record<string, unknown> };
    assert.deepEqual([b.sandbox.enabled, b.sandbox.failIfUnavailable, b.sandbox.allowUnsandboxedCommands, b.sandbox.autoAllowBashIfSandboxed, b.permissions.blockWritesOutsideWorkingDirectories],
      [true, true, false, true, true]);
  });

  it("leaves failIfUnavailable out of settings a team shares: a teammate without bubblewrap still starts Claude Code, and reads guard only", () => {
    const b = sandboxBlock({ ...PROJECT, shared: true }) as { sandbox: Record<string, unknown> };
    assert.equal('failIfUnavailable' in b.sandbox, false);
    assert.deepEqual([b.sandbox.enabled, b.sandbox.allowUnsandboxedCommands], [true, false]);
  });

  it('takes out what an earlier install added that the block now leaves out, and keeps the rest as install\'s', () => {
    const before = mergeSandbox({}, sandboxBlock(PROJECT));
    assert.ok(before.ok);
    const { kept, retired } = splitRetired(before.added, sandboxBlock({ ...PROJECT, shared: true }));
    assert.deepEqual(retired.scalars.map((s) => s.key), ['sandbox.failIfUnavailable']);
    assert.ok(!kept.scalars.some((s) => s.key === 'sandbox.failIfUnavailable'));
    assert.equal(kept.scalars.length, before.added.scalars.length - 1);
  });
});

describe('merging the sandbox block', () => {
  it('adds the whole block to empty settings and says what it added', () => {
    const r = merged({});
    assert.deepEqual(r.settings, sandboxBlock(PROJECT));
    assert.equal(r.changed, true);
    assert.deepEqual(r.added.objects, ['sandbox', 'sandbox.filesystem', 'permissions']);
    assert.deepEqual(r.kept, []);
  });

  it('changes nothing the second time', () => {
    const once = merged({}).settings;
    const twice = merged(once);
    assert.equal(twice.changed, false);
    assert.equal(twice.settings, once);
    assert.deepEqual(twice.added, NOTHING_ADDED);
  });

  it("keeps the person's own value of a key and reports it", () => {
    const r = merged({ sandbox: { enabled: false } });
    assert.equal((r.settings.sandbox as Record<string, unknown>).enabled, false);
    assert.deepEqual(r.kept, ['sandbox.enabled is false (the meter would set true)']);
  });

  it("appends to the person's lists without repeating an item", () => {
    const r = merged({ permissions: { deny: ['Bash(rm:*)', 'Edit(/.claude/proofmeter/**)'], allow: ['Bash(ls)'] } });
    assert.deepEqual((r.settings.permissions as Record<string, unknown>).deny, ['Bash(rm:*)', 'Edit(/.claude/proofmeter/**)', 'Edit(~/.local/state/proofmeter/**)']);
    assert.deepEqual(r.added.items.find((i) => i.key === 'permissions.deny'), { key: 'permissions.deny', values: ['Edit(~/.local/state/proofmeter/**)'], created: false });
  });

  it('refuses a settings file whose sandbox is not an object', () => {
    assert.deepEqual(mergeSandbox({ sandbox: true }, sandboxBlock(PROJECT)), { ok: false, error: '"sandbox" is not an object' });
  });

  it('refuses a settings file whose deny rules are not a list', () => {
    assert.deepEqual(mergeSandbox({ permissions: { deny: 'x' } }, sandboxBlock(PROJECT)), { ok: false, error: '"permissions.deny" is not a list' });
  });
});

describe('unmerging the sandbox block', () => {
  const cases: Array<[string, Settings]> = [
    ['empty settings', {}],
    ['settings with a model and permissions of their own', { model: 'opus', permissions: { allow: ['Bash(ls)'], deny: ['Bash(curl:*)'] } }],
    ['settings whose sandbox had other keys', { sandbox: { network: { allowedDomains: ['example.com'] } } }],
  ];
  for (const [name, before] of cases) {
    it(`gives back ${name} exactly`, () => {
      const m = merged(before);
      const u = unmergeSandbox(m.settings, m.added);
      assert.deepEqual(u.settings, before);
      assert.equal(u.changed, true);
    });
  }

  it('leaves a value the person changed after install', () => {
    const m = merged({});
    const edited = structuredClone(m.settings);
    (edited.sandbox as Record<string, unknown>).enabled = false;
    const u = unmergeSandbox(edited, m.added);
    assert.equal((u.settings.sandbox as Record<string, unknown>).enabled, false);
  });

  it('leaves an item the person added to a list install created', () => {
    const m = merged({});
    const edited = structuredClone(m.settings);
    ((edited.sandbox as Record<string, Record<string, string[]>>).filesystem!.denyWrite!).push('secrets');
    const u = unmergeSandbox(edited, m.added);
    assert.deepEqual(u.settings, { sandbox: { filesystem: { denyWrite: ['secrets'] } } });
  });

  it('removes what two installs added', () => {
    const first = merged({}, sandboxBlock({ ...PROJECT, outsideDir: '/home/ann/old' }));
    const second = merged(first.settings);
    const u = unmergeSandbox(second.settings, joinAdded(first.added, second.added));
    assert.deepEqual(u.settings, {});
  });

  it('changes nothing when install added nothing', () => {
    const s = { sandbox: { enabled: true } };
    const u = unmergeSandbox(s, NOTHING_ADDED);
    assert.equal(u.changed, false);
    assert.equal(u.settings, s);
  });
});
