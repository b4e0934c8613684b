// The re-runs (the stop gate's and `proofmeter verify`'s) run code the agent wrote, as hooks or as
// the person, outside Claude Code's own sandbox: a test could rewrite the goal and both copies of
// the seal at the very moment the gate re-runs it. So each proof runs under the same kind of
// write denials Claude Code gives the agent's shell, through the library behind that sandbox
// (@anthropic-ai/sandbox-runtime: bubblewrap on Linux, sandbox-exec on macOS). It pins every
// ancestor of a denied path as a mount point, so renaming `.claude` or the state folder aside is
// refused too, which plain bwrap binds did not do.
//
// What it denies: the meter's state in the workspace, the seal's outside folder, the workspace's
// and the user's Claude Code settings. Everything else stays writable (the project, /tmp, caches
// in $HOME): a re-run wrote anywhere the person can before, and a proof that passes in the
// agent's shell must not fail here for a cache it cannot write. The network is left as it was:
// the library filters it only when it is given an allow list, which would also need its proxy and
// socat, so none is given and the proofs keep the network they had.
//
// Unix sockets stay open (no seccomp filter): Postgres, Docker and test servers use them, and the
// filter is a binary the runner, one self-contained file, could not carry. bwrap is then told to
// refuse nested user namespaces (the library does so whenever the filter is off), so a proof cannot
// build its own view without the denials. A daemon reached through such a socket can still write
// for the proof; the seal check after each re-run (verifier.ts) catches that for the sealed files.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NetworkConfig, SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import type { z } from 'zod';
import { STATE_DIR } from './goalState';
import type { sandboxKindSchema } from './verifyState';
import { bashPath, runProof, type ProofResult, type ProofSpec } from './runProof';
import { sandboxLibrary, type SandboxLibrary } from './sandboxLibrary';
import { overlayPathProblem, overlayRun, overlayTools, type OverlayTools, type ViewResult } from './rerunIsolation';
import { outsideStateDir, realWorkspace } from './sealRecord/paths';
import { claudeConfigDir } from './transcriptFiles';

export type SandboxKind = z.infer<typeof sandboxKindSchema>;

export interface SandboxState {
  kind: SandboxKind;
  /** Why there is none (`bwrap missing`, `not Linux or macOS (win32)`, ...); null in the sandbox. */
  why: string | null;
}

/** One proof to run, with the workspace-relative paths whose state after it is wanted (rerunIsolation.ts). */
export interface IsolatedSpec extends ProofSpec {
  watch?: readonly string[];
}

export interface IsolatedResult extends ProofResult {
  /** What the proof left in its own view of the tree; null when it ran without one. */
  view: ViewResult | null;
}

export interface RerunSandbox extends SandboxState {
  /** 'overlay': each proof runs over a copy-on-write view of the workspace whose writes are discarded; null: in the work tree itself. */
  view: 'overlay' | null;
  /** Why there is no view; null with one. */
  viewWhy: string | null;
  /** Runs one proof: inside the sandbox when there is one, else as runProof runs it; over its own view when there is one. */
  run(spec: IsolatedSpec): Promise<IsolatedResult>;
}

export interface SandboxOptions {
  workspace: string;
  /** The runner's environment, where the seal's outside copy and the user's settings are found. */
  env: NodeJS.ProcessEnv;
  /** The proofs' environment: its HOME may name other copies of the same files. */
  proofEnv: Record<string, string>;
  /** Run without the sandbox, for this reason (tests of the path where none is available). */
  without?: string;
  /** Run in the work tree itself, without a view, for this reason (tests of the fallback). */
  withoutView?: string;
  /** The folder each proof gets its own view of: the workspace, or the clean checkout (verifier.ts); default the workspace. */
  viewRoot?: string;
}

// Fixed places, never the proof's PATH: a `bwrap` the agent put on PATH would run the proof bare.
const BWRAP = ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'];
const RIPGREP = ['/usr/bin/rg', '/bin/rg', '/usr/local/bin/rg'];
const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

/** The paths a re-run may not write, as absolute paths (a missing one is denied from being made). */
export function deniedPaths(o: Pick<SandboxOptions, 'workspace' | 'env' | 'proofEnv'>): string[] {
  const ws = realWorkspace(o.workspace);
  const perHome = (env: NodeJS.ProcessEnv) => [outsideStateDir(env), join(claudeConfigDir(env), 'settings.json'), join(claudeConfigDir(env), 'settings.local.json')];
  const paths = [join(ws, STATE_DIR), join(ws, '.claude', 'settings.json'), join(ws, '.claude', 'settings.local.json'), ...perHome(o.env), ...perHome(o.proofEnv)];
  return [...new Set(paths)];
}

function firstThere(paths: readonly string[]): string | null {
  return paths.find((p) => existsSync(p)) ?? null;
}

/** What the platform offers, before anything is started. */
export function sandboxAvailable(platform: NodeJS.Platform = process.platform): { ok: true; bwrap: string | null; rg: string | null } | { ok: false; why: string } {
  if (platform === 'darwin') return existsSync(SANDBOX_EXEC) ? { ok: true, bwrap: null, rg: null } : { ok: false, why: 'sandbox-exec missing' };
  if (platform !== 'linux') return { ok: false, why: `not Linux or macOS (${platform})` };
  const bwrap = firstThere(BWRAP);
  if (!bwrap) return { ok: false, why: 'bwrap missing' };
  // The library lists the files it always protects (.git/hooks, .bashrc, ...) with ripgrep.
  const rg = firstThere(RIPGREP);
  if (!rg) return { ok: false, why: 'ripgrep missing' };
  return { ok: true, bwrap, rg };
}

/** A word for bash, quoted whole. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

type ViewRun = (spec: IsolatedSpec, inner: string) => Promise<IsolatedResult>;

/**
 * The run over a view: the inner command (bwrap's, or bare bash) inside the overlay's mount
 * namespace. Bare, the namespace also gets a PID namespace and its own /proc (the sandbox's bwrap
 * has both already), so the proof sees no process outside it and nothing it leaves running
 * outlives it.
 */
function viewRunner(tools: OverlayTools, workspace: string, pid: boolean): ViewRun {
  const ws = realWorkspace(workspace);
  const uid = process.getuid?.() ?? 0;
  return async (spec, inner) => {
    const view = overlayRun({ tools, workspace: ws, cwd: spec.cwd, bash: bashPath(), inner, watch: spec.watch ?? [], uid, pid });
    let r: ProofResult;
    try {
      r = await runProof({ ...spec, argv: view.argv });
    } catch (e) {
      view.finish();
      throw e;
    }
    const v = view.finish();
    // A proof that ran outside its view would have written the real tree: it cannot pass.
    if (!v.mounted && r.outcome === 'pass') return { ...r, outcome: 'error', exit: null, error: 'the copy-on-write view could not be made', view: v };
    return { ...r, view: v };
  };
}

function bareCommand(proof: string): string {
  return [bashPath(), '--noprofile', '--norc', '-c', proof].map(shellQuote).join(' ');
}

/** The view this platform and workspace allow, or why none. */
function viewTools(o: SandboxOptions): OverlayTools | string {
  if (o.withoutView !== undefined) return o.withoutView;
  const tools = overlayTools();
  if (typeof tools === 'string') return tools;
  return overlayPathProblem(realWorkspace(o.viewRoot ?? o.workspace)) ?? tools;
}

/** One trivial proof over the view: null when it mounted and passed, else why not. */
async function probeView(run: (spec: IsolatedSpec) => Promise<IsolatedResult>, o: SandboxOptions): Promise<string | null> {
  const probe = await run({ command: 'exit 0', cwd: o.viewRoot ?? o.workspace, env: o.proofEnv, timeoutMs: 10_000 });
  if (probe.view?.mounted && probe.outcome === 'pass') return null;
  return `the copy-on-write view could not be made (${probe.output.toString('utf8').trim().split('\n')[0]?.slice(0, 160) || rerunWords(probe)})`;
}

async function bare(why: string, o: SandboxOptions): Promise<RerunSandbox> {
  const plain: RerunSandbox = { kind: 'none', why, view: null, viewWhy: null, run: async (spec) => ({ ...(await runProof(spec)), view: null }) };
  const tools = viewTools(o);
  if (typeof tools === 'string') return { ...plain, viewWhy: tools };
  const viewRun = viewRunner(tools, o.viewRoot ?? o.workspace, true);
  const run = (spec: IsolatedSpec) => viewRun(spec, bareCommand(spec.command));
  const failed = await probeView(run, o);
  return failed ? { ...plain, viewWhy: failed } : { kind: 'none', why, view: 'overlay', viewWhy: null, run };
}

/**
 * Opens the sandbox for one batch of re-runs (the stop gate's call, one `proofmeter verify`).
 * Nothing is left running between proofs: no proxy, no socat, only the config the library keeps.
 * A sandbox that cannot start here (user namespaces refused, as on some distributions) is no
 * sandbox, said once, rather than every proof failing for it.
 */
export async function openRerunSandbox(o: SandboxOptions): Promise<RerunSandbox> {
  if (o.without !== undefined) return bare(o.without, o);
  const avail = sandboxAvailable();
  if (!avail.ok) return bare(avail.why, o);
  let lib: SandboxLibrary;
  try {
    lib = await sandboxLibrary();
  } catch (e) {
    return bare(`the sandbox library did not load (${(e as Error).message.split('\n')[0] ?? ''})`, o);
  }
  const { SandboxManager } = lib;
  // No `allowedDomains`: its absence is what the library reads as "leave the network alone"
  // (hasNetworkConfig in its sandbox-manager), which its config type does not spell.
  const network: Omit<NetworkConfig, 'allowedDomains'> = { deniedDomains: [], allowAllUnixSockets: true };
  const config: Omit<SandboxRuntimeConfig, 'network'> & { network: typeof network } = {
    network,
    filesystem: { denyRead: [], allowWrite: ['/'], denyWrite: deniedPaths(o) },
    ...(avail.bwrap ? { bwrapPath: avail.bwrap } : {}),
    ...(avail.rg ? { ripgrep: { command: avail.rg } } : {}),
  };
  // updateConfig, not initialize: initialize always starts the network proxy and its socat
  // bridges, which a batch that filters nothing would start and stop for nothing.
  SandboxManager.updateConfig(config as SandboxRuntimeConfig);
  const bash = bashPath();
  const wrap = async (proof: string, cwd: string): Promise<string> => {
    // The library lists the files it always protects (.git/hooks, .vscode, ...) below the
    // process's folder: the proof's own, for the wrap only.
    const was = process.cwd();
    process.chdir(cwd);
    try {
      return await SandboxManager.wrapWithSandbox([bash, '--noprofile', '--norc', '-c', proof].map(shellQuote).join(' '), bash);
    } finally {
      process.chdir(was);
    }
  };
  const tools = viewTools(o);
  const viewRun = typeof tools === 'string' ? null : viewRunner(tools, o.viewRoot ?? o.workspace, false);
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const runIn = async (spec: IsolatedSpec, overView: boolean): Promise<IsolatedResult> => {
    let wrapped: string;
    try {
      wrapped = await wrap(spec.command, spec.cwd);
    } catch (e) {
      const r = await runProof({ ...spec, argv: [bash, '--noprofile', '--norc', '-c', `echo ${shellQuote(`proofmeter: the sandbox could not wrap this proof: ${(e as Error).message.split('\n')[0] ?? ''}`)} >&2; exit 126`] });
      return { ...r, view: null };
    }
    // A run stopped from outside (the Testing view's Stop, Ctrl-C) must not leave the empty files the
    // library made as mount points (an empty .mcp.json in the project): they go, then the signal
    // takes its usual course.
    const stopped = (signal: NodeJS.Signals): void => {
      SandboxManager.cleanupAfterCommand();
      process.kill(process.pid, signal);
    };
    process.once('SIGTERM', stopped);
    process.once('SIGINT', stopped);
    try {
      if (overView && viewRun) return await viewRun(spec, asUser(wrapped, avail.bwrap, uid, gid));
      return { ...(await runProof({ ...spec, argv: [bash, '--noprofile', '--norc', '-c', wrapped] })), view: null };
    } finally {
      process.off('SIGTERM', stopped);
      process.off('SIGINT', stopped);
      // Mount points the library made on the host for denied paths that did not exist.
      SandboxManager.cleanupAfterCommand();
    }
  };
  // One trivial proof first: where bwrap cannot start here, every proof would fail for that.
  const probe = await runIn({ command: 'exit 0', cwd: o.workspace, env: o.proofEnv, timeoutMs: 10_000 }, false);
  if (probe.outcome !== 'pass') return bare(`the sandbox did not start (${probe.output.toString('utf8').trim().split('\n')[0]?.slice(0, 160) || rerunWords(probe)})`, o);
  if (typeof tools === 'string') return { kind: 'kernel', why: null, view: null, viewWhy: tools, run: (spec) => runIn(spec, false) };
  const run = (spec: IsolatedSpec) => runIn(spec, true);
  const failed = await probeView(run, o);
  return failed ? { kind: 'kernel', why: null, view: null, viewWhy: failed, run: (spec) => runIn(spec, false) } : { kind: 'kernel', why: null, view: 'overlay', viewWhy: null, run };
}

/**
 * The sandbox's command for a view made as a user other than root: there the view's namespace
 * maps the user to root, and bwrap is told to map the proof back to the user's own ids.
 */
export function asUser(wrapped: string, bwrap: string | null, uid: number, gid: number): string {
  if (uid === 0 || bwrap === null || !wrapped.startsWith(bwrap + ' ')) return wrapped;
  return `${bwrap} --uid ${uid} --gid ${gid}${wrapped.slice(bwrap.length)}`;
}

function rerunWords(r: ProofResult): string {
  return r.error ?? (r.exit !== null ? `exit ${r.exit}` : (r.signal ?? 'no exit'));
}

/** One line for the person: where the re-runs ran and what guarded the meter's files. */
export function sandboxLine(s: SandboxState): string {
  return s.kind === 'kernel' ? "re-runs ran in the sandbox: writes to the meter's files refused" : `no sandbox here (${s.why ?? 'unknown'}): the seal was checked after the re-runs`;
}
