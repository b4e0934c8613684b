// Runs the real Claude Code CLI offline against the scripted fake Messages API.
//
// Every run gets a fresh folder (the "root") with its own HOME, TMPDIR and project folder:
//
//   <root>/home/.claude/projects/<slug>/<session>.jsonl   transcripts (with <session>/subagents/)
//   <root>/proj/                 the project (cwd of the CLI), with .claude/settings.json
//   <root>/tmp/                  TMPDIR / CLAUDE_CODE_TMPDIR (background task outputs)
//   <root>/requests.jsonl        every request the fake API received (see fakeMessages.ts)
//   <root>/proxy.jsonl           every attempt to reach another host (all refused)
//   <root>/hooks.jsonl           payloads logged by hookCommand() hooks
//   <root>/stream-N.jsonl, stderr-N.txt   output of CLI invocation N (print and SDK mode)
//   <root>/control.jsonl         SDK mode: control requests and our answers
//   <root>/pane-<label>.txt      TUI mode: screen captures
//
// Isolation: a host process (nsHost.ts) is started with `unshare -n` (as root; `unshare -rn`
// otherwise). It brings up loopback and runs the fake API and a refusing proxy inside the new
// network namespace. The CLI is then started in the same namespace with `nsenter -t <host pid> -n`
// (for the TUI, the tmux server is started that way, so the pane's CLI inherits the namespace).
// Files and the tmux socket are shared with this process, so tests read logs and drive tmux directly.
import { spawn, spawnSync, execFile, type ChildProcess } from 'node:child_process';
import {
  chmodSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync,
  rmSync, statSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { FakeScript } from './fakeMessages';
import type { NsHostConfig, NsHostReady } from './nsHost';
import { readHookLog, readJsonl, readRequestLog, readTranscript, type HookLogEntry, type TranscriptRecord } from './jsonl';
import type { RequestLogEntry } from './fakeMessages';

export { readHookLog, readJsonl, readRequestLog };
export type { HookLogEntry, RequestLogEntry };

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '..', '..');

/** The dummy key the CLI is given; the fake API ignores it. */
export const DUMMY_API_KEY = 'sk-ant-api03-proofmeter-offline-dummy-key-000000';

// ---------------------------------------------------------------------------------------------
// Scenario and result types

export interface ScenarioBase {
  /** Used for the run folder name (and by the fixture recorder). */
  name: string;
  script: FakeScript;
  /**
   * Becomes <proj>/.claude/settings.json. In every string, {{ROOT}}, {{PROJECT}}, {{HOME}} and
   * {{TMP}} are replaced by the run's folders (the same holds for the script's strings).
   */
  settings?: Record<string, unknown>;
  /** Files to create in the project before the run (path relative to the project). */
  files?: Record<string, string>;
  /** Called with the run's folders after the files are written and before the CLI starts (a clone checked out into the project). */
  prepare?: (dirs: { root: string; project: string; home: string }) => void;
  /** Extra environment for the CLI (and so for its hooks and tools). */
  env?: Record<string, string>;
  /** Extra CLI arguments (after the mode's own), e.g. ['--dangerously-skip-permissions']. */
  args?: string[];
  /** The CLI binary; default: ensureClaude() from scripts/setup-claude.mjs. */
  claudeBin?: string;
  /**
   * A command the binary is handed to, as the person would start it through a launcher
   * (`[node, dist/proofmeter.js, 'run', '--']`): it runs in the namespace, given the binary and the mode's arguments.
   */
  launcher?: string[];
  /** Parent folder for the run folder; default <os tmpdir>/proofmeter-realcli. */
  parentDir?: string;
  /** Time limit for each CLI invocation (print, SDK) or for the whole TUI drive. Default 120 s. */
  timeoutMs?: number;
}

export interface PrintScenario extends ScenarioBase {
  mode: 'print';
  prompt: string;
  /** Each is sent as `--resume <session> -p <text>` after the previous invocation ended. */
  followups?: string[];
}

/** The `request` of a can_use_tool control request. */
export interface CanUseToolRequest {
  subtype: 'can_use_tool';
  tool_name: string;
  input: Record<string, unknown>;
  tool_use_id?: string;
  [key: string]: unknown;
}

export type PermissionAnswer =
  | { behavior: 'allow'; updatedInput: Record<string, unknown>; [key: string]: unknown }
  | { behavior: 'deny'; message: string; interrupt?: boolean; [key: string]: unknown };

export interface SdkScenario extends ScenarioBase {
  mode: 'sdk';
  /** User messages, each sent after the previous one's `result`. */
  prompts: string[];
  /** Tools the host denies. Everything else is allowed with its input unchanged. */
  deny?: string[];
  /**
   * AskUserQuestion answers by question text. A question without an entry is answered with its
   * first option's label. The host allows the call with updatedInput = {...input, answers}.
   */
  answers?: Record<string, string>;
  /** Full control: return an answer, or undefined for the default behaviour above. */
  onCanUseTool?: (req: CanUseToolRequest) => PermissionAnswer | undefined;
}

export interface TuiScenario extends ScenarioBase {
  mode: 'tui';
  /** Drives the session: type, press keys, wait. runClaude types /exit afterwards if needed. */
  drive: (tui: TuiDriver) => Promise<void>;
  width?: number;
  height?: number;
}

export type Scenario = PrintScenario | SdkScenario | TuiScenario;

export interface Invocation {
  args: string[];
  exitCode: number | null;
  signal: string | null;
  stdoutPath: string | null;
  stderrPath: string | null;
  timedOut: boolean;
}

export interface RunResult {
  name: string;
  mode: Scenario['mode'];
  root: string;
  home: string;
  project: string;
  tmp: string;
  /** <home>/.claude/projects */
  projectsDir: string;
  /** Session transcripts (<projectsDir>/<slug>/<session>.jsonl), oldest first. */
  transcripts: string[];
  /** Subagent transcripts (<slug>/<session>/subagents/agent-*.jsonl). */
  subagentTranscripts: string[];
  /** The session id seen in the output (print, SDK) or the first transcript's name (TUI). */
  sessionId: string | null;
  requestLog: string;
  proxyLog: string;
  hooksLog: string;
  controlLog: string | null;
  panes: string[];
  invocations: Invocation[];
  /** Parsed request log. */
  requests(): RequestLogEntry[];
  /** Parsed hooks.jsonl. */
  hooks(): HookLogEntry[];
  /** Parsed records of the session transcript (the first one, or `file`). */
  records(file?: string): TranscriptRecord[];
  /** Deletes the run folder (unless PROOFMETER_KEEP_RUNS=1). */
  cleanup(): void;
}

// ---------------------------------------------------------------------------------------------
// Environment checks

let tmuxChecked = false;

/** Makes sure tmux is installed (apt-get install -y tmux when missing and running as root). */
export function ensureTmux(): void {
  if (tmuxChecked) return;
  if (spawnSync('tmux', ['-V']).status === 0) { tmuxChecked = true; return; }
  if (process.getuid?.() !== 0) throw new Error('tmux is required for TUI scenarios; install it (apt-get install tmux)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = spawnSync('apt-get', ['install', '-y', '-q', 'tmux'], { stdio: 'inherit', env });
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    r = spawnSync('apt-get', ['install', '-y', '-q', 'tmux'], { stdio: 'inherit', env });
  }
  if (r.status !== 0 || spawnSync('tmux', ['-V']).status !== 0) throw new Error('could not install tmux');
  tmuxChecked = true;
}

/** Null when network namespaces can be used here, else the reason they cannot. */
export function netnsUnavailableReason(): string | null {
  for (const tool of ['unshare', 'nsenter', 'ip']) {
    const r = spawnSync('sh', ['-c', `command -v ${tool}`]);
    if (r.status !== 0) return `${tool} is not installed`;
  }
  const r = spawnSync('unshare', [...unshareFlags(), 'true'], { encoding: 'utf8' });
  if (r.status !== 0) return `unshare ${unshareFlags().join(' ')} failed: ${(r.stderr || '').trim()}`;
  return null;
}

const isRoot = () => process.getuid?.() === 0;
const unshareFlags = () => (isRoot() ? ['-n'] : ['-r', '-n']);
const nsenterFlags = (pid: number) =>
  isRoot() ? ['-t', String(pid), '-n'] : ['-t', String(pid), '-U', '-n', '--preserve-credentials'];

/** Resolves the CLI binary: scenario.claudeBin, else the pinned install in .cache/claude-code. */
export async function resolveClaudeBin(explicit?: string): Promise<string> {
  if (explicit) return explicit;
  // An absolute URL: a relative specifier does not resolve when tsx loads this file as CommonJS.
  const url = pathToFileURL(join(repoRoot, 'scripts', 'setup-claude.mjs')).href;
  const setup = (await import(url)) as typeof import('../../scripts/setup-claude.mjs');
  return setup.ensureClaude();
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value or the time is up (then throws `what`). */
export async function waitUntil<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 30000,
  intervalMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

function fillPlaceholders<T>(value: T, vars: Record<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(/\{\{(ROOT|PROJECT|HOME|TMP)\}\}/g, (_m, k: string) => vars[k]!) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => fillPlaceholders(v, vars)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, vars)])) as T;
  }
  return value;
}

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=,@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

/** Session transcripts and subagent transcripts under a ~/.claude/projects folder. */
export function findTranscripts(projectsDir: string): { sessions: string[]; subagents: string[] } {
  const all = listFiles(projectsDir).filter((f) => f.endsWith('.jsonl'));
  const byTime = (a: string, b: string) => statSync(a).birthtimeMs - statSync(b).birthtimeMs || a.localeCompare(b);
  const sessions = all.filter((f) => dirname(dirname(f)) === projectsDir).sort(byTime);
  const subagents = all.filter((f) => /\/subagents\/[^/]+\.jsonl$/.test(f)).sort(byTime);
  return { sessions, subagents };
}

/**
 * Claude Code's folder name for a project path: every character but letters and digits becomes "-",
 * and a name over 200 characters is cut and followed by a hash of the path (see longPath.ts).
 */
export { projectSlug } from '../../src/workspace/transcriptFiles';

// The logging hook: `node "$PROOFMETER_LAB_OUT/bin/log-hook.mjs" LABEL [--exit N] [--stdout TEXT] [--stderr TEXT]`
const LOG_HOOK_SOURCE = `// Written by test/realcli/runClaude.ts. Logs a hook's stdin to $PROOFMETER_LAB_OUT/hooks.jsonl.
import { appendFileSync, readFileSync } from 'node:fs';
const args = process.argv.slice(2);
const label = args[0] || 'hook';
const opt = (name) => { const i = args.indexOf(name); return i > 0 ? args[i + 1] : undefined; };
let raw = '';
try { raw = readFileSync(0, 'utf8'); } catch {}
let payload;
try { payload = JSON.parse(raw); } catch { payload = { unparsed: raw }; }
const out = process.env.PROOFMETER_LAB_OUT;
if (out) appendFileSync(out + '/hooks.jsonl', JSON.stringify({ label, ts: new Date().toISOString(), payload }) + '\\n');
if (opt('--stdout') !== undefined) process.stdout.write(opt('--stdout') + '\\n');
if (opt('--stderr') !== undefined) process.stderr.write(opt('--stderr') + '\\n');
process.exit(Number(opt('--exit') ?? 0));
`;

/**
 * A hook command that logs its payload to <root>/hooks.jsonl under `label`.
 * Options: exit code, text for stdout (e.g. hook JSON output) and stderr.
 */
export function hookCommand(label: string, opts: { exit?: number; stdout?: string; stderr?: string } = {}): string {
  let cmd = `node "$PROOFMETER_LAB_OUT/bin/log-hook.mjs" ${shellQuote(label)}`;
  if (opts.exit !== undefined) cmd += ` --exit ${opts.exit}`;
  if (opts.stdout !== undefined) cmd += ` --stdout ${shellQuote(opts.stdout)}`;
  if (opts.stderr !== undefined) cmd += ` --stderr ${shellQuote(opts.stderr)}`;
  return cmd;
}

/** Every hook event Claude Code 2.1.332 knows (from its settings schema). */
export const ALL_HOOK_EVENTS = [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'Notification', 'UserPromptSubmit',
  'UserPromptExpansion', 'SessionStart', 'SessionEnd', 'Stop', 'StopFailure', 'SubagentStart', 'SubagentStop',
  'PreCompact', 'PostCompact', 'PreModelSwitch', 'PostModelSwitch', 'PermissionRequest', 'PermissionDenied',
  'Setup', 'TeammateIdle', 'TaskCreated', 'TaskCompleted', 'Elicitation', 'ElicitationResult', 'ConfigChange',
  'WorktreeCreate', 'WorktreeRemove', 'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'DirectoryAdded',
  'MessageDisplay', 'PreSkillShellCommand',
] as const;

/** Settings that log every payload of the given events (default: the common ones) to hooks.jsonl. */
export function loggingHooks(events: readonly string[] = [
  'SessionStart', 'UserPromptSubmit', 'UserPromptExpansion', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure',
  'Stop', 'SubagentStart', 'SubagentStop', 'Notification', 'PermissionRequest', 'PermissionDenied',
  'PreCompact', 'PostCompact', 'SessionEnd',
]): { hooks: Record<string, unknown[]> } {
  const hooks: Record<string, unknown[]> = {};
  for (const ev of events) hooks[ev] = [{ hooks: [{ type: 'command', command: hookCommand(ev) }] }];
  return { hooks };
}

// ---------------------------------------------------------------------------------------------
// Last-resort cleanup: if this process exits mid-run, end what it started (tmux servers keep running
// on their own otherwise; the namespace host ends by itself when its stdin closes).

const onExit = new Set<() => void>();
let exitHookInstalled = false;
function atExit(fn: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => { for (const f of onExit) { try { f(); } catch { /* best effort */ } } });
  }
  onExit.add(fn);
  return () => onExit.delete(fn);
}

// ---------------------------------------------------------------------------------------------
// The namespace host

interface Host {
  ready: NsHostReady;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startHost(root: string, scriptPath: string): Promise<Host> {
  const config: NsHostConfig = {
    scriptPath,
    requestLog: join(root, 'requests.jsonl'),
    proxyLog: join(root, 'proxy.jsonl'),
    readyFile: join(root, '.host-ready.json'),
  };
  const configPath = join(root, '.host-config.json');
  writeFileSync(configPath, JSON.stringify(config));
  const tsxLoader = createRequire(import.meta.url).resolve('tsx');
  const hostErr = join(root, 'host.err');
  const child = spawn('unshare', [...unshareFlags(), process.execPath, '--import', tsxLoader, join(here, 'nsHost.ts'), configPath], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const errOut = createWriteStream(hostErr);
  child.stderr.pipe(errOut);
  let exited: string | null = null;
  const exitPromise = new Promise<void>((r) => child.once('exit', (code, sig) => { exited = `exit ${code ?? sig}`; r(); }));
  const forgetHost = atExit(() => child.kill('SIGKILL'));
  let ready: NsHostReady;
  try {
    ready = await waitUntil('the namespace host to start', () => {
      if (exited) throw new Error(`namespace host ${exited}: ${existsSync(hostErr) ? readFileSync(hostErr, 'utf8') : ''}`);
      return existsSync(config.readyFile) ? (JSON.parse(readFileSync(config.readyFile, 'utf8')) as NsHostReady) : null;
    }, 20000, 50);
  } catch (err) {
    child.kill('SIGKILL');
    forgetHost();
    throw err;
  }
  return {
    ready,
    child,
    stop: async () => {
      forgetHost();
      if (exited) return;
      child.stdin.end();
      const t = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exitPromise;
      clearTimeout(t);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Running

interface RunContext {
  root: string;
  home: string;
  project: string;
  tmp: string;
  host: Host;
  bin: string;
  env: Record<string, string>;
  scenario: Scenario;
  invocations: Invocation[];
  sessionId: string | null;
}

function claudeEnv(ctx: Omit<RunContext, 'env' | 'invocations' | 'sessionId'>, extra: Record<string, string> = {}): Record<string, string> {
  const proxy = `http://127.0.0.1:${ctx.host.ready.proxyPort}`;
  return {
    PATH: [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: ctx.home,
    USER: process.env.USER ?? 'root',
    SHELL: '/bin/bash',
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    TMPDIR: ctx.tmp,
    CLAUDE_CODE_TMPDIR: ctx.tmp,
    XDG_RUNTIME_DIR: ctx.tmp,
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${ctx.host.ready.port}`,
    ANTHROPIC_API_KEY: DUMMY_API_KEY,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    IS_SANDBOX: '1',
    HTTPS_PROXY: proxy,
    HTTP_PROXY: proxy,
    NO_PROXY: '127.0.0.1,localhost',
    PROOFMETER_LAB_OUT: ctx.root,
    ...extra,
  };
}

function sessionIdFromStream(path: string): string | null {
  for (const msg of readJsonl<{ session_id?: unknown } | null>(path)) {
    if (msg && typeof msg.session_id === 'string' && msg.session_id) return msg.session_id;
  }
  return null;
}

/** Runs one CLI process in the namespace; stdout/stderr go to stream-N.jsonl / stderr-N.txt. */
async function invoke(
  ctx: RunContext,
  args: string[],
  io: { onSpawn?: (child: ChildProcess) => void; onLine?: (child: ChildProcess, line: string) => void } = {},
): Promise<Invocation> {
  const onStdout = io.onLine;
  const idx = ctx.invocations.length;
  const stdoutPath = join(ctx.root, `stream-${idx}.jsonl`);
  const stderrPath = join(ctx.root, `stderr-${idx}.txt`);
  const child = spawn('nsenter', [...nsenterFlags(ctx.host.ready.pid), '--', ...(ctx.scenario.launcher ?? []), ctx.bin, ...args], {
    cwd: ctx.project,
    env: ctx.env,
    stdio: [onStdout ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    detached: true, // own process group, so a timeout can end the CLI and everything it started
  });
  const out = createWriteStream(stdoutPath);
  const err = createWriteStream(stderrPath);
  child.stderr!.pipe(err);
  child.stdin?.on('error', () => { /* the CLI quit before reading everything */ });
  io.onSpawn?.(child);
  const rl = createInterface({ input: child.stdout! });
  rl.on('line', (line) => {
    out.write(line + '\n');
    if (onStdout) onStdout(child, line);
  });
  const forget = atExit(() => process.kill(-child.pid!, 'SIGKILL'));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* gone */ }
  }, ctx.scenario.timeoutMs ?? 120000);
  const [exitCode, signal] = await new Promise<[number | null, string | null]>((r) =>
    child.once('close', (code, sig) => r([code, sig])));
  clearTimeout(timer);
  forget();
  try { process.kill(-child.pid!, 'SIGTERM'); } catch { /* nothing left */ }
  await Promise.all([new Promise((r) => out.end(r)), new Promise((r) => err.end(r))]);
  const inv: Invocation = { args, exitCode, signal, stdoutPath, stderrPath, timedOut };
  ctx.invocations.push(inv);
  ctx.sessionId ??= sessionIdFromStream(stdoutPath);
  return inv;
}

async function runPrint(ctx: RunContext, s: PrintScenario): Promise<void> {
  const common = ['--output-format', 'stream-json', '--verbose', ...(s.args ?? [])];
  await invoke(ctx, ['-p', s.prompt, ...common]);
  for (const text of s.followups ?? []) {
    if (!ctx.sessionId) throw new Error('no session id in the first invocation\'s output; cannot --resume');
    await invoke(ctx, ['--resume', ctx.sessionId, '-p', text, ...common]);
  }
}

function defaultPermission(s: SdkScenario, req: CanUseToolRequest): PermissionAnswer {
  const custom = s.onCanUseTool?.(req);
  if (custom) return custom;
  if (s.deny?.includes(req.tool_name)) {
    return { behavior: 'deny', message: `The host denied ${req.tool_name}.` };
  }
  if (req.tool_name === 'AskUserQuestion') {
    const questions = (Array.isArray(req.input?.questions) ? req.input.questions : []) as Array<{ question?: string; options?: Array<{ label?: string } | undefined> } | null | undefined>;
    const answers: Record<string, string> = {};
    for (const q of questions) {
      const text = String(q?.question ?? '');
      answers[text] = s.answers?.[text] ?? String(q?.options?.[0]?.label ?? '');
    }
    return { behavior: 'allow', updatedInput: { ...req.input, answers } };
  }
  return { behavior: 'allow', updatedInput: req.input ?? {} };
}

async function runSdk(ctx: RunContext, s: SdkScenario): Promise<void> {
  const controlLog = join(ctx.root, 'control.jsonl');
  const logControl = (dir: 'to-cli' | 'from-cli', msg: unknown) =>
    writeFileSync(controlLog, JSON.stringify({ dir, ts: new Date().toISOString(), msg }) + '\n', { flag: 'a' });
  const pending = [...s.prompts];
  const send = (child: ChildProcess, msg: Record<string, unknown>) => {
    if (msg.type === 'control_response') logControl('to-cli', msg);
    child.stdin!.write(JSON.stringify(msg) + '\n');
  };
  const sendPrompt = (child: ChildProcess) => {
    const text = pending.shift();
    if (text === undefined) { child.stdin!.end(); return; }
    send(child, { type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });
  };
  await invoke(ctx, [
    '-p', '--input-format', 'stream-json', '--output-format', 'stream-json', '--verbose',
    '--permission-prompt-tool', 'stdio', ...(s.args ?? []),
  ], { onSpawn: sendPrompt, onLine: (child, line) => {
    let msg: { type?: string; request?: Record<string, unknown>; request_id?: unknown } | null;
    try { msg = JSON.parse(line) as typeof msg; } catch { return; }
    if (msg?.type === 'control_request') {
      logControl('from-cli', msg);
      const req = msg.request ?? {};
      const response = req.subtype === 'can_use_tool' ? defaultPermission(s, req as CanUseToolRequest) : {};
      send(child, { type: 'control_response', response: { subtype: 'success', request_id: msg.request_id, response } });
    } else if (msg?.type === 'result') {
      sendPrompt(child);
    }
  } });
}

// ---------------------------------------------------------------------------------------------
// TUI

/** Drives the interactive CLI in a tmux pane. */
export interface TuiDriver {
  readonly root: string;
  readonly project: string;
  /** Types text literally (no Enter). */
  type(text: string): Promise<void>;
  /** Presses keys by tmux name: 'Enter', 'Escape', 'C-b', 'Up', 'Tab', ... */
  press(...keys: string[]): Promise<void>;
  /** Types text, waits a moment, presses Enter. */
  submit(text: string): Promise<void>;
  /** The visible screen. */
  screen(): Promise<string>;
  /** Saves the screen as pane-<label>.txt and returns it. */
  snapshot(label: string): Promise<string>;
  /** Waits until the screen matches; returns the screen. */
  waitForScreen(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  /** Waits until a request matching `pred` reached the fake API; returns it. */
  waitForRequest(pred: (r: RequestLogEntry) => boolean, timeoutMs?: number): Promise<RequestLogEntry>;
  /** Waits until a transcript record of the session matches `pred`; returns it. */
  waitForRecord(pred: (rec: TranscriptRecord) => boolean, timeoutMs?: number): Promise<TranscriptRecord>;
  /** Waits for the n-th (1-based, counted over the whole run) logged hook of `label`. */
  waitForHook(label: string, n?: number, timeoutMs?: number): Promise<HookLogEntry>;
  /** Waits until the main thread's turn has ended `n` times (system/turn_duration records). */
  waitForTurnEnd(n?: number, timeoutMs?: number): Promise<void>;
  requests(): RequestLogEntry[];
  hooks(): HookLogEntry[];
  /** Records of all session transcripts so far, in file order. */
  records(): TranscriptRecord[];
  sleep(ms: number): Promise<void>;
  /** Types /exit and waits until the CLI has quit. Called by runClaude when drive() returns. */
  exit(): Promise<number | null>;
  /** True once the CLI process has ended. */
  exited(): boolean;
}

function tmuxRun(sock: string, args: string[]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    execFile('tmux', ['-S', sock, ...args], { encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`tmux ${args.join(' ')}: ${stderr || err.message}`));
      else resolvePromise(stdout);
    });
  });
}

function seedGlobalConfig(home: string, project: string): void {
  // Skips onboarding, the theme picker, the API key confirmation and the trust dialog.
  const config = {
    hasCompletedOnboarding: true,
    theme: 'dark',
    numStartups: 3,
    autoUpdates: false,
    bypassPermissionsModeAccepted: true,
    customApiKeyResponses: { approved: [DUMMY_API_KEY.slice(-20)], rejected: [] },
    projects: {
      [project]: {
        hasTrustDialogAccepted: true,
        hasCompletedProjectOnboarding: true,
        projectOnboardingSeenCount: 1,
        allowedTools: [],
      },
    },
  };
  writeFileSync(join(home, '.claude.json'), JSON.stringify(config, null, 2));
}

async function runTui(ctx: RunContext, s: TuiScenario): Promise<string[]> {
  ensureTmux();
  seedGlobalConfig(ctx.home, ctx.project);
  const sock = join(ctx.root, 'tmux.sock');
  const exitFile = join(ctx.root, '.tui-exit');
  const launch = join(ctx.root, 'launch.sh');
  const args = [...(s.args ?? [])];
  const envPart = Object.entries(ctx.env).map(([k, v]) => `${k}=${shellQuote(v)}`).join(' ');
  writeFileSync(launch, [
    '#!/bin/sh',
    `cd ${shellQuote(ctx.project)} || exit 1`,
    `env -i ${envPart} ${[...(ctx.scenario.launcher ?? []), ctx.bin, ...args].map(shellQuote).join(' ')} 2>${shellQuote(join(ctx.root, 'stderr-tui.txt'))}`,
    `echo $? > ${shellQuote(exitFile)}`,
    '',
  ].join('\n'));
  chmodSync(launch, 0o755);
  const panes: string[] = [];
  const tmuxEnv = { ...process.env };
  delete tmuxEnv.TMUX;
  const start = spawnSync('nsenter', [
    ...nsenterFlags(ctx.host.ready.pid), '--', 'tmux', '-S', sock, '-f', '/dev/null',
    'new-session', '-d', '-s', 'cc', '-x', String(s.width ?? 160), '-y', String(s.height ?? 50), launch,
  ], { env: tmuxEnv, encoding: 'utf8' });
  if (start.status !== 0) throw new Error(`tmux new-session failed: ${start.stderr}`);
  const forgetTmux = atExit(() => spawnSync('tmux', ['-S', sock, 'kill-server']));
  const t = (...a: string[]) => tmuxRun(sock, a);
  const exited = () => existsSync(exitFile);
  const transcripts = () => findTranscripts(join(ctx.home, '.claude', 'projects')).sessions;
  const records = () => transcripts().flatMap((f) => readTranscript(f));

  const driver: TuiDriver = {
    root: ctx.root,
    project: ctx.project,
    type: async (text) => { await t('send-keys', '-t', 'cc', '-l', text); },
    press: async (...keys) => { await t('send-keys', '-t', 'cc', ...keys); },
    submit: async (text) => {
      await t('send-keys', '-t', 'cc', '-l', text);
      await sleep(400);
      await t('send-keys', '-t', 'cc', 'Enter');
    },
    screen: () => t('capture-pane', '-p', '-t', 'cc'),
    snapshot: async (label) => {
      const text = await t('capture-pane', '-p', '-t', 'cc');
      const p = join(ctx.root, `pane-${label}.txt`);
      writeFileSync(p, text);
      panes.push(p);
      return text;
    },
    waitForScreen: async (pattern, timeoutMs = 30000) => waitUntil(`screen to show ${pattern}`, async () => {
      if (exited()) throw new Error(`the CLI exited while waiting for the screen to show ${pattern}`);
      const text = await t('capture-pane', '-p', '-t', 'cc');
      return (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text)) ? text : null;
    }, timeoutMs, 150),
    waitForRequest: (pred, timeoutMs = 30000) => waitUntil('a matching API request',
      () => readRequestLog(join(ctx.root, 'requests.jsonl')).find(pred), timeoutMs),
    waitForRecord: (pred, timeoutMs = 30000) => waitUntil('a matching transcript record',
      () => records().find(pred), timeoutMs),
    waitForHook: (label, n = 1, timeoutMs = 30000) => waitUntil(`hook ${label} #${n}`,
      () => readHookLog(join(ctx.root, 'hooks.jsonl')).filter((h) => h.label === label)[n - 1], timeoutMs),
    waitForTurnEnd: async (n = 1, timeoutMs = 30000) => {
      await waitUntil(`turn end #${n}`, () =>
        records().filter((r) => r?.type === 'system' && r?.subtype === 'turn_duration' && !r?.isSidechain).length >= n,
      timeoutMs);
    },
    requests: () => readRequestLog(join(ctx.root, 'requests.jsonl')),
    hooks: () => readHookLog(join(ctx.root, 'hooks.jsonl')),
    records,
    sleep,
    exited,
    exit: async () => {
      for (let attempt = 0; attempt < 3 && !exited(); attempt++) {
        try {
          if (attempt > 0) await t('send-keys', '-t', 'cc', 'Escape');
          await t('send-keys', '-t', 'cc', '-l', '/exit');
          await sleep(300);
          await t('send-keys', '-t', 'cc', 'Enter');
        } catch { /* the pane is gone */ }
        try { await waitUntil('the CLI to exit', () => exited(), 6000); } catch { /* try again */ }
      }
      return exited() ? Number(readFileSync(exitFile, 'utf8').trim()) : null;
    },
  };

  const deadline = s.timeoutMs ?? 120000;
  let timer: NodeJS.Timeout | undefined;
  try {
    // Wait for the prompt box.
    await waitUntil('the TUI to be ready', async () => {
      if (exited()) throw new Error(`the CLI exited at start: ${readFileSync(join(ctx.root, 'stderr-tui.txt'), 'utf8')}`);
      const screen = await t('capture-pane', '-p', '-t', 'cc').catch(() => '');
      return /for shortcuts|❯/.test(screen);
    }, 30000, 150);
    await sleep(500);
    await driver.snapshot('ready');
    const driving = s.drive(driver);
    driving.catch(() => { /* reported through the race below */ });
    await Promise.race([
      driving,
      new Promise((_r, reject) => { timer = setTimeout(() => reject(new Error(`TUI drive exceeded ${deadline} ms`)), deadline); }),
    ]);
    if (!exited()) await driver.snapshot('end');
    const code = await driver.exit();
    ctx.invocations.push({ args, exitCode: code, signal: null, stdoutPath: null, stderrPath: join(ctx.root, 'stderr-tui.txt'), timedOut: code === null });
    if (code === null) throw new Error('the TUI did not exit after /exit');
  } catch (err) {
    await driver.snapshot('error').catch(() => '');
    throw err;
  } finally {
    if (timer) clearTimeout(timer);
    await t('kill-server').catch(() => {});
    forgetTmux();
  }
  const first = transcripts()[0];
  ctx.sessionId ??= first ? first.slice(first.lastIndexOf('/') + 1, -'.jsonl'.length) : null;
  return panes;
}

// ---------------------------------------------------------------------------------------------

/**
 * Runs a scenario and returns where everything landed. The run folder stays until
 * result.cleanup() (which keeps it when PROOFMETER_KEEP_RUNS=1). If the run throws, the folder is
 * kept for inspection and its path is in the error message.
 */
export async function runClaude(scenario: Scenario): Promise<RunResult> {
  const bin = await resolveClaudeBin(scenario.claudeBin);
  const parent = scenario.parentDir ?? join(tmpdir(), 'proofmeter-realcli');
  mkdirSync(parent, { recursive: true });
  const root = mkdtempSync(join(parent, `${scenario.name.replace(/[^A-Za-z0-9_-]/g, '_')}-`));
  const home = join(root, 'home');
  const project = join(root, 'proj');
  const tmp = join(root, 'tmp');
  for (const d of [home, join(project, '.claude'), tmp, join(root, 'bin')]) mkdirSync(d, { recursive: true });
  chmodSync(tmp, 0o700);
  writeFileSync(join(root, 'bin', 'log-hook.mjs'), LOG_HOOK_SOURCE);
  const vars = { ROOT: root, PROJECT: project, HOME: home, TMP: tmp };
  writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify(fillPlaceholders(scenario.settings ?? {}, vars), null, 2));
  for (const [rel, text] of Object.entries(scenario.files ?? {})) {
    const p = join(project, rel);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, fillPlaceholders(text, vars));
  }
  scenario.prepare?.({ root, project, home });
  const scriptPath = join(root, 'script.json');
  writeFileSync(scriptPath, JSON.stringify(fillPlaceholders(scenario.script, vars), null, 2));

  const host = await startHost(root, scriptPath);
  const base = { root, home, project, tmp, host, bin, scenario };
  const ctx: RunContext = {
    ...base,
    env: claudeEnv(base, fillPlaceholders(scenario.env ?? {}, vars)),
    invocations: [],
    sessionId: null,
  };
  let panes: string[] = [];
  try {
    if (scenario.mode === 'print') await runPrint(ctx, scenario);
    else if (scenario.mode === 'sdk') await runSdk(ctx, scenario);
    else panes = await runTui(ctx, scenario);
    await sleep(300); // let the last transcript lines land
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    e.message += ` (run folder kept: ${root})`;
    throw e;
  } finally {
    await host.stop();
  }

  const projectsDir = join(home, '.claude', 'projects');
  const { sessions, subagents } = findTranscripts(projectsDir);
  const controlLog = join(root, 'control.jsonl');
  return {
    name: scenario.name,
    mode: scenario.mode,
    root, home, project, tmp, projectsDir,
    transcripts: sessions,
    subagentTranscripts: subagents,
    sessionId: ctx.sessionId,
    requestLog: join(root, 'requests.jsonl'),
    proxyLog: join(root, 'proxy.jsonl'),
    hooksLog: join(root, 'hooks.jsonl'),
    controlLog: existsSync(controlLog) ? controlLog : null,
    panes,
    invocations: ctx.invocations,
    requests: () => readRequestLog(join(root, 'requests.jsonl')),
    hooks: () => readHookLog(join(root, 'hooks.jsonl')),
    records: (file?: string) => {
      const f = file ?? sessions[0];
      return f ? readTranscript(f) : [];
    },
    cleanup: () => {
      if (process.env.PROOFMETER_KEEP_RUNS === '1') return;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
