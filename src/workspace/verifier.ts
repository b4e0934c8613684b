// The verifier: re-runs each of Claude's command proofs outside the agent's shell, one at a time,
// in the workspace root (or, with clean, in a temporary `git worktree` at HEAD), in the
// environment recorded when the goal was frozen, and saves what each re-run did. Used by
// `proofmeter verify` and by the stop gate before it lets a session stop; the take-back rule that
// reads the results is the engine's (src/core/evidence/rerun.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Tally } from '../core/tally/tally';
import type { GoalState } from './goalState';
import { chooseEnv, type ChosenEnv } from './goalEnv';
import type { ProofResult } from './runProof';
import { contentKey, gitEnv } from './treeKey';
import { rerunResult } from '../core/evidence/rerun';
import { readReruns, saveReruns, type SavedRerun } from './verifyState';
import { openRerunSandbox, type SandboxKind, type SandboxState } from './rerunSandbox';
import { checkSeal } from './sealRecord/check';

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
  const handed = new Set((tally?.items ?? []).filter((i) => i.handover !== null).map((i) => i.id));
  return goal.items.flatMap((i) => (i.owner === 'claude' && i.proof?.kind === 'command' && !handed.has(i.id) ? [{ id: i.id, proof: i.proof.command }] : []));
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
}

function saved(
  t: ProofTarget,
  r: ProofResult,
  o: { clean: boolean; timeoutMs: number; treeKey: string | null; env: ChosenEnv; by: SavedRerun['by']; sandbox: SandboxKind; tampered: boolean },
): SavedRerun {
  const result = rerunResult(r);
  return {
    id: t.id,
    proof: t.proof,
    ...result,
    // A proof that changed the meter's files fails, whatever it exited: it is the proof that did it.
    outcome: o.tampered && result.outcome === 'pass' ? 'fail' : result.outcome,
    clean: o.clean,
    timeoutMs: o.timeoutMs,
    treeKey: o.treeKey,
    treeKeyAfter: null,
    envDigest: o.env.digest,
    envSource: o.env.source,
    by: o.by,
    sandbox: o.sandbox,
    tampered: o.tampered,
  };
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
  cleanup: () => void;
}

function workTree(o: VerifyOptions): Place {
  return { cwd: o.workspace, key: contentKey(o.workspace, o.env), cleanup: () => undefined };
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
  const out: VerifyRun = { results: [], reused: [], notRun: [], env, error: null, output: new Map(), sandbox: null };
  const place = clean ? cleanCheckout(o) : workTree(o);
  if (typeof place === 'string') return { ...out, error: place };
  const deadline = o.budgetMs === undefined ? Infinity : Date.now() + o.budgetMs;
  const prev = o.reuseFailures && !clean ? readReruns(o.workspace) : [];
  const fresh: SavedRerun[] = [];
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
      sandbox ??= await openRerunSandbox({ workspace: o.workspace, env: o.env, proofEnv: env.env, without: o.withoutSandbox });
      out.sandbox = { kind: sandbox.kind, why: sandbox.why };
      // Checked around every proof, sandbox or not: what the kernel refused cannot show here, and
      // whatever got through (bare, or by a daemon the proof asked) is pinned on the proof that did it.
      const sealBefore = sealFindingIds(o);
      o.onProof?.({ phase: 'start', index, total, target });
      const r = await sandbox.run({ command: target.proof, cwd: place.cwd, env: env.env, timeoutMs, signal: o.signal });
      const tampered = [...sealFindingIds(o)].some((id) => !sealBefore.has(id));
      const s = saved(target, r, { clean, timeoutMs, treeKey: place.key, env, by: o.by, sandbox: sandbox.kind, tampered });
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
    place.cleanup();
  }
  if (fresh.length && !clean && place.key !== null) {
    // What the proofs themselves wrote (a build's output, a report) is content they left; an
    // unchanged tree after that reuses the same results.
    const after = contentKey(o.workspace, o.env);
    if (after !== null && after !== place.key) {
      out.results = out.results.map((s) => ({ ...s, treeKeyAfter: after }));
      saveReruns(o.workspace, out.results);
      return out;
    }
  }
  if (fresh.length) saveReruns(o.workspace, fresh);
  return out;
}
