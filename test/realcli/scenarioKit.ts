// What every real-CLI scenario file needs around its own story: a project prepared as the person
// leaves it (install, adopt, the gates the scenario is about, the seal carried into the run), the
// scripted model's turns, and readers for what the run left behind (the requests the model was
// sent, the meter's health log, the tally as the person reads it from the repository's bundle,
// never the workspace's copy).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureTmux, netnsUnavailableReason, repoRoot, runClaude, type RequestLogEntry, type RunResult, type Scenario } from './runClaude';
import type { ScriptTurn, ToolUseBlock } from './fakeMessages';
import { ensureClaude } from '../../scripts/setup-claude.mjs';
import { GATES, gateGroup, type HookName } from '../../src/core/install/entries';
import type { Tally } from '../../src/core/tally/tally';
import { carrySeal } from './sealCarry';

export const BUNDLE = join(repoRoot, 'dist', 'proofmeter.js');

/**
 * Python for a model's own Bash call that forges records in its session file: it binds `path` (the
 * newest session file of this HOME) and `recs` (its records), waiting up to 10 s until the file
 * holds an assistant record. At the model's first tool call Claude Code may not have written the
 * file, or may have written only the prompt: a forgery that read it then failed now and then.
 */
export const PY_SESSION_FILE = `import glob, json, os, time
def _records(p):
    out = []
    for line in open(p):
        try: out.append(json.loads(line))
        except ValueError: pass
    return out
path, recs = None, []
for _ in range(100):
    files = sorted(glob.glob(os.path.expanduser('~/.claude/projects/*/*.jsonl')), key=os.path.getmtime)
    if files:
        path = files[-1]
        recs = _records(path)
        if any(r.get('type') == 'assistant' for r in recs): break
    time.sleep(0.1)
`;

// ---------------------------------------------------------------------------------------------
// The meter's CLI, run as the person would

/**
 * The environment of the person's own terminal: no Claude Code marks (the meter would take the
 * CLI for the agent's shell), and the state folder under HOME, where a run keeps the seal's
 * outside copy (sealCarry.ts).
 */
export function personEnv(home?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k === 'CLAUDECODE' || k === 'AI_AGENT' || k === 'XDG_STATE_HOME' || k.startsWith('CLAUDE_CODE_')) delete env[k];
  if (home !== undefined) env.HOME = home;
  return env;
}

export interface PmResult {
  code: number | null;
  out: string;
  err: string;
}

/** Runs the repository's built bundle in a child process. */
export function pm(args: string[], cwd: string, env: NodeJS.ProcessEnv = personEnv()): PmResult {
  const r = spawnSync(process.execPath, [BUNDLE, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The tally as the person reads it after the run. */
export function tallyJson(run: RunResult): Tally {
  const r = pm(['tally', '--cwd', run.project, '--json'], run.project, personEnv(run.home));
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '', 'the tally ran cleanly');
  return JSON.parse(r.out) as Tally;
}

export function tallyText(run: RunResult): string {
  return pm(['tally', '--cwd', run.project], run.project, personEnv(run.home)).out;
}

/** The plan read against the given session files alone, with no receipts: what a forgery would have gained. */
export function unwitnessed(run: RunResult, files: readonly string[] = run.transcripts): Tally {
  const r = pm(['tally', '--plan', join(run.project, 'PLAN.md'), ...files.flatMap((f) => ['--transcript', f]), '--json'], run.project, personEnv(run.home));
  return JSON.parse(r.out) as Tally;
}

export const stateOf = (t: Tally, id: string) => t.items.find((i) => i.id === id)?.state;

// ---------------------------------------------------------------------------------------------
// The project, prepared outside the run

export interface ProjectSpec {
  /** Files written before install, relative to the project (PLAN.md among them for a goal). */
  files?: Record<string, string>;
  /** Extra arguments of `proofmeter install`. */
  installArgs?: string[];
  /**
   * Install with Claude Code's sandbox block (sandbox.test.ts). Off by default: the other scenarios
   * test the layers behind the sandbox on their own (the guard's reading, receipts, the seal), as a
   * platform without the sandbox runs them, and the same on every machine.
   */
  sandbox?: boolean;
  /** `proofmeter adopt PLAN.md` after install (default true), with these extra arguments. */
  adopt?: boolean;
  adoptArgs?: string[];
  /** Keep only these gates' entries in .claude/settings.json, or all but these; the seal is retaken after. */
  only?: HookName[];
  without?: HookName[];
  /**
   * `carry` (the default when adopting): the seal, retaken as the project now stands, with its
   * outside copy handed to the run's HOME. `none`: the seal's files left out, so the run starts
   * unsealed (the default without a goal; with one adopted, a goal with no seal is itself a
   * meter-tampered finding).
   */
  seal?: 'carry' | 'none';
  /** Files under the HOME the seal is taken with (user settings), carried into the run's HOME. */
  home?: Record<string, string>;
}

function listAll(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? listAll(p, base) : [relative(base, p)];
  });
}

/** Settings with only the given gates' entries (for scenarios about some of the gates). */
export function gateHooks(keep: (hook: HookName) => boolean): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const g of GATES.filter((x) => keep(x.hook))) (hooks[g.event] ??= []).push(gateGroup(g));
  return hooks;
}

const SEAL_FILE = /(^|\/)seal[^/]*\.json$/;

/** The project as `proofmeter install` and `proofmeter adopt PLAN.md` leave it, as runClaude files. */
export function preparedProject(spec: ProjectSpec = {}): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'pm-prep-'));
  try {
    mkdirSync(join(dir, '.claude'));
    for (const [rel, text] of Object.entries(spec.files ?? {})) {
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      writeFileSync(join(dir, rel), text);
    }
    const i = pm(['install', '--dir', dir, ...(spec.sandbox ? [] : ['--no-sandbox']), ...(spec.installArgs ?? [])], dir);
    assert.equal(i.code, 0, i.err);
    const adopt = spec.adopt ?? true;
    if (adopt) {
      const a = pm(['adopt', 'PLAN.md', '--cwd', dir, ...(spec.adoptArgs ?? [])], dir);
      assert.equal(a.code, 0, a.err);
    }
    if (spec.only || spec.without) {
      const path = join(dir, '.claude', 'settings.json');
      const keep = (h: HookName) => (spec.only ? spec.only.includes(h) : !spec.without!.includes(h));
      writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), hooks: gateHooks(keep) }, null, 2));
    }
    const seal = spec.seal ?? (adopt ? 'carry' : 'none');
    const out: Record<string, string> = seal === 'carry' ? carrySeal(dir, spec.home) : {};
    for (const rel of listAll(dir)) {
      if (rel.endsWith('.v8cache') || (seal === 'none' && SEAL_FILE.test(rel))) continue;
      out[rel] = readFileSync(join(dir, rel), 'utf8');
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The scripted model's turns

export const toolUse = (name: string, input: Record<string, unknown>): ToolUseBlock => ({ type: 'tool_use', name, input });
/** A Bash call (a block: several make one message with `turn`). */
export const bashCall = (command: string, extra: Record<string, unknown> = {}) => toolUse('Bash', { command, description: 'Run a command', ...extra });
export const turn = (...blocks: ToolUseBlock[]): ScriptTurn => ({ content: blocks });
export const bash = (command: string, extra: Record<string, unknown> = {}) => turn(bashCall(command, extra));
export const write = (file_path: string, content: string) => turn(toolUse('Write', { file_path, content }));
export const edit = (file_path: string, old_string: string, new_string: string) => turn(toolUse('Edit', { file_path, old_string, new_string }));
export const read = (file_path: string) => turn(toolUse('Read', { file_path }));
/** The model claiming to be done, again and again (one reply per stop the gate blocks). */
export const claims = (n: number): ScriptTurn[] => Array.from({ length: n }, (_, i) => ({ text: `All done (${i}).` }));

// ---------------------------------------------------------------------------------------------
// What the model was sent

/** The requests of the scripted conversation (not side queries, token counts or compaction). */
export function threadRequests(run: RunResult, thread?: string): RequestLogEntry[] {
  return run.requests().filter((q) => q.path === '/v1/messages' && q.reply.kind === 'thread' && (thread === undefined || q.reply.thread === thread));
}

interface Message {
  role?: unknown;
  content?: unknown;
}

function record(x: unknown): Record<string, unknown> {
  return typeof x === 'object' && x !== null ? (x as Record<string, unknown>) : {};
}

/** A content block as text: a text block's text, a tool result's content. */
function blockText(block: unknown): string {
  const b = record(block);
  if (b.type === 'text') return typeof b.text === 'string' ? b.text : '';
  if (b.type === 'tool_result') return typeof b.content === 'string' ? b.content : JSON.stringify(b.content ?? '');
  return '';
}

function messageText(m: Message): string {
  return typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map(blockText).join('\n') : '';
}

function userMessages(q: RequestLogEntry): Message[] {
  const body = record(q.body);
  return (Array.isArray(body.messages) ? body.messages : []).map(record).filter((m) => m.role === 'user');
}

/** The text of a request's last user message: the tool results and text the CLI sent after the previous reply. */
export function lastUserText(q: RequestLogEntry): string {
  const last = userMessages(q).at(-1);
  return last ? messageText(last) : '';
}

/** Every user text in a request: the whole conversation's tool results, prompts and block reasons so far. */
export function allUserText(q: RequestLogEntry | undefined): string {
  return q ? userMessages(q).map(messageText).join('\n') : '';
}

/** The tool results of every request, in order, as text. */
export function toolResults(run: RunResult): string[] {
  return threadRequests(run).flatMap((q) => {
    const last = userMessages(q).at(-1);
    return Array.isArray(last?.content) ? last.content.filter((b) => record(b).type === 'tool_result').map(blockText) : [];
  });
}

// ---------------------------------------------------------------------------------------------
// What the meter logged

export interface HealthLine {
  event: string;
  outcome: string;
  session: string | null;
  time: string;
}

export function health(run: RunResult): HealthLine[] {
  const p = join(run.project, '.claude', 'proofmeter', 'health.jsonl');
  return existsSync(p) ? readFileSync(p, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as HealthLine) : [];
}

export function outcomes(run: RunResult, event: string): string[] {
  return health(run).filter((h) => h.event === event).map((h) => h.outcome);
}

/**
 * Every stop held as far as Claude Code's cap allows: each outcome one of `blocked`, except the stop
 * past the cap, which the gate lets through itself with a notice ('allow-cap', hooks/stopGate.ts),
 * never before a block.
 */
export function heldToTheCap(stops: readonly string[], blocked: readonly string[]): boolean {
  return stops.length > 0 && blocked.includes(stops[0]!) && stops.every((o) => blocked.includes(o) || o === 'allow-cap');
}

// ---------------------------------------------------------------------------------------------
// The suite around the runs

export interface RealCli {
  /** Runs a scenario; its folder goes when the suite ends. */
  run(scenario: Scenario): Promise<RunResult>;
  /** The pinned Claude Code CLI, after the suite's `before`. */
  claudeBin(): string;
}

/** Registers, in the calling `describe`, the checks every real-CLI suite needs first and the cleanup after it. */
export function realCliSuite(opts: { tmux?: boolean } = {}): RealCli {
  const runs: RunResult[] = [];
  let bin = '';
  before(async function () {
    const reason = netnsUnavailableReason();
    if (reason) throw new Error(`cannot isolate the CLI from the network here: ${reason}`);
    if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run node esbuild.mjs first`);
    if (opts.tmux) ensureTmux();
    bin = await ensureClaude();
  });
  after(() => runs.forEach((r) => r.cleanup()));
  return {
    async run(scenario) {
      const r = await runClaude(scenario);
      runs.push(r);
      return r;
    },
    claudeBin: () => bin,
  };
}
