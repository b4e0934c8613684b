// The verifier: re-runs each of Claude's command proofs outside the agent's shell, one at a time,
// in the workspace root (or, with clean, in a temporary `git worktree` at HEAD), in the
// environment recorded when the goal was frozen, and saves what each re-run did. Used by
// `proofmeter verify` and by the stop gate before it lets a session stop; the take-back rule that
// reads the results is the engine's (src/core/evidence/rerun.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Tally } from '../core/tally/tally';
import type { GoalState } from './goalState';
import { chooseEnv, sessionMarkers, type ChosenEnv } from './goalEnv';
import type { ProofResult } from './runProof';
import { contentKey, gitEnv, keptContentKey } from './treeKey';
import { rerunResult } from '../core/evidence/rerun';
import { countTests, testsRan } from '../core/evidence/testCount';
import { readReruns, saveReruns, type SavedRerun } from './verifyState';
import { openRerunSandbox, type SandboxKind, type SandboxState } from './rerunSandbox';
import { checkSeal } from './sealRecord/check';
import { changedOthers, watchPaths, type ChangedOther, type SealedDeps } from '../core/evidence/proofChangedOther';
import { sealSnapshotSchema } from '../core/seal/snapshot';
import { readSealCopies } from './sealRecord/copies';
import { sealedContentText } from './sealRecord/content';
import { pathState } from './rerunIsolation';
import { protectionNow } from './protectionNow';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { rerunTargets } from './reverifiedStore';

export const DEFAULT_TIMEOUT_MS = 120_000;
/** Below this much budget left, a proof is not started: it could only time out. */
const MIN_SLOT_MS = 1000;

export interface ProofTarget {
  id: string;
  proof: string;
}

/**
 * The proofs the verifier re-runs: Claude's command proofs, never the person's or later items,
 * and not an item Claude handed over (nothing it can run closes that; the person's words do).
 */
export function proofTargets(goal: GoalState, tally: Tally | null): ProofTarget[] {
  return rerunTargets(goal.items, tally);
}

export interface VerifyOptions {
  workspace: string;
  goal: GoalState;
  targets: ProofTarget[];
  /** The runner's own environment: used for git, and for the proofs only when the goal recorded none. */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  by: SavedRerun['by'];
  clean?: boolean;
  /**
   * Reuse a saved re-run that did not pass while the workspace's content is unchanged (the stop
   * gate). A saved pass is never reused: verify.json is a file the agent's shell can write, under a
   * key it can compute, so a forged pass would skip the very re-run a done stop waits on; a saved
   * failure, forged or not, can only keep the stop blocked.
   */
  reuseFailures?: boolean;
  /** Wall-clock budget for all the proofs together; proofs it leaves no time for are not run. */
  budgetMs?: number;
  signal?: AbortSignal;
  /** Run without the sandbox, for this reason, as where none is available (tests). */
  withoutSandbox?: string;
  /** Run each proof in the work tree itself, without its own view, for this reason (tests of the fallback). */
  withoutView?: string;
  /** Called as each proof starts and ends (the CLI's progress lines). */
  onProof?: (event: { phase: 'start' | 'end'; index: number; total: number; target: ProofTarget; result?: SavedRerun; reused?: boolean }) => void;
}

export interface VerifyRun {
  /** One per target that has a result: run now, or reused. */
  results: SavedRerun[];
  reused: string[];
  /** Targets the budget left no time for. */
  notRun: ProofTarget[];
  env: ChosenEnv;
  /** Set when the verifier could not run at all (--clean outside git, a worktree git refused). */
  error: string | null;
  /** Kept output per id of the proofs run now, for the person's terminal; never saved. */
  output: Map<string, Buffer>;
  /** Whether the proofs run now ran in the sandbox, and why not; null when none was run. */
  sandbox: SandboxState | null;
  /** Whether each proof run now ran over its own copy-on-write view ('overlay'), and why not; null when none was run. */
  view: { kind: 'overlay' | null; why: string | null } | null;
  /**
   * Set when the work tree changed while the proofs re-ran and no proof can have done it (each ran
   * over its own view): then none of these re-runs counts, each reads as an error with this reason.
   */
  moved: string | null;
  /** The work tree's content when the re-runs started, and after them when they changed it (treeKey.ts). */
  treeKey: string | null;
  treeKeyAfter: string | null;
}

function saved(
  t: ProofTarget,
  r: ProofResult,
  o: { clean: boolean; timeoutMs: number; treeKey: string | null; env: ChosenEnv; by: SavedRerun['by']; sandbox: SandboxKind; tampered: boolean; changedOther: ChangedOther[] },
): SavedRerun {
  const result = rerunResult(r);
  return {
    id: t.id,
    proof: t.proof,
    ...result,
    // A proof that changed the meter's files, or a file another proof depends on, fails whatever
    // it exited: it is the proof that did it.
    outcome: (o.tampered || o.changedOther.length > 0) && result.outcome === 'pass' ? 'fail' : result.outcome,
    ...(o.changedOther.length ? { changedOther: o.changedOther } : {}),
    clean: o.clean,
    timeoutMs: o.timeoutMs,
    treeKey: o.treeKey,
    treeKeyAfter: null,
    envDigest: o.env.digest,
    envSource: o.env.source,
    by: o.by,
    sandbox: o.sandbox,
    tampered: o.tampered,
    tests: testsRan(countTests(countedText(r))),
  };
}

/**
 * The output the test count reads: what was kept, and the tail past the cap where a summary closes
 * a long output. Only the count is saved (testCount.ts); the text is dropped here.
 */
function countedText(r: ProofResult): string {
  const head = r.output.toString('utf8');
  return r.tail.length ? `${head}\n${r.tail.toString('utf8')}` : head;
}

/**
 * The ids of what the seal check finds now, in the workspace whose meter the proofs must not
 * touch. Read-only (no keepMoved): the gate's own check writes, this one only compares.
 */
function sealFindingIds(o: VerifyOptions): Set<string> {
  return new Set(checkSeal(o.workspace, o.env).findings.map((f) => f.id));
}

/**
 * A saved re-run that still stands for this content: same proof, same environment, same key, and
 * it did not pass (a reused result may only take back, never let a stop through).
 */
export function reusable(prev: readonly SavedRerun[], t: ProofTarget, key: string | null, env: ChosenEnv): SavedRerun | null {
  if (key === null) return null;
  const hit = prev.find((r) => !r.clean && r.id === t.id && r.proof === t.proof && r.envDigest === env.digest && (r.treeKey === key || r.treeKeyAfter === key));
  // A re-run that was cancelled says nothing about the proof; a pass is run again.
  return hit && hit.error !== 'cancelled' && hit.outcome !== 'pass' ? hit : null;
}

interface Place {
  cwd: string;
  key: string | null;
  /** Tracked files whose stat moved since the key was taken (treeKey.ts KeptKey); the work tree's only. */
  stirred?: () => string[] | null;
  cleanup: () => void;
}

/** The meter's own files in the workspace (rerunSandbox.ts deniedPaths), workspace-relative. */
export function isMeterPath(rel: string): boolean {
  return rel === METER_STATE_DIR || rel.startsWith(METER_STATE_DIR + '/') || rel === '.claude/settings.json' || rel === '.claude/settings.local.json';
}

/**
 * Build output is the proofs' to write: a build proof that rewrites `dist/app.js`, which another
 * proof runs, is no finding when git ignores the file (the other proof still ran on the session's
 * own copy, in its own view). Only what git tracks or would add counts; where git cannot say, all counts.
 */
function notIgnored(cwd: string, env: NodeJS.ProcessEnv, changed: ChangedOther[]): ChangedOther[] {
  if (!changed.length) return changed;
  const paths = [...new Set(changed.map((c) => c.path))];
  let ignored: Set<string>;
  try {
    const outText = execFileSync('git', ['check-ignore', '-z', '--stdin'], { cwd, env: gitEnv(env), input: paths.join('\0') + '\0', encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'], timeout: 30_000 });
    ignored = new Set(outText.split('\0').filter((p) => p !== ''));
  } catch (e) {
    // Exit 1: none of them is ignored; any other failure: none is taken as ignored.
    const stdout = (e as { stdout?: unknown }).stdout;
    ignored = new Set(typeof stdout === 'string' ? stdout.split('\0').filter((p) => p !== '') : []);
  }
  return changed.filter((c) => !ignored.has(c.path));
}

/** What each proof depends on, from the seal's content snapshot; none when it cannot be read (the seal check's finding). */
function sealedDeps(o: VerifyOptions): SealedDeps[] {
  try {
    const seal = readSealCopies(o.workspace, o.env).reference;
    const text = seal ? sealedContentText(o.workspace, seal, o.env) : null;
    if (text === null) return [];
    const snap = sealSnapshotSchema.safeParse(JSON.parse(text));
    return snap.success ? snap.data.proofs : [];
  } catch {
    return [];
  }
}

/** The markers the session's Bash calls carried (goalEnv.ts), for the proofs' environment. */
function markers(o: VerifyOptions): Record<string, string> {
  let sandboxed = false;
  try {
    sandboxed = protectionNow(o.workspace, o.env).level !== 'guard only';
  } catch {
    // unreadable settings switch nothing on
  }
  return sessionMarkers(o.env, sandboxed, (dir) => existsSync(dir));
}

function workTree(o: VerifyOptions): Place {
  const kept = keptContentKey(o.workspace, o.env);
  return { cwd: o.workspace, key: kept?.key ?? null, stirred: () => kept?.stirred() ?? null, cleanup: () => kept?.close() };
}

/** A temporary worktree at HEAD, without running the repository's hooks. */
function cleanCheckout(o: VerifyOptions): Place | string {
  const env = gitEnv(o.env);
  const git = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).trim();
  let top: string;
  let head: string;
  try {
    top = git(o.workspace, ['rev-parse', '--show-toplevel']);
  } catch {
    return '--clean needs a git repository';
  }
  try {
    head = git(o.workspace, ['rev-parse', '--verify', 'HEAD']);
  } catch {
    return '--clean needs a commit at HEAD';
  }
  const dir = mkdtempSync(join(tmpdir(), 'pm-clean-'));
  const wt = join(dir, 'tree');
  try {
    git(top, ['-c', 'core.hooksPath=/dev/null', 'worktree', 'add', '--detach', wt, head]);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const status = (e as { status?: unknown }).status;
    return `git worktree add failed (${typeof status === 'number' ? status : 'error'})`;
  }
  return {
    cwd: join(wt, relative(top, o.workspace)),
    key: `head:${head}`,
    cleanup: () => {
      try {
        git(top, ['worktree', 'remove', '--force', wt]);
      } catch {
        // removed below; prune forgets it
      }
      rmSync(dir, { recursive: true, force: true });
      try {
        git(top, ['worktree', 'prune']);
      } catch {
        // a stale entry in .git/worktrees costs nothing
      }
    },
  };
}

export async function verifyProofs(o: VerifyOptions): Promise<VerifyRun> {
  const env = chooseEnv(o.goal.env, o.env);
  const clean = o.clean === true;
  const out: VerifyRun = { results: [], reused: [], notRun: [], env, error: null, output: new Map(), sandbox: null, view: null, moved: null, treeKey: null, treeKeyAfter: null };
  const place = clean ? cleanCheckout(o) : workTree(o);
  if (typeof place === 'string') return { ...out, error: place };
  out.treeKey = place.key;
  const deadline = o.budgetMs === undefined ? Infinity : Date.now() + o.budgetMs;
  const prev = o.reuseFailures && !clean ? readReruns(o.workspace) : [];
  const fresh: SavedRerun[] = [];
  let stirred: string[] | null;
  // Read once the first proof is due: what each depends on, and the markers its environment carries.
  let sealed: SealedDeps[] | null = null;
  let proofEnv: Record<string, string> | null = null;
  try {
    // Opened once the first proof is due: a batch that reuses or skips everything starts nothing.
    let sandbox: Awaited<ReturnType<typeof openRerunSandbox>> | null = null;
    for (const [index, target] of o.targets.entries()) {
      const total = o.targets.length;
      const old = reusable(prev, target, place.key, env);
      if (old) {
        out.results.push(old);
        out.reused.push(target.id);
        o.onProof?.({ phase: 'end', index, total, target, result: old, reused: true });
        continue;
      }
      const left = deadline - Date.now();
      if (o.signal?.aborted || left < MIN_SLOT_MS) {
        out.notRun.push(target);
        continue;
      }
      const timeoutMs = Math.min(o.timeoutMs, left);
      sandbox ??= await openRerunSandbox({ workspace: o.workspace, viewRoot: place.cwd, env: o.env, proofEnv: env.env, without: o.withoutSandbox, withoutView: o.withoutView });
      out.sandbox = { kind: sandbox.kind, why: sandbox.why };
      out.view = { kind: sandbox.view, why: sandbox.viewWhy };
      sealed ??= clean ? [] : sealedDeps(o);
      proofEnv ??= { ...env.env, ...markers(o) };
      // The files the other proofs depend on, as the session left them and as this proof left them:
      // in its own view when it has one (the real tree then stays as it was), else in the tree.
      const watch = watchPaths(target, o.targets, sealed);
      const before = watch.map((p) => pathState(join(place.cwd, p)));
      // Checked around every proof, sandbox or not: what the kernel refused cannot show here, and
      // whatever got through (bare, or by a daemon the proof asked) is pinned on the proof that did it.
      const sealBefore = sealFindingIds(o);
      o.onProof?.({ phase: 'start', index, total, target });
      const r = await sandbox.run({ command: target.proof, cwd: place.cwd, env: proofEnv, timeoutMs, signal: o.signal, watch });
      // Over its own view the write never lands, yet the proof made it: it fails the same way.
      const tampered = [...sealFindingIds(o)].some((id) => !sealBefore.has(id)) || (r.view?.written.some((e) => isMeterPath(e.path)) ?? false);
      const after = r.view ? r.view.after : watch.map((p) => pathState(join(place.cwd, p)));
      const changedOther = notIgnored(place.cwd, o.env, changedOthers(target, o.targets, sealed, watch, before, after));
      const s = saved(target, r, { clean, timeoutMs, treeKey: place.key, env, by: o.by, sandbox: sandbox.kind, tampered, changedOther });
      out.output.set(target.id, r.output);
      o.onProof?.({ phase: 'end', index, total, target, result: s });
      if (r.error === 'cancelled') {
        out.notRun.push(target);
        continue;
      }
      fresh.push(s);
      out.results.push(s);
    }
  } finally {
    // Over views no proof writes the tree, so a tracked file whose times moved was changed by
    // something else while the proofs ran, even one put back as it was (git's stat check).
    stirred = out.view?.kind === 'overlay' && fresh.length ? (place.stirred?.() ?? null) : null;
    place.cleanup();
  }
  if (fresh.length && !clean && place.key !== null) {
    // What the proofs themselves wrote (a build's output, a report) is content they left; an
    // unchanged tree after that reuses the same results.
    const after = contentKey(o.workspace, o.env);
    if (after !== null && out.view?.kind === 'overlay' && (after !== place.key || (stirred?.length ?? 0) > 0)) {
      // Every proof ran over its own view, so none of them wrote the tree: something else did (a
      // process the session started), while the proofs ran on it. Such re-runs prove nothing.
      const named = stirred?.length ? ` (${stirred.slice(0, 3).join(', ')}${stirred.length > 3 ? ', ...' : ''})` : '';
      out.moved = `the work tree changed while the proofs re-ran${named}, and no proof wrote it (each ran over its own copy-on-write view): a process outside the re-runs changed it, so these re-runs do not count`;
      const moved = new Set(fresh);
      out.results = out.results.map((s) => (moved.has(s) ? { ...s, outcome: 'error' as const, exit: null, error: 'the work tree changed during the re-runs (not by a proof)' } : s));
      saveReruns(o.workspace, out.results);
      return out;
    }
    if (after !== null && after !== place.key) {
      out.treeKeyAfter = after;
      out.results = out.results.map((s) => ({ ...s, treeKeyAfter: after }));
      saveReruns(o.workspace, out.results);
      return out;
    }
  }
  if (fresh.length) saveReruns(o.workspace, fresh);
  return out;
}
