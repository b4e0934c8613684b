// The team story with the real Claude Code CLI (2.1.332), offline: two machines with their own
// HOME and their own node. Machine A installs the meter for the project (the shared settings),
// adopts a plan, commits and pushes to a bare repository. Machine B clones it and runs real
// sessions: once with node reached only through a folder on its PATH (not A's node, which the
// shared settings must not name), once with no node at all. Neither machine's stops are held by a
// runner that cannot start, and B reads the clone as sealed on another machine until B reseals.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_ACTIVE_MESSAGE } from '../../src/core/install/hookScript';
import type { RunResult } from './runClaude';
import { bash, claims, outcomes, pm, personEnv, realCliSuite, threadRequests } from './scenarioKit';

const PLAN = '# Team goal\n\n## Steps\n- S1. Make done.txt. Proof: `test -f done.txt`\n';
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...personEnv(), GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });

/** The programs a session on machine B needs (and nsenter, which the harness starts the CLI through), linked into one folder: everything but node. */
const TOOLS = ['nsenter', 'sh', 'bash', 'cat', 'sha256sum', 'uname', 'env', 'date', 'awk', 'mkdir', 'ls', 'rm', 'git', 'test', 'touch', 'dirname', 'basename', 'sed', 'grep', 'head', 'tail', 'tr', 'cut', 'wc', 'sort', 'mktemp', 'id', 'rg', 'ps', 'which', 'readlink', 'realpath', 'stat', 'cp', 'mv', 'chmod', 'sleep', 'tee', 'find', 'xargs', 'bwrap', 'socat'];

function toolsWithoutNode(dir: string, without: readonly string[] = []): string {
  mkdirSync(dir, { recursive: true });
  for (const t of TOOLS.filter((x) => !without.includes(x))) {
    try {
      const found = execFileSync('sh', ['-c', `command -v ${t}`], { encoding: 'utf8' }).trim();
      if (found.startsWith('/')) symlinkSync(found, join(dir, t));
    } catch {
      // not on this machine; the session does without it
    }
  }
  return dir;
}

/** Machine B's node: a wrapper in a folder of its own that notes each start, then runs the real node. */
function nodeOnPathOnly(dir: string, log: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'node'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${process.execPath}' "$@"\n`);
  chmodSync(join(dir, 'node'), 0o755);
  return dir;
}

/** Machine A: install for the project, adopt the plan, commit and push everything git is offered. */
function machineA(root: string): { bare: string; home: string; ws: string } {
  const home = join(root, 'home-a');
  const ws = join(root, 'a');
  const bare = join(root, 'shared.git');
  for (const d of [home, ws]) mkdirSync(d, { recursive: true });
  git(root, 'init', '-q', '--bare', bare);
  git(ws, 'init', '-q', '-b', 'main');
  writeFileSync(join(ws, 'PLAN.md'), PLAN);
  const env = personEnv(home);
  // As the person installs by default: with Claude Code's sandbox block, where it can run.
  const i = pm(['install', '--dir', ws], ws, env);
  assert.equal(i.code, 0, i.err);
  const a = pm(['adopt', 'PLAN.md', '--cwd', ws], ws, env);
  assert.equal(a.code, 0, a.err);
  git(ws, 'add', '-A');
  git(ws, 'commit', '-q', '-m', 'the goal, the plan and the meter');
  git(ws, 'remote', 'add', 'origin', bare);
  git(ws, 'push', '-q', 'origin', 'main');
  return { bare, home, ws };
}

/** A clone of the shared repository checked out into the run's project folder (over the settings the harness wrote). */
function cloneInto(bare: string) {
  return ({ project }: { project: string }) => {
    git(project, 'init', '-q', '-b', 'main');
    git(project, 'remote', 'add', 'origin', bare);
    git(project, 'fetch', '-q', 'origin');
    git(project, 'reset', '-q', '--hard', 'origin/main');
  };
}

/** Every text the run left (stream output, transcripts), to count a message in. */
function allOutput(run: RunResult): string {
  const streams = readdirSync(run.root).filter((n) => /^stream-\d+\.jsonl$/.test(n)).map((n) => readFileSync(join(run.root, n), 'utf8'));
  return [...streams, ...run.transcripts.map((t) => readFileSync(t, 'utf8'))].join('\n');
}

describe('two machines share the project (real git, the real Claude Code CLI)', function () {
  this.timeout(20 * 60 * 1000);
  const cli = realCliSuite();
  let root = '';
  let shared: ReturnType<typeof machineA>;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'pm-two-'));
    shared = machineA(root);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it("what A commits names no machine's node and none of A's records", () => {
    const files = git(shared.ws, 'ls-files').split('\n').filter(Boolean).sort();
    assert.deepEqual(files.filter((f) => f.startsWith('.claude/')), [
      '.claude/proofmeter/.gitignore',
      '.claude/proofmeter/goal.json',
      '.claude/proofmeter/guard.sh',
      '.claude/proofmeter/hook.sh',
      ...files.filter((f) => f.startsWith('.claude/proofmeter/plans/')),
      '.claude/proofmeter/proofmeter.js',
      '.claude/proofmeter/receipt.sh',
      '.claude/settings.json',
    ]);
    const settings = readFileSync(join(shared.ws, '.claude', 'settings.json'), 'utf8');
    assert.ok(!settings.includes(process.execPath), 'no absolute node');
    assert.ok(!settings.includes(shared.ws) && !settings.includes(shared.home), "no folder of machine A");
    const sandbox = (JSON.parse(settings) as { sandbox?: Record<string, unknown> }).sandbox;
    assert.equal(sandbox?.enabled, true, 'the sandbox block is shared');
    assert.equal(sandbox && 'failIfUnavailable' in sandbox, false, 'but not failIfUnavailable, which would stop a teammate without bubblewrap from starting');
  });

  it("B with node only on its PATH: the hooks run on B's node, the stop is not held, and the clone reads sealed on another machine until B reseals", async function () {
    this.timeout(300_000);
    const nodeLog = join(root, 'b-node.log');
    const path = `${nodeOnPathOnly(join(root, 'b-node'), nodeLog)}:${toolsWithoutNode(join(root, 'b-tools'))}`;
    const run = await cli.run({
      name: 'two-machines-b',
      mode: 'print',
      prompt: 'make done.txt',
      args: ['--dangerously-skip-permissions'],
      env: { PATH: path },
      prepare: cloneInto(shared.bare),
      script: { threads: [{ name: 'main', match: 'make done.txt', turns: [bash('touch done.txt'), ...claims(3)] }] },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    // One model call for the Bash turn, one for the claim: the stop went through at once.
    assert.equal(threadRequests(run, 'main').length, 2, 'no stop was held');
    assert.ok(outcomes(run, 'session-start').length >= 1, 'the session-start gate ran on B');
    assert.ok(outcomes(run, 'stop').length >= 1, 'the stop gate ran on B');
    assert.deepEqual(outcomes(run, 'stop'), ['allow-sealed-elsewhere'], 'the clone\'s goal holds no stop on B');
    assert.match(readFileSync(nodeLog, 'utf8'), /proofmeter\.js hook session-start/, "B's own node, found on B's PATH, ran the hooks");

    const envB = personEnv(join(root, 'home-b'));
    mkdirSync(envB.HOME!, { recursive: true });
    const before = pm(['tally', '--cwd', run.project], run.project, envB);
    assert.match(before.out, /sealed on another machine: reseal here to count/);
    assert.doesNotMatch(before.out, /was replaced|tampered/);
    assert.match(pm(['doctor', '--dir', run.project], run.project, envB).out, /sealed on another machine/);

    const reseal = pm(['doctor', '--reseal', '--dir', run.project], run.project, envB);
    assert.equal(reseal.code, 0, reseal.err + reseal.out);
    const after = pm(['tally', '--cwd', run.project, '--json'], run.project, envB);
    const t = JSON.parse(after.out) as { findings: Array<{ kind: string }>; items: Array<{ id: string }> };
    assert.deepEqual(t.items.map((i) => i.id), ['S1']);
    assert.ok(!t.findings.some((f) => /seal|tamper|elsewhere/.test(f.kind)), `no seal finding after the reseal: ${t.findings.map((f) => f.kind).join(', ')}`);
  });

  it('B without node, bubblewrap or socat: Claude Code starts, one message at session start, every tool call and the stop go through', async function () {
    this.timeout(300_000);
    const run = await cli.run({
      name: 'two-machines-no-node',
      mode: 'print',
      prompt: 'make done.txt',
      args: ['--dangerously-skip-permissions'],
      // The shared sandbox block holds no failIfUnavailable: without bwrap Claude Code still starts (unsandboxed, with its warning).
      env: { PATH: toolsWithoutNode(join(root, 'c-tools'), ['bwrap', 'socat']) },
      prepare: cloneInto(shared.bare),
      script: { threads: [{ name: 'main', match: 'make done.txt', turns: [bash('touch done.txt'), ...claims(3)] }] },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    assert.ok(existsSync(join(run.project, 'done.txt')), 'the Bash call went through');
    assert.equal(threadRequests(run, 'main').length, 2, 'no stop was held');
    // Claude Code shows a hook's systemMessage to the person as a hook_system_message attachment.
    const shown = run.transcripts.flatMap((t) => readFileSync(t, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { attachment?: { type?: string; content?: string } }))
      .filter((r) => r.attachment?.type === 'hook_system_message' && r.attachment.content === NOT_ACTIVE_MESSAGE);
    assert.equal(shown.length, 1, 'the person is told once that the meter is not active here');
    assert.ok(allOutput(run).includes('"hook_name":"SessionStart:startup"'), 'by the SessionStart hook');
  });
});
