// The caller rule on fake process tables: who may freeze a goal or change the meter's hooks.
import { strict as assert } from 'node:assert';
import { classifyCaller, insideClaudeSignal, isClaudeCode, related, type CallerFacts, type CallerKind, type ProcFacts, type StdinKind } from '../../../src/core/caller/classifyCaller';
import { gateCommand, type HookName } from '../../../src/core/install/entries';

const WS = '/home/ann/proj';
const RUNNER = `${WS}/.claude/proofmeter/proofmeter.js`;

let nextPid = 100;
function proc(argv: string[], extra: Partial<ProcFacts> = {}): ProcFacts {
  const name = argv[0] ?? '';
  return { pid: nextPid++, ppid: 0, comm: name.slice(name.lastIndexOf('/') + 1).slice(0, 15), argv, exe: null, ...extra };
}

const runner = (...args: string[]) => proc(['node', RUNNER, ...args], { exe: '/usr/bin/node' });
const hookShell = (hook: HookName) => proc(['/bin/sh', '-c', gateCommand(hook)], { exe: '/usr/bin/dash' });
const bashTool = () => proc(['/bin/bash', '-c', 'source /home/ann/.claude/shell-snapshots/snapshot-bash-1.sh 2>/dev/null || true && eval \'node .claude/proofmeter/proofmeter.js adopt easy.md\' < /dev/null'], { exe: '/usr/bin/bash' });
const claude = (cwd: string, startedInsideClaude = false) =>
  proc(['/opt/claude-code/bin/claude.exe', '-p', 'x'], { exe: '/opt/claude-code/bin/claude.exe', comm: 'claude.exe', cwd, startedInsideClaude });
const terminal = () => proc(['-bash'], { exe: '/usr/bin/bash' });
const sshd = () => proc(['sshd: ann@pts/0'], { exe: '/usr/sbin/sshd' });
const mocha = () => proc(['node', '/src/proofmeter/node_modules/.bin/mocha'], { exe: '/usr/bin/node' });

const HOOK_ENV = { CLAUDECODE: '1', AI_AGENT: 'claude-code_2-1-332_harness', CLAUDE_PROJECT_DIR: WS };
const BASH_ENV = { CLAUDECODE: '1', AI_AGENT: 'claude-code_2-1-332_agent', CLAUDE_CODE_EXECPATH: '/opt/claude-code/bin/claude.exe' };

function facts(chain: ProcFacts[], env: CallerFacts['env'] = {}, stdin: StdinKind = 'socket'): CallerFacts {
  chain.forEach((p, i) => (p.ppid = chain[i + 1]?.pid ?? 1));
  return { chain, env, stdin };
}

interface Case {
  name: string;
  facts: () => CallerFacts;
  hook: HookName | null;
  kind: CallerKind;
  nested?: boolean;
  workspace?: string;
}

const cases: Case[] = [
  { name: "Claude Code's own plan-approved hook is a hook", hook: 'plan-approved', kind: 'hook', facts: () => facts([runner('hook', 'plan-approved'), hookShell('plan-approved'), claude(WS), terminal()], HOOK_ENV) },
  { name: "Claude Code's own prompt hook is a hook", hook: 'prompt', kind: 'hook', facts: () => facts([runner('hook', 'prompt'), hookShell('prompt'), claude(WS), terminal()], HOOK_ENV) },
  { name: 'a hook of a Claude Code working in a subfolder of the workspace is a hook', hook: 'prompt', kind: 'hook', facts: () => facts([runner('hook', 'prompt'), hookShell('prompt'), claude(`${WS}/src`)], HOOK_ENV) },
  { name: 'the entry of another gate does not make a plan-approved call genuine', hook: 'plan-approved', kind: 'agent-shell', facts: () => facts([runner('hook', 'plan-approved'), hookShell('stop'), claude(WS)], HOOK_ENV) },
  { name: 'adopt run by the Bash tool is the agent', hook: null, kind: 'agent-shell', facts: () => facts([runner('adopt', 'easy.md'), bashTool(), claude(WS), terminal()], BASH_ENV, 'other') },
  { name: 'a crafted payload piped into hook plan-approved from the Bash tool is the agent', hook: 'plan-approved', kind: 'agent-shell', facts: () => facts([runner('hook', 'plan-approved'), bashTool(), claude(WS)], BASH_ENV, 'pipe') },
  { name: 'a crafted /goal piped into hook prompt from the Bash tool is the agent, even with a scrubbed env', hook: 'prompt', kind: 'agent-shell', facts: () => facts([runner('hook', 'prompt'), bashTool(), claude(WS)], {}, 'pipe') },
  { name: 'a runner copied to /tmp and run from a script is the agent', hook: null, kind: 'agent-shell', facts: () => facts([proc(['node', '/tmp/pm.js', 'adopt', 'easy.md']), proc(['sh', 'run.sh']), bashTool(), claude(WS)], BASH_ENV, 'other') },
  { name: 'the Bash tool exec-ing into the entry command carries the Bash tool’s environment', hook: 'plan-approved', kind: 'agent-shell', facts: () => facts([runner('hook', 'plan-approved'), hookShell('plan-approved'), claude(WS)], BASH_ENV, 'socket') },
  { name: 'the Bash tool exec-ing into the entry command with a scrubbed env but a file on stdin is the agent', hook: 'plan-approved', kind: 'agent-shell', facts: () => facts([runner('hook', 'plan-approved'), hookShell('plan-approved'), claude(WS)], HOOK_ENV, 'file') },
  { name: 'a command in the person’s terminal is the person', hook: null, kind: 'person', facts: () => facts([runner('adopt', 'PLAN.md'), terminal(), sshd()]) },
  { name: 'a hook payload piped by the person in a terminal is the person', hook: 'plan-approved', kind: 'person', facts: () => facts([runner('hook', 'plan-approved'), terminal()], {}, 'pipe') },
  { name: 'a Claude Code working elsewhere (running this project’s tests) is not this workspace’s agent', hook: null, kind: 'person', workspace: '/tmp/pm-prep-1', facts: () => facts([runner('adopt', 'PLAN.md'), mocha(), bashTool(), claude('/src/proofmeter'), terminal()], BASH_ENV, 'pipe') },
  { name: 'a Claude Code working in a folder above the workspace is its agent', hook: null, kind: 'agent-shell', facts: () => facts([runner('adopt', 'easy.md'), bashTool(), claude('/home/ann')], BASH_ENV) },
  { name: 'cut ancestry (setsid, nohup) with the Bash tool’s environment is the agent', hook: null, kind: 'agent-shell', facts: () => facts([runner('adopt', 'easy.md'), proc(['sh', '-c', 'node x adopt easy.md'])], BASH_ENV, 'other') },
  { name: 'cut ancestry whose nearest Claude Code was itself started inside a Claude Code is the agent', hook: null, kind: 'agent-shell', workspace: '/tmp/other', facts: () => facts([runner('adopt', 'easy.md'), bashTool(), claude('/tmp/elsewhere', true)], BASH_ENV) },
  { name: 'no readable ancestry and a clean environment is the person', hook: null, kind: 'person', facts: () => ({ chain: [], env: {}, stdin: 'unknown' }) },
  { name: 'no readable ancestry and CLAUDECODE=1 is the agent', hook: null, kind: 'agent-shell', facts: () => ({ chain: [], env: { CLAUDECODE: '1' }, stdin: 'unknown' }) },
  { name: 'a hook of a Claude Code started with CLAUDECODE=1 (inside tmux, say) is nested', hook: 'prompt', kind: 'nested-hook', nested: true, facts: () => facts([runner('hook', 'prompt'), hookShell('prompt'), claude(WS, true), proc(['tmux'])], HOOK_ENV) },
  { name: 'a hook of a Claude Code started from a Bash tool is nested, though it inherited that tool’s marks', hook: 'prompt', kind: 'nested-hook', nested: true, facts: () => facts([runner('hook', 'prompt'), hookShell('prompt'), claude(WS, true), bashTool(), claude(WS)], { ...BASH_ENV, AI_AGENT: 'claude-code_2-1-332_harness' }) },
  { name: 'a hook of a Claude Code started by the agent in the same workspace is nested', hook: 'prompt', kind: 'nested-hook', nested: true, facts: () => facts([runner('hook', 'prompt'), hookShell('prompt'), claude(WS), bashTool(), claude(WS), terminal()], HOOK_ENV) },
  { name: 'a nested plan approval is nested too', hook: 'plan-approved', kind: 'nested-hook', nested: true, facts: () => facts([runner('hook', 'plan-approved'), hookShell('plan-approved'), claude(WS), bashTool(), claude(WS)], HOOK_ENV) },
  { name: 'a Claude Code under test, started by a Claude Code working elsewhere with a clean env, is not nested', hook: 'prompt', kind: 'hook', nested: false, facts: () => facts([runner('hook', 'prompt'), hookShell('prompt'), claude(WS), mocha(), bashTool(), claude('/src/proofmeter')], HOOK_ENV) },
  { name: 'the Bash tool of a nested session is the agent, and nested', hook: null, kind: 'agent-shell', nested: true, facts: () => facts([runner('adopt', 'easy.md'), bashTool(), claude(WS, true)], BASH_ENV) },
  { name: 'on a platform whose hook stdin was not measured, the chain alone decides', hook: 'plan-approved', kind: 'hook', facts: () => facts([runner('hook', 'plan-approved'), hookShell('plan-approved'), claude(WS)], HOOK_ENV, 'unknown') },
  { name: 'the entry chain with only the Bash tool’s AI_AGENT in its environment is the agent', hook: 'plan-approved', kind: 'agent-shell', facts: () => facts([runner('hook', 'plan-approved'), hookShell('plan-approved'), claude(WS)], { CLAUDECODE: '1', AI_AGENT: 'claude-code_2-1-332_agent' }) },
  { name: 'a shell running the entry with one more argument is not the entry shell', hook: 'prompt', kind: 'agent-shell', facts: () => facts([runner('hook', 'prompt'), proc(['/bin/sh', '-c', gateCommand('prompt'), 'sh'], { exe: '/usr/bin/dash' }), claude(WS)], HOOK_ENV) },
  { name: 'a program that is no shell, given the entry after -c, is not the entry shell', hook: 'prompt', kind: 'agent-shell', facts: () => facts([runner('hook', 'prompt'), proc(['/usr/bin/python3', '-c', gateCommand('prompt')], { exe: '/usr/bin/python3' }), claude(WS)], HOOK_ENV) },
];

describe('the caller rule', () => {
  for (const c of cases) {
    it(c.name, () => {
      const got = classifyCaller(c.facts(), c.workspace ?? WS, c.hook);
      assert.equal(got.kind, c.kind, got.why);
      if (c.nested !== undefined) assert.equal(got.nested, c.nested);
      assert.ok(got.why.length > 0);
    });
  }
});

describe('what looks like Claude Code', () => {
  const yes: Array<Pick<ProcFacts, 'comm' | 'argv' | 'exe'>> = [
    { comm: 'claude.exe', argv: ['/x/claude-code/bin/claude.exe', '-p', 'hi'], exe: '/x/claude-code/bin/claude.exe' },
    { comm: 'claude', argv: ['claude'], exe: '/home/ann/.local/share/claude/versions/2.1.332' },
    { comm: 'node', argv: ['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], exe: '/usr/bin/node' },
    { comm: 'node', argv: ['node', '--no-warnings', '/usr/local/bin/claude', '--resume'], exe: '/usr/bin/node' },
    // The kernel's name alone: the executable is a versioned file and argv[0] was set to something else.
    { comm: 'claude', argv: ['claude-code', '--resume'], exe: '/home/ann/.local/share/claude/versions/2.1.332' },
    // No executable path from the platform: argv[0] names the script host.
    { comm: 'node', argv: ['node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], exe: null },
    // A host right under the root folder: its base name is still `node`.
    { comm: 'node', argv: ['/node', '/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js'], exe: '/node' },
  ];
  const no: Array<Pick<ProcFacts, 'comm' | 'argv' | 'exe'>> = [
    { comm: 'node', argv: ['node', 'server.js', 'claude'], exe: '/usr/bin/node' },
    { comm: 'claude-helper', argv: ['claude-helper'], exe: '/usr/bin/claude-helper' },
    { comm: 'bash', argv: ['/bin/bash', '-c', 'claude -p hi'], exe: '/usr/bin/bash' },
    // Only node, nodejs and bun run Claude Code's launcher.
    { comm: 'python3', argv: ['python3', '/usr/local/bin/claude'], exe: '/usr/bin/python3' },
  ];
  yes.forEach((p) => it(`${p.argv.join(' ')} is Claude Code`, () => assert.equal(isClaudeCode(p), true)));
  no.forEach((p) => it(`${p.argv.join(' ')} is not`, () => assert.equal(isClaudeCode(p), false)));
});

describe('folders that work on the workspace', () => {
  const table: Array<[string, string, boolean]> = [
    ['/home/ann/proj', '/home/ann/proj', true],
    ['/home/ann/proj/src', '/home/ann/proj', true],
    ['/home/ann', '/home/ann/proj', true],
    ['/home/ann/project', '/home/ann/proj', false],
    ['/tmp/x', '/home/ann/proj', false],
    ['/', '/home/ann/proj', true],
    // Trailing slashes, one or more, on either side name the same folder.
    ['/home/ann/proj//', '/home/ann/proj/src', true],
    ['/home/ann/proj/src', '/home/ann/proj//', true],
    ['/home/ann/proj', '/home/ann/proj/', true],
  ];
  for (const [a, b, want] of table) it(`${a} ${want ? 'works on' : 'does not work on'} ${b}`, () => assert.equal(related(a, b), want));
});

describe('what in the runner’s environment says it runs inside Claude Code', () => {
  const table: Array<[string, Record<string, string>, string | null]> = [
    ['CLAUDECODE=1', { CLAUDECODE: '1' }, 'CLAUDECODE=1'],
    ['the Bash tool’s CLAUDE_CODE_EXECPATH alone', { CLAUDE_CODE_EXECPATH: '/opt/claude-code/bin/claude.exe' }, 'CLAUDE_CODE_EXECPATH'],
    ['a Claude Code AI_AGENT alone', { AI_AGENT: 'claude-code_2-1-332_agent' }, 'AI_AGENT=claude-code_2-1-332_agent'],
    ['another agent’s AI_AGENT', { AI_AGENT: 'cursor_1_agent' }, null],
    ['a clean environment', {}, null],
  ];
  for (const [what, env, want] of table) it(`${what} reads as ${want ?? 'nothing'}`, () => assert.equal(insideClaudeSignal(env), want));
});
