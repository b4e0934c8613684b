// The guard must let an honest agent work: every command of the honest table goes through the full
// guard under either protection, and under the kernel the sh front answers nearly all of them
// without starting node. The kernel's refusals are here too, each answered the same by the front
// and the runner, so the table can fail both ways.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GUARD_SCRIPT_REL } from '../../../src/core/install/guardScript';
import { KERNEL_MARKER_DIR } from '../../../src/core/install/kernelMarker';
import { guard } from '../../../src/hooks/guard';
import type { HookContext } from '../../../src/hooks/context';
import { HONEST_COMMANDS, honestProject } from './honestCommands';

const ROOT = resolve(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');
const KERNEL = '0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10';
const GUARD_ONLY = '7d1e0f4a-2b3c-4d5e-8f9a-0b1c2d3e4f50';

/** Commands the kernel's three rules refuse; the front hands each to the runner, or refuses it itself. */
const KERNEL_REFUSED = [
  'git commit --no-verify -m "skip the hooks"',
  'git commit -n -m wip',
  'git commit -anm wip',
  'git -c core.hooksPath=/dev/null commit -m x',
  'git push --no-verify',
  'git push --force origin main',
  'git push -f',
  'git push --force-with-lease',
  'git push origin +main',
  'git reset --hard HEAD~1',
  'npm test && git reset --hard',
  `g'i't "push" -f`,
  'echo "$(git push -f)"',
  'git commit -m x\ngit push --force',
  "echo '{}' > .claude/proofmeter/goal.json",
  'rm -rf .claude/proofmeter',
  'rm -rf .claude',
  'cp my.json .claude/settings.json',
  'node .claude/proofmeter/proofmeter.js hook plan-approved < x',
  'node /tmp/pm.js hook stop',
];

describe('guard: honest commands', () => {
  let ws = '';
  let home = '';
  before(function () {
    this.timeout(60000);
    if (!existsSync(CLI)) execFileSync('node', ['esbuild.mjs'], { cwd: ROOT });
    const root = mkdtempSync(join(tmpdir(), 'pm-honest-'));
    ws = join(root, 'proj');
    home = join(root, 'home');
    mkdirSync(ws);
    mkdirSync(home);
    honestProject(ws);
    execFileSync('node', [CLI, 'install', '--dir', ws], { stdio: 'ignore', env: { ...process.env, HOME: home } });
    writeFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), '{}');
    mkdirSync(join(ws, KERNEL_MARKER_DIR), { recursive: true });
    writeFileSync(join(ws, KERNEL_MARKER_DIR, KERNEL), '');
  });

  const env = (): NodeJS.ProcessEnv => ({ HOME: home, PATH: process.env.PATH, CLAUDE_PROJECT_DIR: ws });
  const ctx = (): HookContext => ({ workspace: ws, env: env(), now: () => new Date() });
  const payload = (session: string, toolInput: Record<string, unknown>) => ({
    session_id: session,
    transcript_path: `${home}/.claude/projects/-x/${session}.jsonl`,
    cwd: ws,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: toolInput,
    tool_use_id: 'toolu_01',
  });
  const bash = (command: string) => ({ command, description: 'run it' });
  const runner = (session: string, toolInput: Record<string, unknown>) => guard(payload(session, toolInput), ctx());
  const healthLines = () => readFileSync(join(ws, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"path":"fast"')).length;
  /** The real sh front on the payload: whether it refused, and whether it answered without node. */
  const front = (session: string, toolInput: Record<string, unknown>) => {
    const before = existsSync(join(ws, '.claude', 'proofmeter', 'health.jsonl')) ? healthLines() : 0;
    const r = spawnSync('sh', [join(ws, GUARD_SCRIPT_REL)], { input: JSON.stringify(payload(session, toolInput)), cwd: ws, encoding: 'utf8', env: { ...process.env, ...env() } });
    return { status: r.status, deny: /"permissionDecision":"deny"/.test(r.stdout), fast: healthLines() > before };
  };
  const label = (cmd: string) => JSON.stringify(cmd.length > 70 ? `${cmd.slice(0, 70)}…` : cmd);

  it('holds at least 60 commands', () => {
    assert.ok(HONEST_COMMANDS.length >= 60, `${HONEST_COMMANDS.length}`);
  });

  for (const cmd of HONEST_COMMANDS) {
    it(`lets through under guard only: ${label(cmd)}`, () => {
      assert.equal(runner(GUARD_ONLY, bash(cmd)).outcome, 'allow');
    });
    it(`lets through under the kernel: ${label(cmd)}`, () => {
      assert.equal(runner(KERNEL, bash(cmd)).outcome, 'allow');
    });
  }

  it('under the kernel, the sh front answers at least 95% of them without node, and refuses none', function () {
    this.timeout(120000);
    const toNode: string[] = [];
    for (const cmd of HONEST_COMMANDS) {
      const r = front(KERNEL, bash(cmd));
      assert.deepEqual({ status: r.status, deny: r.deny }, { status: 0, deny: false }, cmd);
      if (!r.fast) toNode.push(cmd);
    }
    // Today none goes to node; the bound is the issue's, the list says which did.
    assert.ok(toNode.length <= HONEST_COMMANDS.length * 0.05, `went to node: ${toNode.map(label).join(', ')}`);
  });

  for (const cmd of KERNEL_REFUSED) {
    it(`under the kernel refuses, front and runner alike: ${label(cmd)}`, function () {
      this.timeout(20000);
      assert.equal(runner(KERNEL, bash(cmd)).outcome, 'deny');
      const r = front(KERNEL, bash(cmd));
      assert.deepEqual({ deny: r.deny, fast: r.fast }, { deny: true, fast: false });
    });
  }

  // Reading the meter's files is no write: the runner reads these (the front hands them on by name) and lets them through.
  for (const cmd of ['cat .claude/settings.json', 'ls -la .claude/proofmeter', 'npx proofmeter tally', 'grep -n hooks .claude/settings.json | head']) {
    it(`under the kernel lets a read of the meter's files through: ${label(cmd)}`, function () {
      this.timeout(20000);
      assert.equal(runner(KERNEL, bash(cmd)).outcome, 'allow');
      assert.deepEqual(front(KERNEL, bash(cmd)), { status: 0, deny: false, fast: false });
    });
  }

  it('under the kernel refuses leaving the sandbox while a goal is frozen, in sh alone', () => {
    const input = { ...bash('npm publish'), dangerouslyDisableSandbox: true };
    assert.equal(runner(KERNEL, input).outcome, 'deny');
    const r = front(KERNEL, input);
    assert.deepEqual({ deny: r.deny, fast: r.fast }, { deny: true, fast: true });
    const last = readFileSync(join(ws, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').trim().split('\n').pop()!;
    assert.match(last, /"outcome":"deny"/);
  });

  it('lets a command leave the sandbox when no goal is frozen, or when the session has no kernel', () => {
    const input = { ...bash('npm publish'), dangerouslyDisableSandbox: true };
    assert.equal(runner(GUARD_ONLY, input).outcome, 'allow');
    const goal = join(ws, '.claude', 'proofmeter', 'goal.json');
    renameSync(goal, `${goal}.away`);
    try {
      assert.equal(runner(KERNEL, input).outcome, 'allow');
      assert.deepEqual(front(KERNEL, input), { status: 0, deny: false, fast: true });
    } finally {
      renameSync(`${goal}.away`, goal);
    }
  });
});
