// The caller rule with real processes: a stand-in "claude" (a node script of that name, working in
// a temporary workspace) runs the installed runner the way Claude Code 2.1.332 runs a hook
// (`/bin/sh -c <entry>`, stdin on a socket) or its Bash tool (`/bin/bash -c`). Needs the bundle
// (node esbuild.mjs; built here when missing).
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gateCommand, RUNNER_REL } from '../../../src/core/install/entries';
import { goalSchema } from '../../../src/workspace/goalState';

const ROOT = resolve(__dirname, '..', '..', '..');
const BUNDLE = join(ROOT, 'dist', 'proofmeter.js');
const TSX = require.resolve('tsx');

const PERSON_PLAN = '# Person\n\n## Steps\n- S1. Keep it. Proof: `grep -q person-s1 notes.txt`\n- S2. The person reads it. Proof: human — your words name S2\n';
const EASY_PLAN = '# Easy\n\n## Steps\n- S1. Nothing. Proof: `grep -q Easy easy.md`\n';
const GOAL_REFUSAL = "only the person can freeze a goal: run it in your own terminal, or approve a plan in Claude Code's plan mode";

const FAKE_CLAUDE = `#!/usr/bin/env node
// Stands in for Claude Code: runs one job the way it runs a hook or its Bash tool, in its own working folder.
const { spawnSync } = require('node:child_process');
const job = JSON.parse(process.argv[2]);
const r = spawnSync(job.shell, ['-c', job.command], { input: job.stdin || '', encoding: 'utf8', env: { ...process.env, ...job.env } });
process.stdout.write(JSON.stringify({ code: r.status, out: r.stdout, err: r.stderr }));
`;

const HOOK_ENV = { CLAUDECODE: '1', AI_AGENT: 'claude-code_2-1-332_harness' };
const BASH_ENV = { CLAUDECODE: '1', AI_AGENT: 'claude-code_2-1-332_agent', CLAUDE_CODE_EXECPATH: '/opt/claude-code/bin/claude.exe' };

/** Where the seal's outside copies go in this test: never the real user's state folder. */
const STATE_HOME = join(tmpdir(), `pm-caller-state-${process.pid}`);

/** This process's environment without anything that says it runs inside a Claude Code. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k === 'CLAUDECODE' || k === 'AI_AGENT' || k.startsWith('CLAUDE_')) delete env[k];
  return { ...env, XDG_STATE_HOME: STATE_HOME, ...extra };
}

interface Job {
  shell: '/bin/sh' | '/bin/bash';
  command: string;
  stdin?: string;
  env?: Record<string, string>;
}

interface Out {
  code: number | null;
  out: string;
  err: string;
}

const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('who may freeze a goal, with real processes', function () {
  this.timeout(60_000);
  let base: string;
  let fakeClaude: string;
  let ws: string;

  before(function () {
    // The process table is read from /proc; CI runs on Linux. Never a silent skip.
    assert.equal(process.platform, 'linux', 'this test reads /proc');
    if (!existsSync(BUNDLE)) execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT });
    base = realpathSync(mkdtempSync(join(tmpdir(), 'pm-caller-')));
    mkdirSync(join(base, 'bin'));
    fakeClaude = join(base, 'bin', 'claude');
    writeFileSync(fakeClaude, FAKE_CLAUDE);
    chmodSync(fakeClaude, 0o755);
  });

  after(() => {
    if (base) rmSync(base, { recursive: true, force: true });
    rmSync(STATE_HOME, { recursive: true, force: true });
  });

  /** The runner run by the test itself: the person in a terminal. */
  function person(args: string[], cwd = ws): Out {
    const r = spawnSync(process.execPath, [join(ws, RUNNER_REL), ...args], { cwd, env: cleanEnv(), encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }

  /** A job run by the stand-in Claude Code working in `cwd`. */
  function claude(job: Job, opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Out {
    const r = spawnSync(fakeClaude, [JSON.stringify(job)], { cwd: opts.cwd ?? ws, env: opts.env ?? cleanEnv(), encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as Out;
  }

  const bash = (command: string, stdin?: string): Job => ({ shell: '/bin/bash', command, stdin, env: BASH_ENV });
  const hook = (name: 'plan-approved' | 'prompt', payload: unknown): Job => ({ shell: '/bin/sh', command: gateCommand(name), stdin: JSON.stringify(payload), env: { ...HOOK_ENV, CLAUDE_PROJECT_DIR: ws } });
  const goalBytes = () => readFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), 'utf8');
  const approval = () => ({ session_id: 'sess-1', hook_event_name: 'PostToolUse', tool_name: 'ExitPlanMode', tool_input: { plan: EASY_PLAN }, tool_response: { plan: EASY_PLAN }, cwd: ws });

  let personGoal: string;
  let template: string;
  before(function () {
    if (process.platform !== 'linux') return;
    // Installed and adopted once by the person; each case gets a copy.
    template = join(base, 'template');
    mkdirSync(template);
    writeFileSync(join(template, 'PLAN.md'), PERSON_PLAN);
    writeFileSync(join(template, 'easy.md'), EASY_PLAN);
    const env = cleanEnv({ PROOFMETER_RUNNER: BUNDLE });
    execFileSync(process.execPath, [BUNDLE, 'install', '--dir', template], { cwd: template, env });
    execFileSync(process.execPath, [BUNDLE, 'adopt', 'PLAN.md', '--cwd', template], { cwd: template, env });
  });

  beforeEach(() => {
    ws = mkdtempSync(join(base, 'ws-'));
    cpSync(template, ws, { recursive: true });
    writeFileSync(join(base, 'approval.json'), JSON.stringify(approval()));
    writeFileSync(join(base, 'goal-prompt.json'), JSON.stringify({ session_id: 'sess-1', hook_event_name: 'UserPromptSubmit', prompt: '/goal easy.md', cwd: ws }));
    personGoal = goalBytes();
  });

  function assertRefused(r: Out, prefix: string): void {
    assert.equal(r.code, 1, r.out + r.err);
    const lines = r.err.trim().split('\n');
    assert.equal(lines.length, 1, r.err);
    assert.ok(lines[0]!.startsWith(`${prefix}${GOAL_REFUSAL} (this runs inside the agent's shell: `), lines[0]);
    assert.equal(goalBytes(), personGoal, 'goal.json keeps the person’s bytes');
  }

  it('adopt from the agent’s Bash tool is refused in one line, and goal.json keeps its bytes', () => {
    assertRefused(claude(bash(`node ${RUNNER_REL} adopt easy.md`)), 'proofmeter adopt: ');
  });

  it('the same adopt from the person’s terminal replaces the goal', () => {
    const r = person(['adopt', 'easy.md']);
    assert.equal(r.code, 0, r.err);
    assert.notEqual(goalBytes(), personGoal);
    assert.equal(goalSchema.parse(JSON.parse(goalBytes())).planPath, 'easy.md');
  });

  it('a runner copied out of the workspace and run from the Bash tool is refused', () => {
    assertRefused(claude(bash(`cp ${RUNNER_REL} ${shq(join(base, 'copy.js'))} && node ${shq(join(base, 'copy.js'))} adopt easy.md`)), 'proofmeter adopt: ');
  });

  it('a crafted ExitPlanMode payload piped into hook plan-approved from the Bash tool freezes nothing', () => {
    assertRefused(claude(bash(`cat ${shq(join(base, 'approval.json'))} | node ${RUNNER_REL} hook plan-approved`)), 'Proofmeter did not freeze this plan: ');
  });

  it('a crafted /goal piped into hook prompt from the Bash tool adopts nothing', () => {
    assertRefused(claude(bash(`cat ${shq(join(base, 'goal-prompt.json'))} | node ${RUNNER_REL} hook prompt`)), 'Proofmeter did not adopt easy.md: ');
  });

  it('the Bash tool exec-ing into the hook’s own entry command is still the agent', () => {
    const entry = `CLAUDE_PROJECT_DIR=$PWD exec /bin/sh -c ${shq(gateCommand('plan-approved'))} < ${shq(join(base, 'approval.json'))}`;
    assertRefused(claude(bash(entry)), 'Proofmeter did not freeze this plan: ');
  });

  it('Claude Code’s own plan-approved hook still freezes the approved plan', () => {
    const r = claude(hook('plan-approved', approval()));
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Proofmeter froze the approved plan/);
    const goal = goalSchema.parse(JSON.parse(goalBytes()));
    assert.equal(goal.frozenBy, 'approval');
    assert.equal(goal.title, 'Easy');
  });

  it('a hook of a Claude Code started with CLAUDECODE=1 (nested) freezes nothing', () => {
    const r = claude(hook('plan-approved', approval()), { env: cleanEnv({ CLAUDECODE: '1' }) });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /did not freeze this plan: .*started from inside another Claude Code session/);
    assert.equal(goalBytes(), personGoal);
  });

  it('a /goal in a Claude Code that the agent started in the same workspace (env scrubbed) adopts nothing', () => {
    const inner = hook('prompt', { session_id: 'sess-2', hook_event_name: 'UserPromptSubmit', prompt: '/goal easy.md', cwd: ws });
    const r = claude(bash(`env -u CLAUDECODE -u AI_AGENT -u CLAUDE_CODE_EXECPATH ${shq(fakeClaude)} ${shq(JSON.stringify(inner))}`));
    assert.equal(r.code, 0, r.err);
    const innerOut = JSON.parse(r.out) as Out;
    assert.equal(innerOut.code, 0, innerOut.err);
    assert.match(innerOut.out, /Proofmeter did not adopt easy\.md: .*started from inside another Claude Code session/);
    assert.equal(goalBytes(), personGoal);
  });

  it('the Bash tool cannot install or uninstall the hooks; handover stays available', () => {
    const settings = readFileSync(join(ws, '.claude', 'settings.json'), 'utf8');
    for (const cmd of ['install --dir .', 'uninstall']) {
      const r = claude(bash(`node ${RUNNER_REL} ${cmd}`));
      assert.equal(r.code, 1, cmd);
      assert.match(r.err.trim(), /^proofmeter (un)?install: only the person can install or remove the meter's hooks: run it in your own terminal \(this runs inside the agent's shell: .*\)\.$/);
    }
    assert.equal(readFileSync(join(ws, '.claude', 'settings.json'), 'utf8'), settings);
    const h = claude(bash(`node ${RUNNER_REL} handover S1 --why "needs the production key"`));
    assert.equal(h.code, 0, h.err);
  });

  it('freezePlan itself refuses a caller that did not ask first', () => {
    const script = join(base, 'freeze.ts');
    writeFileSync(script, [
      `import { freezePlan } from ${JSON.stringify(join(ROOT, 'src', 'workspace', 'freezeGoal.ts'))};`,
      'try {',
      `  const r = freezePlan({ workspace: ${JSON.stringify(ws)}, planText: ${JSON.stringify(EASY_PLAN)}, planFile: null, frozenBy: 'adopt', sessionId: null, now: new Date() });`,
      '  console.log(r.kind);',
      '} catch (e) { console.log((e as Error).name); }',
    ].join('\n'));
    const r = claude(bash(`node --import ${shq(TSX)} ${shq(script)}`));
    assert.equal(r.out.trim(), 'NotThePersonError', r.err);
    assert.equal(goalBytes(), personGoal);
  });

  it('a Claude Code working elsewhere is not this workspace’s agent', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'pm-elsewhere-'));
    try {
      const r = claude(bash(`node ${shq(join(ws, RUNNER_REL))} adopt easy.md --cwd ${shq(ws)}`), { cwd: elsewhere });
      assert.equal(r.code, 0, r.err);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    assert.equal(goalSchema.parse(JSON.parse(goalBytes())).planPath, 'easy.md');
  });

  it('a runner cut loose from its ancestry (setsid) with the Bash tool’s environment is refused', async () => {
    const out = join(base, 'setsid.err');
    rmSync(out, { force: true });
    claude(bash(`setsid -f sh -c ${shq(`node ${RUNNER_REL} adopt easy.md 2> ${shq(out + '.tmp')}; mv ${shq(out + '.tmp')} ${shq(out)}`)}`));
    for (let i = 0; i < 100 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(readFileSync(out, 'utf8'), /only the person can freeze a goal: .*its ancestry was cut/);
    assert.equal(goalBytes(), personGoal);
  });
});
