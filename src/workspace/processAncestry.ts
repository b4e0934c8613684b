// Reads the runner's process ancestry for the caller rule in src/core/caller/classifyCaller.ts.
// Linux: /proc/<pid>/stat (ppid after the last ')', since comm may hold spaces and parentheses),
// cmdline, exe, and, only for processes that look like Claude Code, cwd and environ. macOS:
// `ps -A -o pid=,ppid=,comm=` and `ps -A -ww -o pid=,args=` for the table, then
// `lsof -a -p PID -d cwd -Fn` and `ps -E -ww -o command= -p PID` for Claude Code processes only
// (written from the manuals, not run here). The reading is cheap on Linux (a few small files per ancestor): it runs on every
// prompt hook.
import type * as ChildProcess from 'node:child_process';
import { fstatSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { classifyCaller as rule, isClaudeCode, type Caller, type CallerFacts, type ProcFacts, type StdinKind } from '../core/caller/classifyCaller';
import type { HookName } from '../core/install/entries';

export type { Caller, CallerKind } from '../core/caller/classifyCaller';

/** What a platform tells about processes; tests pass fake tables. */
export interface ProcessTable {
  self: number;
  proc(pid: number): Omit<ProcFacts, 'cwd' | 'startedInsideClaude'> | null;
  cwd(pid: number): string | null;
  /** Whether the process's start environment holds CLAUDECODE=1; null when it cannot be read. */
  startedInsideClaude(pid: number): boolean | null;
  stdin(): StdinKind;
}

const MAX_DEPTH = 64;

function tryRead<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

/** The runner and its ancestors, nearest first, with cwd and start environment for Claude Code ones. */
export function readAncestry(table: ProcessTable = systemTable()): ProcFacts[] {
  const chain: ProcFacts[] = [];
  const seen = new Set<number>();
  for (let pid = table.self; pid > 0 && !seen.has(pid) && chain.length < MAX_DEPTH; ) {
    seen.add(pid);
    const p = table.proc(pid);
    if (!p) break;
    chain.push(isClaudeCode(p) ? { ...p, cwd: table.cwd(pid), startedInsideClaude: table.startedInsideClaude(pid) } : p);
    pid = p.ppid;
  }
  return chain;
}

export interface ClassifyOptions {
  table?: ProcessTable;
  env?: CallerFacts['env'];
}

function realWorkspace(workspace: string): string {
  const abs = resolve(workspace);
  return tryRead(() => realpathSync(abs)) ?? abs;
}

/** Who runs this process, for this workspace and this hook (null: a command, not a hook). */
export function classifyCaller(workspace: string, hook: HookName | null, opts: ClassifyOptions = {}): Caller {
  const table = opts.table ?? systemTable();
  return rule({ chain: readAncestry(table), env: opts.env ?? process.env, stdin: table.stdin() }, realWorkspace(workspace), hook);
}

// ---------------------------------------------------------------------------------------------
// Linux

function linuxProc(pid: number): Omit<ProcFacts, 'cwd' | 'startedInsideClaude'> | null {
  const stat = tryRead(() => readFileSync(`/proc/${pid}/stat`, 'latin1'));
  if (!stat) return null;
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  // After ") ": state, then ppid.
  const ppid = Number(stat.slice(close + 2).split(' ')[1]);
  if (!Number.isInteger(ppid)) return null;
  const cmdline = tryRead(() => readFileSync(`/proc/${pid}/cmdline`, 'utf8')) ?? '';
  const argv = cmdline.split('\0');
  if (argv.at(-1) === '') argv.pop();
  return { pid, ppid, comm: stat.slice(open + 1, close), argv, exe: tryRead(() => readlinkSync(`/proc/${pid}/exe`)) };
}

function linuxEnvironHasClaudeCode(pid: number): boolean | null {
  const env = tryRead(() => readFileSync(`/proc/${pid}/environ`, 'latin1'));
  if (env === null) return null;
  return env.startsWith('CLAUDECODE=1\0') || env.includes('\0CLAUDECODE=1\0') || env === 'CLAUDECODE=1' || env.endsWith('\0CLAUDECODE=1');
}

function stdinKind(): StdinKind {
  const st = tryRead(() => fstatSync(0));
  if (!st) return 'other';
  if (st.isSocket()) return 'socket';
  if (st.isFIFO()) return 'pipe';
  if (st.isFile()) return 'file';
  if (st.isCharacterDevice()) return 'tty';
  return 'other';
}

export function linuxTable(self = process.pid): ProcessTable {
  return {
    self,
    proc: linuxProc,
    cwd: (pid) => tryRead(() => readlinkSync(`/proc/${pid}/cwd`)),
    startedInsideClaude: linuxEnvironHasClaudeCode,
    stdin: stdinKind,
  };
}

// ---------------------------------------------------------------------------------------------
// macOS (no /proc): ps and lsof. Not measured against a real Claude Code on macOS, so the stdin
// kind of its hooks is not relied on ('unknown').

function childProcess(): typeof ChildProcess {
  // Loaded only here: child_process costs a few milliseconds of every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load needs require (the bundle is CommonJS)
  return require('node:child_process') as typeof ChildProcess;
}

function run(cmd: string, args: string[]): string | null {
  return tryRead(() => childProcess().execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 3000 }));
}

/** ps prints argv joined by spaces; `sh -c CMD` keeps CMD whole, everything else splits on spaces. */
export function argvOfPsArgs(args: string): string[] {
  const sh = /^(\S+) -c (.*)$/s.exec(args);
  return sh ? [sh[1]!, '-c', sh[2]!] : args.split(' ').filter((a) => a !== '');
}

/** Rows of `ps -o pid=,<column>=`: the pid, then the rest of the line (which may hold spaces). */
export function parsePsColumn(text: string): Map<number, string> {
  const rows = new Map<number, string>();
  for (const line of text.split('\n')) {
    const m = /^\s*(\d+) (.*)$/.exec(line);
    if (m) rows.set(Number(m[1]), m[2]!.trim());
  }
  return rows;
}

export function macTable(self = process.pid): ProcessTable {
  // Two whole-table reads instead of one ps per ancestor: ppid and comm (the executable's full
  // path on macOS, last so its spaces are kept), and the arguments.
  let rows: { procs: Map<number, string>; args: Map<number, string> } | null = null;
  const table = () =>
    (rows ??= {
      procs: parsePsColumn(run('ps', ['-A', '-o', 'pid=,ppid=,comm=']) ?? ''),
      args: parsePsColumn(run('ps', ['-A', '-ww', '-o', 'pid=,args=']) ?? ''),
    });
  return {
    self,
    proc: (pid) => {
      const row = /^(\d+)\s+(.*)$/.exec(table().procs.get(pid) ?? '');
      if (!row) return null;
      const exe = row[2]!.trim();
      const argv = argvOfPsArgs(table().args.get(pid) ?? exe);
      return { pid, ppid: Number(row[1]), comm: exe.slice(exe.lastIndexOf('/') + 1), argv, exe: exe.startsWith('/') ? exe : null };
    },
    cwd: (pid) => {
      const out = run('lsof', ['-a', '-p', String(pid), '-d', 'cwd', '-Fn']);
      const line = out?.split('\n').find((l) => l.startsWith('n'));
      return line ? line.slice(1) : null;
    },
    startedInsideClaude: (pid) => {
      const out = run('ps', ['-E', '-ww', '-o', 'command=', '-p', String(pid)]);
      return out === null ? null : /(^|\s)CLAUDECODE=1(\s|$)/.test(out);
    },
    stdin: () => 'unknown',
  };
}

/** Elsewhere (Windows, BSDs): nothing is known, so only the environment can refuse. */
function emptyTable(self = process.pid): ProcessTable {
  return { self, proc: () => null, cwd: () => null, startedInsideClaude: () => null, stdin: () => 'unknown' };
}

export function systemTable(): ProcessTable {
  if (process.platform === 'linux') return linuxTable();
  if (process.platform === 'darwin') return macTable();
  return emptyTable();
}
