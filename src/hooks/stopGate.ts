// Stop, the stop gate: while Claude's part of the frozen goal is not done, the stop is blocked and
// the agent is told which items are open and which command proves each. It reads only the
// engine's tally (transcripts, the frozen list, git), never the agent's words. stop_hook_active
// does not open it; Claude Code's own cap on consecutive blocks is the only way past it, and the
// reason says how close that is. Past the cap the gate lets the stop through itself, as Claude Code
// would (2.1.332 honours 8 blocks in a row and overrides the 9th, measured), and tells the person.
import { performance } from 'node:perf_hooks';
import { openCount } from '../core/tally/integrityLines';
import type { Tally } from '../core/tally/tally';
import { isSealedElsewhere, SEALED_ELSEWHERE } from '../core/sealRecord/findings';
import type { GoalState } from '../workspace/goalState';
import { tallyWorkspace } from '../workspace/workspaceTally';
import { HookFault } from '../workspace/health';
import { readGoal } from '../workspace/goalState';
import { blockStop, notice, silent, type HookAnswer } from './answer';
import type { HookContext } from './context';
import { doneOf, openLines } from './ledger';
import { str, type HookInput } from './payload';
import { blockCap, recordBlock, resetBlocks } from './stopState';
import type { StopRerun } from './stopRerun';
import { defaultSealOf, holding, tamperReason, type SealOf } from './sealGate';
import { isAwaitingRerun, OUTSIDE_GIT_KEY, REVERIFIED_VERSION } from '../core/evidence/reverified';
import { clearReverified, goalDigest, rerunTargets, writeReverified } from '../workspace/reverifiedStore';

/** The person's notice when a stop goes through on a goal sealed on another machine. */
export const SEALED_ELSEWHERE_NOTICE = `Proofmeter: this goal was ${SEALED_ELSEWHERE}. The stop goes through and the tally stays NOT DONE until you run \`proofmeter doctor --reseal\` in your own terminal.`;

export type StopDecision = { kind: 'allow' } | { kind: 'block'; reason: string } | { kind: 'cap'; message: string };

export function decideStop(t: Tally, blocks: number, cap: number): StopDecision {
  if (t.verdict === 'done') return { kind: 'allow' };
  if (blocks > cap) return { kind: 'cap', message: capMessage(cap, `Claude's part is still NOT DONE (${openCount(t)})`) };
  return {
    kind: 'block',
    reason: [
      `Proofmeter: Claude's part of the goal is not done (${doneOf(t)}). Open:`,
      ...openLines(t),
      // Handed over: only the person's own words close it; no run of Claude's and no other session's prompt does.
      ...t.items.filter((i) => i.state === 'handed-over').map((i) => `- ${i.id} (handed over: ${i.handover?.why ?? ''}): waiting for the person's own words naming ${i.id}`),
      "Run each proof in this session's own Bash exactly as written; the stop goes through once every one has passed.",
      capNote(blocks, cap),
    ].join('\n'),
  };
}

/** How close this run of blocks is to Claude Code's cap (a run never goes past it: see capMessage). */
export function capNote(blocks: number, cap: number): string {
  if (!Number.isFinite(cap)) return `Stop blocked ${blocks} times in a row (Claude Code's cap is off: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP is 0 or less).`;
  return blocks < cap
    ? `Stop blocked ${blocks} of ${cap} times in a row (Claude Code's cap).`
    : `Stop blocked ${blocks} of ${cap} times in a row: Claude Code lets the next stop through, with this work still open.`;
}

/** The person's notice when the stop after the cap's last block goes through: Claude Code would override a block here. */
export function capMessage(cap: number, state: string): string {
  return `Proofmeter: the stop was blocked ${cap} times in a row, Claude Code's cap, so this one goes through; ${state}.`;
}

/** The stop after the cap's last honoured block: let through, as Claude Code would, and a new run of blocks starts. */
function throughAtCap(ctx: HookContext, session: string, message: string): HookAnswer {
  resetBlocks(ctx.workspace, session, ctx.now());
  return notice(message, 'allow-cap');
}

export interface StopDeps {
  tally: (ws: string, env: NodeJS.ProcessEnv) => Tally;
  /** The verifier's re-run of every proof, once the evidence says done (stopRerun.ts). */
  rerun: (ws: string, env: NodeJS.ProcessEnv, goal: GoalState, t: Tally, spentMs: number) => Promise<StopRerun>;
  /** The seal check (sealRecord/check.ts); tests replace it. */
  seal?: SealOf;
  /** Saves (or, when the re-run did not pass, removes) the re-run record; tests replace it. */
  record?: RecordRerun;
}

export type RecordRerun = (ctx: HookContext, goal: GoalState, tally: Tally, rerun: StopRerun, passed: boolean) => void;

const defaultRecord: RecordRerun = (ctx, goal, tally, rerun, passed) => {
  try {
    clearReverified(ctx.workspace, ctx.env);
    if (!passed) return;
    const digest = goalDigest(ctx.workspace);
    if (digest === null) throw new Error('goal.json could not be read after the re-run');
    writeReverified(ctx.workspace, ctx.env, {
      version: REVERIFIED_VERSION,
      goal: digest,
      treeKey: rerun.treeKey ?? OUTSIDE_GIT_KEY,
      treeKeyAfter: rerun.treeKeyAfter ?? null,
      at: ctx.now().toISOString(),
      proofs: rerunTargets(goal.items, tally),
      sandbox: rerun.sandbox?.kind ?? 'none',
    });
  } catch (e) {
    // An incident, and the stop stays blocked (runHook's fail-safe): the verdict stays open.
    throw new HookFault('io', `the re-run record could not be ${passed ? 'saved' : 'removed'} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
};

const defaultDeps: StopDeps = {
  tally: (cwd, env) => tallyWorkspace({ cwd, env }),
  // Loaded only when the evidence says done: the re-run needs child_process and git.
  rerun: async (ws, env, goal, t, spent) => (await import('./stopRerun')).rerunForStop(ws, env, goal, t, spent),
};

export async function stopGate(input: HookInput, ctx: HookContext, deps: StopDeps = defaultDeps): Promise<HookAnswer> {
  const started = performance.now();
  const session = str(input.session_id) ?? 'unknown';
  // A goal missing (while the seal says one was frozen), corrupt or changed, a changed runner or
  // disarmed settings: blocked before anything else is read, never let through as "no goal".
  const held = holding((deps.seal ?? defaultSealOf)(ctx.workspace, ctx.env));
  if (held.length) {
    const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
    if (blocks > blockCap(ctx.env)) return throughAtCap(ctx, session, capMessage(blockCap(ctx.env), "the meter's files were changed, so nothing counts (proofmeter doctor)"));
    return blockStop(tamperReason(held, capNote(blocks, blockCap(ctx.env))), 'block-tampered');
  }
  const goal = readGoal(ctx.workspace);
  if (goal.kind === 'bad') throw new HookFault('bad-state', goal.error);
  if (goal.kind === 'none') {
    resetBlocks(ctx.workspace, session, ctx.now());
    return silent('no-goal');
  }
  const tally = deps.tally(ctx.workspace, ctx.env);
  // A goal sealed on another machine (a clone): nothing counts here and no run of the agent's changes
  // that, so the stop goes through, NOT DONE, and the person is told the one way to count here.
  if (isSealedElsewhere(tally.integrity)) {
    resetBlocks(ctx.workspace, session, ctx.now());
    return notice(SEALED_ELSEWHERE_NOTICE, 'allow-sealed-elsewhere');
  }
  // The session's evidence says done: the verdict waits on this gate's own re-run (reverified.ts).
  if (tally.verdict === 'done' || isAwaitingRerun(tally)) {
    // The transcript says done; the stop goes through only if every proof passes again outside
    // the agent's shell.
    const rerun = await deps.rerun(ctx.workspace, ctx.env, goal.goal, tally, performance.now() - started);
    // The proofs are the agent's code, run as the person: the seal is checked again after them,
    // in the sandbox too (where the kernel refused the writes, this finds nothing).
    const changed = holding((deps.seal ?? defaultSealOf)(ctx.workspace, ctx.env));
    const passed = changed.length === 0 && rerun.failed.length === 0 && rerun.notRun.length === 0;
    // The record is the verdict's: it stands only on a re-run that passed here, and goes first
    // when one did not, so no take-back depends on a file the agent could make unwritable.
    (deps.record ?? defaultRecord)(ctx, goal.goal, tally, rerun, passed);
    if (changed.length) {
      const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
      if (blocks > blockCap(ctx.env)) return throughAtCap(ctx, session, capMessage(blockCap(ctx.env), "the meter's files were changed, so nothing counts (proofmeter doctor)"));
      return blockStop(tamperReason(changed, capNote(blocks, blockCap(ctx.env))), 'block-tampered');
    }
    if (rerun.failed.length === 0 && rerun.notRun.length === 0) {
      resetBlocks(ctx.workspace, session, ctx.now());
      return silent('allow');
    }
    const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
    if (blocks > blockCap(ctx.env)) return throughAtCap(ctx, session, capMessage(blockCap(ctx.env), 'a proof did not pass again outside the session, so the goal is NOT DONE'));
    const { rerunReason } = await import('./stopRerun');
    return blockStop(rerunReason(rerun, capNote(blocks, blockCap(ctx.env))), 'block-rerun');
  }
  const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
  const d = decideStop(tally, blocks, blockCap(ctx.env));
  return d.kind === 'block' ? blockStop(d.reason) : d.kind === 'cap' ? throughAtCap(ctx, session, d.message) : silent('allow');
}
