// The rules of protectedPaths.ts one by one (mutation testing found each unguarded): which paths
// are the meter's, spelled as given and resolved, and how a path is shown in a guard message.
import { strict as assert } from 'node:assert';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyPath, isWithin, protectedPaths, realish, shown, touchesClaudeDir, type Protected } from '../../../src/hooks/protectedPaths';
import { gateChangeReason } from '../../../src/hooks/gateChangeReason';
import { workspace } from './helpers';

describe('the paths the guard protects', () => {
  it('for a workspace reached without links, lists each path once, spelled as given', () => {
    const w = workspace();
    const env = { HOME: w.home };
    const c = join(w.home, '.claude');
    assert.deepEqual(protectedPaths(w.ws, env), {
      workspace: w.ws,
      stateDirs: [join(w.ws, '.claude', 'proofmeter'), join(w.home, '.local', 'state', 'proofmeter')],
      settingsFiles: [join(w.ws, '.claude', 'settings.json'), join(w.ws, '.claude', 'settings.local.json'), join(c, 'settings.json'), join(c, 'settings.local.json')],
      managedDirs: ['/etc/claude-code'],
      recordDirs: [join(c, 'projects'), join(c, 'shell-snapshots')],
      claudeDirs: [join(w.ws, '.claude')],
    });
  });

  it('for a workspace reached through a link, lists the linked and the resolved spelling', () => {
    const w = workspace();
    const link = join(w.root, 'link');
    symlinkSync(w.ws, link);
    const p = protectedPaths(link, { HOME: w.home });
    assert.deepEqual(p.claudeDirs, [join(link, '.claude'), join(w.ws, '.claude')]);
  });

  it('resolves a link itself, and the folder of a path that does not exist yet', () => {
    const w = workspace();
    const target = join(w.root, 'target.json');
    writeFileSync(target, '{}');
    symlinkSync(target, join(w.ws, 'file-link'));
    symlinkSync(w.ws, join(w.root, 'dir-link'));
    assert.equal(realish(join(w.ws, 'file-link')), target);
    assert.equal(realish(join(w.root, 'dir-link', 'new.json')), join(w.ws, 'new.json'));
    assert.equal(realish(join(w.root, 'none', 'new.json')), join(w.root, 'none', 'new.json'));
  });

  const within: Array<[string, string, boolean]> = [
    ['/a/b', '/a/b', true],
    ['/a/b/c', '/a/b', true],
    ['/a/b/c', '/a/b/', true],
    ['/a/bc', '/a/b', false],
    ['/a', '/a/b', false],
  ];
  for (const [p, dir, want] of within) {
    it(`${p} ${want ? 'is' : 'is not'} within ${dir}`, () => assert.equal(isWithin(p, dir), want));
  }

  // Two spellings of each, so a rule that needs every spelling to match is told apart from one that needs any.
  const prot: Protected = {
    workspace: '/w',
    stateDirs: ['/w/.claude/proofmeter', '/r/.claude/proofmeter'],
    settingsFiles: ['/u/settings.json', '/u2/settings.json'],
    managedDirs: ['/m1', '/m2'],
    recordDirs: ['/c/projects', '/c2/projects'],
    claudeDirs: ['/w/.claude', '/r/.claude'],
  };
  const kinds: Array<[string, 'write' | 'destroy', string | null]> = [
    ['/r/.claude/proofmeter/goal.json', 'write', 'state'],
    ['/u2/settings.json', 'write', 'settings'],
    ['/m2/managed-settings.json', 'write', 'managed'],
    ['/c2/projects/s.jsonl', 'write', 'records'],
    ['/w/.claude', 'write', null],
    ['/w/.claude', 'destroy', 'state'],
    ['/u2', 'destroy', 'settings'],
    ['/', 'destroy', 'state'],
    ['/c2', 'destroy', 'records'],
    ['/w/src', 'destroy', null],
  ];
  for (const [path, mode, want] of kinds) {
    it(`to ${mode} ${path} is ${want ?? 'not the meter’s'}`, () => assert.equal(classifyPath(path, prot, mode), want));
  }
  it('a managed folder counts when removing the folder that holds it', () => {
    assert.equal(classifyPath('/m2-parent', { ...prot, managedDirs: ['/m2-parent/claude-code', '/x'] }, 'destroy'), 'managed');
  });

  it('a path inside either spelling of .claude, or holding it, touches it', () => {
    assert.equal(touchesClaudeDir('/r/.claude/commands', prot), true);
    assert.equal(touchesClaudeDir('/r', prot), true);
    assert.equal(touchesClaudeDir('/w/src', prot), false);
  });

  it('a link inside .claude that leads out of it still touches .claude', () => {
    const w = workspace();
    symlinkSync(w.root, join(w.ws, '.claude', 'out'));
    assert.equal(touchesClaudeDir(join(w.ws, '.claude', 'out'), protectedPaths(w.ws, { HOME: w.home })), true);
  });

  it('a link inside .claude to a folder elsewhere still touches .claude', () => {
    const w = workspace();
    const elsewhere = workspace();
    symlinkSync(elsewhere.root, join(w.ws, '.claude', 'out'));
    assert.equal(touchesClaudeDir(join(w.ws, '.claude', 'out'), protectedPaths(w.ws, { HOME: w.home })), true);
  });

  const shownAs: Array<[string, string]> = [
    ['/w/.claude/settings.json', '.claude/settings.json'],
    ['/w', '/w'],
    ['/elsewhere/x', '/elsewhere/x'],
  ];
  for (const [abs, want] of shownAs) {
    it(`shows ${abs} as ${want}`, () => assert.equal(shown(abs, prot), want));
  }
});

describe("the guard's line for a runner subcommand", () => {
  const person = (t: string) => `Proofmeter guard: \`${t}\` changes the frozen goal or the hooks; adopting, installing and uninstalling are the person's steps. Ask the person to run it.`;
  const lines: Array<[string, string]> = [
    ['proofmeter adopt', person('proofmeter adopt')],
    ['proofmeter install', person('proofmeter install')],
    ['proofmeter uninstall', person('proofmeter uninstall')],
    ['proofmeter hook', "Proofmeter guard: `proofmeter hook` runs one of the meter's gates by hand, with input Claude Code did not send; only Claude Code calls the gates. Read the state with `proofmeter tally` or `proofmeter doctor`."],
    ['proofmeter accept', 'Proofmeter guard: `proofmeter accept` is not one an agent may run (tally, statusline, check-plan, doctor, handover, --version and --help only read); ask the person to run it.'],
  ];
  for (const [target, want] of lines) {
    it(`for ${target} says whose step it is`, () => assert.equal(gateChangeReason(target), want));
  }
});
