// Who is calling the runner: the person, a hook of the Claude Code working in this workspace, a
// hook of a Claude Code that some Claude Code started (nested), or the agent's own shell. Only the
// person and a genuine hook may freeze a goal or change the meter's hooks. The rule reads process
// ancestry, which the agent cannot rewrite from inside its shell; environment variables, which it
// can unset, are used only to refuse, never to allow.
//
// Measured with Claude Code 2.1.332 on Linux: a hook runs as `/bin/sh -c <entry command>` whose
// parent is the Claude Code process (working folder: the project), with stdin and stdout on
// sockets; the Bash tool runs as `/bin/bash -c source <snapshot> ... eval ...` with the same
// parent, stdin /dev/null, and CLAUDE_CODE_EXECPATH and AI_AGENT=claude-code_<ver>_agent in its
// environment (hooks have AI_AGENT=..._harness and no CLAUDE_CODE_EXECPATH). Both carry CLAUDECODE=1.
import { meterHookOf, type HookName } from '../install/entries';

export interface ProcFacts {
  pid: number;
  ppid: number;
  /** The kernel's short name (Linux comm), or the program's base name. */
  comm: string;
  argv: readonly string[];
  /** The executable's path, when the platform tells it. */
  exe: string | null;
  /** The working folder, real path; read only for processes that look like Claude Code. */
  cwd?: string | null;
  /** Its start environment holds CLAUDECODE=1; read only for processes that look like Claude Code. */
  startedInsideClaude?: boolean | null;
}

export type StdinKind = 'socket' | 'pipe' | 'file' | 'tty' | 'other' | 'unknown';

export interface CallerFacts {
  /** The runner first, then its parent, and so on up to the first process that cannot be read. */
  chain: readonly ProcFacts[];
  /** The runner's own environment. */
  env: Readonly<Record<string, string | undefined>>;
  /** The runner's stdin; 'unknown' where the platform's hooks were not measured. */
  stdin: StdinKind;
}

export type CallerKind = 'person' | 'hook' | 'nested-hook' | 'agent-shell';

export interface Caller {
  kind: CallerKind;
  /** The Claude Code working in this workspace was itself started inside a Claude Code. */
  nested: boolean;
  /** That Claude Code's pid, when one was found. */
  claudePid: number | null;
  /** Why, in a few words, for the refusal line. */
  why: string;
}

const CLAUDE_NAME = /^claude(\.exe)?$/;
const CLAUDE_SCRIPT = /(^|\/)claude(\.exe)?$|@anthropic-ai\/claude-code\/cli\.m?js$/;
const SCRIPT_HOSTS = /^(node|nodejs|bun)(\d[\d.]*)?$/;
const SHELLS = /^(sh|dash|bash|zsh)$/;

function base(path: string | null | undefined): string {
  if (!path) return '';
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}

/** Whether a process is a Claude Code: the native binary, or node/bun running its launcher. */
export function isClaudeCode(p: Pick<ProcFacts, 'comm' | 'argv' | 'exe'>): boolean {
  if (CLAUDE_NAME.test(base(p.exe)) || CLAUDE_NAME.test(p.comm) || CLAUDE_NAME.test(base(p.argv[0]))) return true;
  if (!SCRIPT_HOSTS.test(base(p.exe) || base(p.argv[0]))) return false;
  const script = p.argv.slice(1).find((a) => !a.startsWith('-'));
  return script !== undefined && CLAUDE_SCRIPT.test(script);
}

/** One folder is the other or holds it: a Claude Code there works on this workspace. */
export function related(a: string, b: string): boolean {
  const x = a.replace(/\/+$/, '') || '/';
  const y = b.replace(/\/+$/, '') || '/';
  const under = (inner: string, outer: string) => inner === outer || outer === '/' || inner.startsWith(outer + '/');
  return under(x, y) || under(y, x);
}

/** What in the runner's own environment says it runs inside some Claude Code. */
export function insideClaudeSignal(env: CallerFacts['env']): string | null {
  if (env.CLAUDECODE === '1') return 'CLAUDECODE=1';
  if (env.CLAUDE_CODE_EXECPATH) return 'CLAUDE_CODE_EXECPATH';
  if (/^claude-code/.test(env.AI_AGENT ?? '')) return `AI_AGENT=${env.AI_AGENT}`;
  return null;
}

/** What says the runner runs in the agent's Bash tool rather than in a hook. */
function bashToolSignal(env: CallerFacts['env']): string | null {
  if (env.CLAUDE_CODE_EXECPATH) return 'CLAUDE_CODE_EXECPATH';
  if (/_agent$/.test(env.AI_AGENT ?? '')) return `AI_AGENT=${env.AI_AGENT}`;
  return null;
}

/** `/bin/sh -c <cmd>` where cmd is the meter's installed entry for this hook. */
function isEntryShell(p: ProcFacts | undefined, hook: HookName): boolean {
  if (!p || p.argv.length !== 3 || p.argv[1] !== '-c') return false;
  if (!SHELLS.test(base(p.argv[0])) && !SHELLS.test(base(p.exe))) return false;
  return meterHookOf(p.argv[2]) === hook;
}

/**
 * The rule. `workspace` is a real path; `hook` is the gate being run, or null for a command.
 *  1. C is the nearest ancestor that is a Claude Code working in the workspace (its folder is the
 *     workspace, inside it, or above it).
 *  2. No C: the person's, unless the runner's environment says it runs inside a Claude Code and no
 *     ancestor explains that (no Claude Code above at all, or the nearest one was itself started
 *     inside a Claude Code): then the ancestry was cut (setsid, nohup, tmux) and it is the agent's.
 *  3. C: a genuine hook only when the chain is exactly runner <- `sh -c <this hook's entry>` <- C,
 *     the runner's environment has none of the Bash tool's marks and, where measured, its stdin is
 *     a socket. Anything else (the Bash tool, a copied runner, exec, a script) is the agent's shell.
 *  4. Nested: C was started with CLAUDECODE=1, or a Claude Code above C works on this workspace too.
 */
export function classifyCaller(facts: CallerFacts, workspace: string, hook: HookName | null): Caller {
  const claudes = facts.chain.map((p, i) => ({ p, i })).filter(({ p, i }) => i > 0 && isClaudeCode(p));
  const c = claudes.find(({ p }) => typeof p.cwd === 'string' && related(p.cwd, workspace));
  if (!c) {
    const signal = insideClaudeSignal(facts.env);
    if (!signal) return { kind: 'person', nested: false, claudePid: null, why: 'no Claude Code working in this workspace among its ancestors' };
    const nearest = claudes[0];
    if (nearest && nearest.p.startedInsideClaude === false) {
      return { kind: 'person', nested: false, claudePid: null, why: `inside a Claude Code that works elsewhere (pid ${nearest.p.pid})` };
    }
    return { kind: 'agent-shell', nested: false, claudePid: null, why: `its environment says it runs inside Claude Code (${signal}) and its ancestry was cut` };
  }
  const pid = c.p.pid;
  const above = claudes.find(({ p, i }) => i > c.i && typeof p.cwd === 'string' && related(p.cwd, workspace));
  const nested = c.p.startedInsideClaude === true || above !== undefined;
  if (hook !== null && c.i === 2 && isEntryShell(facts.chain[1], hook)) {
    // A Claude Code started from a Bash tool hands that tool's marks down to its own hooks.
    const mark = c.p.startedInsideClaude === true ? null : bashToolSignal(facts.env);
    if (mark) return { kind: 'agent-shell', nested, claudePid: pid, why: `it carries the Bash tool's ${mark}` };
    if (facts.stdin !== 'socket' && facts.stdin !== 'unknown') return { kind: 'agent-shell', nested, claudePid: pid, why: `its stdin is a ${facts.stdin}, not Claude Code's hook socket` };
    const how = above ? `Claude Code pid ${above.p.pid} started it` : 'it was started inside a Claude Code';
    return nested
      ? { kind: 'nested-hook', nested, claudePid: pid, why: `a hook of a nested Claude Code (pid ${pid}; ${how})` }
      : { kind: 'hook', nested, claudePid: pid, why: `a hook of Claude Code pid ${pid}` };
  }
  return { kind: 'agent-shell', nested, claudePid: pid, why: `it runs inside the shell of Claude Code pid ${pid}, which works in this workspace` };
}
