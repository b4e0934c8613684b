// The caller rule reads the runner's environment only to refuse: AI_AGENT says "inside Claude Code"
// only when it starts with claude-code, and "the Bash tool" only when it ends in _agent;
// CLAUDE_CODE_EXECPATH alone marks the Bash tool. And only `sh -c <entry>` is the entry shell.
import { strict as assert } from 'node:assert';
import { classifyCaller, insideClaudeSignal, type CallerFacts, type CallerKind, type ProcFacts } from '../../../src/core/caller/classifyCaller';
import { gateCommand, type HookName } from '../../../src/core/install/entries';

const WS = '/home/ann/proj';
const RUNNER = `${WS}/.claude/proofmeter/proofmeter.js`;

let nextPid = 300;
const proc = (argv: string[], extra: Partial<ProcFacts> = {}): ProcFacts => ({ pid: nextPid++, ppid: 0, comm: (argv[0] ?? '').replace(/^.*\//, '').slice(0, 15), argv, exe: null, ...extra });
const runner = (hook: HookName) => proc(['node', RUNNER, 'hook', hook], { exe: '/usr/bin/node' });
const claude = () => proc(['/opt/claude-code/bin/claude.exe'], { exe: '/opt/claude-code/bin/claude.exe', comm: 'claude.exe', cwd: WS, startedInsideClaude: false });
const shell = (argv: string[]) => proc(argv, { exe: '/usr/bin/dash' });

function facts(chain: ProcFacts[], env: CallerFacts['env']): CallerFacts {
  chain.forEach((p, i) => (p.ppid = chain[i + 1]?.pid ?? 1));
  return { chain, env, stdin: 'socket' };
}

describe('what the runner’s environment says about its caller', () => {
  const signals: Array<[string, Record<string, string>, string | null]> = [
    ['an AI_AGENT of another tool that only mentions claude-code', { AI_AGENT: 'not-claude-code_1_agent' }, null],
    ['an AI_AGENT of Claude Code', { AI_AGENT: 'claude-code_2-1-332_harness' }, 'AI_AGENT=claude-code_2-1-332_harness'],
    ['no marks at all', {}, null],
  ];
  for (const [what, env, want] of signals) {
    it(`${what} gives ${want ?? 'no inside-Claude signal'}`, () => assert.equal(insideClaudeSignal(env), want));
  }

  const HARNESS = 'claude-code_2-1-332_harness';
  const rows: Array<[string, () => CallerFacts, CallerKind, RegExp]> = [
    [
      'the entry chain whose environment has CLAUDE_CODE_EXECPATH but a hook’s AI_AGENT is the agent',
      () => facts([runner('prompt'), shell(['/bin/sh', '-c', gateCommand('prompt')]), claude()], { CLAUDECODE: '1', AI_AGENT: HARNESS, CLAUDE_CODE_EXECPATH: '/opt/claude-code/bin/claude.exe' }),
      'agent-shell',
      /Bash tool's CLAUDE_CODE_EXECPATH/,
    ],
    [
      'the entry chain whose AI_AGENT has _agent only in the middle is a hook',
      () => facts([runner('prompt'), shell(['/bin/sh', '-c', gateCommand('prompt')]), claude()], { CLAUDECODE: '1', AI_AGENT: 'claude-code_2_agent_harness' }),
      'hook',
      /^a hook of Claude Code pid \d+$/,
    ],
    [
      'a shell given the entry after -x instead of -c is not the entry shell',
      () => facts([runner('prompt'), shell(['/bin/sh', '-x', gateCommand('prompt')]), claude()], { CLAUDECODE: '1', AI_AGENT: HARNESS }),
      'agent-shell',
      /runs inside the shell of Claude Code/,
    ],
  ];
  for (const [what, f, kind, why] of rows) {
    it(what, () => {
      const got = classifyCaller(f(), WS, 'prompt');
      assert.equal(got.kind, kind, got.why);
      assert.match(got.why, why);
    });
  }
});
