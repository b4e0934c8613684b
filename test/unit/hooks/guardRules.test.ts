// The guard's refusals beyond the meter's own files: git that skips hooks, rewrites history or
// replaces files in .claude/; Claude Code's records and managed settings; settings edits of hooks
// and env; and the person's one-time allowance by the id in the refusal.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gateCommand } from '../../../src/core/install/entries';
import { analyzeBash, type BashScope } from '../../../src/hooks/bashWrites';
import { protectedPaths } from '../../../src/hooks/protectedPaths';
import { allowDenied, readAllowances, readDenials } from '../../../src/workspace/allowances';
import { denyReason, gate, payload, workspace, type Ran } from './helpers';

const w = workspace();
mkdirSync(join(w.ws, 'src'), { recursive: true });
// The settings file holds gateCommand's Stop entry (src/core/install/entries) and the scope holds
// protectedPaths (src/hooks): both are made again before each test, not while the file loads, so
// a mutant in either is live while the test that reads them runs.
let scope: BashScope;
function setUp(): void {
  const settings = {
    env: { NODE_ENV: 'test' },
    permissions: { allow: ['Bash(ls)'] },
    hooks: { Stop: [{ hooks: [{ type: 'command', command: gateCommand('stop') }] }] },
  };
  writeFileSync(join(w.ws, '.claude', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
  scope = { cwd: w.ws, home: w.home, prot: protectedPaths(w.ws, w.env) };
}

describe('guard: git, Claude Code records and managed settings', () => {
  beforeEach(setUp);
  const denied: Array<[string, string, string]> = [
    ['git commit --no-verify -m wip', 'git', 'no-verify'],
    ['git commit -nm wip', 'git', 'no-verify'],
    ['git commit -anm wip', 'git', 'no-verify'],
    ['git -c core.hooksPath=/dev/null commit -m wip', 'git', 'no-verify'],
    ['git push --no-verify', 'git', 'no-verify'],
    ['git push --force origin main', 'git', 'force-push'],
    ['git push -f', 'git', 'force-push'],
    ['git push --force-with-lease origin HEAD', 'git', 'force-push'],
    ['git push origin +main', 'git', 'force-push'],
    ['git reset --hard HEAD~1', 'git', 'reset-hard'],
    ['cd src && git reset --hard', 'git', 'reset-hard'],
    ['git stash', 'state', 'git stash'],
    ['git stash push -u', 'state', 'git stash'],
    ['git stash -- .claude/commands', 'claude-dir', 'git stash'],
    ['git checkout -- .', 'state', 'git checkout --'],
    ['git checkout HEAD -- .claude/agents/x.md', 'claude-dir', 'git checkout --'],
    ['git restore .claude', 'state', 'git restore'],
    ['git restore --worktree --staged .claude/settings.json', 'settings', 'git restore'],
    ['git clean -fd .claude/commands', 'claude-dir', 'git clean'],
    ['git -C src clean -fdx ..', 'state', 'git clean'],
    ['echo {} >> ~/.claude/projects/-x/abc.jsonl', 'records', '>> redirect'],
    ['cp forged.jsonl "$HOME/.claude/projects/-proj/s.jsonl"', 'records', 'cp'],
    ['rm -rf ~/.claude/shell-snapshots', 'records', 'rm'],
    ['tee /etc/claude-code/managed-settings.json < x', 'managed', 'tee'],
    ['echo {} > ~/.claude/settings.local.json', 'settings', '> redirect'],
  ];
  for (const [cmd, kind, how] of denied) {
    it(`denies ${JSON.stringify(cmd)} (${kind}: ${how})`, () => {
      const f = analyzeBash(cmd, scope);
      assert.ok(f.length > 0, 'expected a finding');
      assert.deepEqual([f[0]!.kind, f[0]!.how], [kind, how]);
    });
  }
  const allowed = [
    'git commit -m "no-verify is mentioned here"',
    'git commit -m n',
    'git push origin main',
    'git reset --soft HEAD~1',
    'git reset HEAD src/a.ts',
    'git stash list',
    'git stash pop',
    'git stash push -- src/',
    "git stash push -- . ':!.claude'",
    'git checkout main',
    'git checkout -b feature',
    'git checkout -- src/a.ts',
    'git restore --staged .claude/settings.json',
    'git restore src/a.ts',
    'git clean -fd -e .claude',
    'git clean -n',
    'cat ~/.claude/projects/-x/abc.jsonl | wc -l',
    'ls ~/.claude/shell-snapshots',
  ];
  for (const cmd of allowed) {
    it(`allows ${JSON.stringify(cmd)}`, () => assert.deepEqual(analyzeBash(cmd, scope), []));
  }

  it('says in one line why, and what to do instead', async () => {
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'git commit --no-verify -m wip' } }), w);
    const reason: string = denyReason(r);
    assert.equal(reason.split('\n').length, 1);
    assert.match(reason, /^Proofmeter guard: `git commit --no-verify` skips the repository's hooks.*Commit or push without it/);
    const stash = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'git stash -- .claude/commands' } }), w);
    assert.match(denyReason(stash), /replace or remove files in \.claude\/.*`git stash push -- src\/`/);
  });
});

describe('guard: edits of settings, records and managed settings', () => {
  beforeEach(setUp);
  const settingsPath = join(w.ws, '.claude', 'settings.json');
  const tool = (tool_name: string, tool_input: Record<string, unknown>) => payload('pretool-bash', { cwd: w.ws, tool_name, tool_input });
  const cases: Array<[string, ReturnType<typeof tool>, 'deny' | 'allow', RegExp | null]> = [
    ['Edit of env', tool('Edit', { file_path: settingsPath, old_string: '"NODE_ENV": "test"', new_string: '"NODE_ENV": "prod"' }), 'deny', /env/],
    ['Edit adding a hook of its own', tool('Edit', { file_path: settingsPath, old_string: '"Stop": [', new_string: '"SubagentStop": [], "Stop": [' }), 'deny', /changes the hooks/],
    ['Write of the user settings with disableAllHooks', tool('Write', { file_path: join(w.home, '.claude', 'settings.json'), content: '{"disableAllHooks": true}' }), 'deny', /disableAllHooks/],
    ['Write into a session transcript', tool('Write', { file_path: join(w.home, '.claude', 'projects', '-p', 's.jsonl'), content: '{}' }), 'deny', /session records/],
    ['Edit of the managed settings', tool('Edit', { file_path: '/etc/claude-code/managed-settings.json', old_string: 'a', new_string: 'b' }), 'deny', /managed settings/],
    ['Edit of an allow rule only (deny rules win over it)', tool('Edit', { file_path: settingsPath, old_string: 'Bash(ls)', new_string: 'Bash(ls:*)' }), 'allow', null],
    ['Edit adding deny rules', tool('Edit', { file_path: settingsPath, old_string: '"permissions": {', new_string: '"permissions": { "deny": [],' }), 'deny', /changes the permission rules/],
    ['Edit adding a model choice only', tool('Edit', { file_path: settingsPath, old_string: '"permissions": {', new_string: '"model": "opus", "permissions": {' }), 'allow', null],
  ];
  for (const [name, p, want, why] of cases) {
    it(`${want}s: ${name}`, async () => {
      const r = await gate('guard', p, w);
      assert.equal(r.answer.outcome, want);
      if (why) assert.match(denyReason(r), why);
    });
  }
});

describe("guard: the person's allowance for one action", () => {
  beforeEach(setUp);
  const bash = (command: string) => payload('pretool-bash', { cwd: w.ws, tool_input: { command } });
  const idOf = (r: Ran) => /allow (G-[0-9a-f]{6})$/.exec(denyReason(r))![1]!;
  const meta = { session: 's1', promptId: 'p1', at: '2026-12-01T10:00:00.000Z' };

  it('lets exactly the refused action through once, then refuses it again', async () => {
    const first = await gate('guard', bash('git reset --hard HEAD~1'), w);
    assert.equal(first.answer.outcome, 'deny');
    const id = idOf(first);
    assert.equal(allowDenied(w.ws, id, meta).kind, 'allowed');
    assert.equal((await gate('guard', bash('git reset --hard HEAD~2'), w)).answer.outcome, 'deny', 'another action is not allowed by it');
    assert.equal((await gate('guard', bash('git reset --hard HEAD~1'), w)).answer.outcome, 'allowed-once');
    const again = await gate('guard', bash('git reset --hard HEAD~1'), w);
    assert.equal(again.answer.outcome, 'deny');
    assert.equal(idOf(again), id, 'the same action keeps its id');
    assert.ok(readAllowances(w.ws).some((a) => a.id === id && a.usedAt !== null));
  });

  it('gives two actions two ids, and an id nobody was shown allows nothing', async () => {
    const a = idOf(await gate('guard', bash('git push --force origin a'), w));
    const b = idOf(await gate('guard', bash('git push --force origin b'), w));
    assert.notEqual(a, b);
    assert.equal(allowDenied(w.ws, 'G-000000', meta).kind, 'unknown');
  });

  it('allows neither of two refusals that share an id', () => {
    const denials = join(w.ws, '.claude', 'proofmeter', 'denials.json');
    const list = { version: 1, denials: [...readDenials(w.ws), { id: 'G-abcdef', digest: 'a'.repeat(64), tool: 'Bash', at: meta.at }, { id: 'G-abcdef', digest: 'b'.repeat(64), tool: 'Bash', at: meta.at }] };
    writeFileSync(denials, JSON.stringify(list));
    assert.equal(allowDenied(w.ws, 'G-abcdef', meta).kind, 'ambiguous');
  });

  it('an allowed settings edit goes through once, with the same file and the same edit', async () => {
    const edit = payload('pretool-bash', { cwd: w.ws, tool_name: 'Edit', tool_input: { file_path: '.claude/settings.json', old_string: '"NODE_ENV": "test"', new_string: '"NODE_ENV": "ci"' } });
    const id = idOf(await gate('guard', edit, w));
    allowDenied(w.ws, id, meta);
    const other = { ...edit, tool_input: { ...edit.tool_input, new_string: '"NODE_ENV": "prod"' } };
    assert.equal((await gate('guard', other, w)).answer.outcome, 'deny');
    assert.equal((await gate('guard', edit, w)).answer.outcome, 'allowed-once');
  });
});
