// The caller rule's edges: which process may be the Claude Code, which shell is the entry shell,
// and the exact answer (nested flag, why) of each outcome.
import { strict as assert } from 'node:assert';
import { classifyCaller, type Caller, type CallerFacts, type ProcFacts, type StdinKind } from '../../../src/core/caller/classifyCaller';
import { gateCommand, type HookName } from '../../../src/core/install/entries';

const WS = '/home/ann/proj';
const RUNNER = `${WS}/.claude/proofmeter/proofmeter.js`;

function proc(pid: number, argv: string[], extra: Partial<ProcFacts> = {}): ProcFacts {
  const name = argv[0] ?? '';
  return { pid, ppid: 0, comm: name.slice(name.lastIndexOf('/') + 1).slice(0, 15), argv, exe: null, ...extra };
}

const runner = (pid: number) => proc(pid, ['node', RUNNER, 'hook', 'prompt'], { exe: '/usr/bin/node' });
const hookShell = (pid: number, hook: HookName, exe = '/usr/bin/dash', argv0 = '/bin/sh') => proc(pid, [argv0, '-c', gateCommand(hook)], { exe });
const claude = (pid: number, cwd: string, startedInsideClaude = false) =>
  proc(pid, ['/opt/claude-code/bin/claude.exe', '-p', 'x'], { exe: '/opt/claude-code/bin/claude.exe', comm: 'claude.exe', cwd, startedInsideClaude });
const bashTool = (pid: number) => proc(pid, ['/bin/bash', '-c', 'eval x'], { exe: '/usr/bin/bash' });

const HOOK_ENV = { CLAUDECODE: '1', AI_AGENT: 'claude-code_2-1-332_harness', CLAUDE_PROJECT_DIR: WS };

function facts(chain: ProcFacts[], env: CallerFacts['env'] = {}, stdin: StdinKind = 'socket'): CallerFacts {
  return { chain, env, stdin };
}

interface Case {
  name: string;
  facts: () => CallerFacts;
  hook: HookName | null;
  workspace?: string;
  want: Caller;
}

const cases: Case[] = [
  {
    name: 'an entry shell named sh on its command line but run by another program is still the entry shell',
    hook: 'prompt',
    facts: () => facts([runner(10), hookShell(11, 'prompt', '/usr/bin/busybox'), claude(12, WS)], HOOK_ENV),
    want: { kind: 'hook', nested: false, claudePid: 12, why: 'a hook of Claude Code pid 12' },
  },
  {
    name: 'an entry shell whose program is dash under another command-line name is still the entry shell',
    hook: 'prompt',
    facts: () => facts([runner(10), hookShell(11, 'prompt', '/usr/bin/dash', 'hookrunner'), claude(12, WS)], HOOK_ENV),
    want: { kind: 'hook', nested: false, claudePid: 12, why: 'a hook of Claude Code pid 12' },
  },
  {
    name: 'the runner itself looking like a Claude Code in the workspace is not its own Claude Code',
    hook: null,
    facts: () => facts([claude(10, WS)]),
    want: { kind: 'person', nested: false, claudePid: null, why: 'no Claude Code working in this workspace among its ancestors' },
  },
  {
    name: 'a runner looking like a Claude Code, under the entry shell of its parent, is judged by the parent',
    hook: 'prompt',
    facts: () => facts([claude(10, WS), hookShell(11, 'prompt'), claude(12, WS)], HOOK_ENV),
    want: { kind: 'hook', nested: false, claudePid: 12, why: 'a hook of Claude Code pid 12' },
  },
  {
    name: 'a clean environment with no Claude Code above is the person, not nested',
    hook: null,
    facts: () => facts([runner(10), proc(11, ['-bash'], { exe: '/usr/bin/bash' })]),
    want: { kind: 'person', nested: false, claudePid: null, why: 'no Claude Code working in this workspace among its ancestors' },
  },
  {
    name: 'inside a Claude Code working elsewhere, not started inside one, is the person, not nested',
    hook: null,
    facts: () => facts([runner(10), bashTool(11), claude(12, '/srv/other', false)], { CLAUDECODE: '1' }),
    want: { kind: 'person', nested: false, claudePid: null, why: 'inside a Claude Code that works elsewhere (pid 12)' },
  },
  {
    name: 'cut ancestry with CLAUDECODE=1 is the agent, not nested',
    hook: null,
    facts: () => facts([runner(10)], { CLAUDECODE: '1' }),
    want: { kind: 'agent-shell', nested: false, claudePid: null, why: 'its environment says it runs inside Claude Code (CLAUDECODE=1) and its ancestry was cut' },
  },
  {
    name: 'the entry shell with one process between it and the Claude Code is not a hook',
    hook: 'prompt',
    facts: () => facts([runner(10), hookShell(11, 'prompt'), proc(12, ['sh', 'wrap.sh'], { exe: '/usr/bin/dash' }), claude(13, WS)], HOOK_ENV),
    want: { kind: 'agent-shell', nested: false, claudePid: 13, why: 'it runs inside the shell of Claude Code pid 13, which works in this workspace' },
  },
  {
    name: 'a hook of a Claude Code started by another one in the workspace names that one',
    hook: 'prompt',
    facts: () => facts([runner(10), hookShell(11, 'prompt'), claude(12, WS), bashTool(13), claude(14, WS)], HOOK_ENV),
    want: { kind: 'nested-hook', nested: true, claudePid: 12, why: 'a hook of a nested Claude Code (pid 12; Claude Code pid 14 started it)' },
  },
  {
    name: 'a hook of a Claude Code started with CLAUDECODE=1 says it was started inside one',
    hook: 'prompt',
    facts: () => facts([runner(10), hookShell(11, 'prompt'), claude(12, WS, true), proc(13, ['tmux'])], HOOK_ENV),
    want: { kind: 'nested-hook', nested: true, claudePid: 12, why: 'a hook of a nested Claude Code (pid 12; it was started inside a Claude Code)' },
  },
];

describe('the caller rule at its edges', () => {
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(classifyCaller(c.facts(), c.workspace ?? WS, c.hook), c.want);
    });
  }
});
