// Stop, the stop gate: while Claude's part of the frozen goal is not done, the stop is blocked and
// the agent is told which items are open and which command proves each. It reads only the
// engine's tally (transcripts, the frozen list, git), never the agent's words. stop_hook_active
// does not open it; Claude Code's own cap on consecutive blocks is the only way past it, and the
// reason says how close that is.
import { performance } from 'node:perf_hooks';
import type { Tally } from '../core/tally/tally';
import { isSealedElsewhere, SEALED_ELSEWHERE } from '../core/sealRecord/findings';
import type { GoalState } from '../workspace/goalState';
import { tallyWorkspace } from '../workspace/workspaceTally';
import { HookFault } from '../workspace/health';
import { readGoal } from '../workspace/goalState';
import { blockStop, silent, type HookAnswer } from './answer';
import type { HookContext } from './context';
import { doneOf, openLines } from './ledger';
import { str, type HookInput } from './payload';
import { blockCap, recordBlock, resetBlocks } from './stopState';
import type { StopRerun } from './stopRerun';
import { defaultSealOf, holding, tamperReason, type SealOf } from './sealGate';

export type StopDecision = { kind: 'allow' } | { kind: 'block'; reason: string };

export function decideStop(t: Tally, blocks: number, cap: number): StopDecision {
  if (t.verdict === 'done') return { kind: 'allow' };
  // No run of the agent's clears it: only the person's reseal here does, so the agent is told to say so.
  const elsewhere = isSealedElsewhere(t.integrity)
    ? [`Proofmeter: this goal came with the checkout and was ${SEALED_ELSEWHERE}. Nothing counts here until the person runs \`proofmeter doctor --reseal\` in their own terminal; tell the person, and do not edit the meter's files.`]
    : [];
  return {
    kind: 'block',
    reason: [
      ...elsewhere,
      `Proofmeter: Claude's part of the goal is not done (${doneOf(t)}). Open:`,
      ...openLines(t),
      // Handed over: only the person's own words close it; no run of Claude's and no other session's prompt does.
      ...t.items.filter((i) => i.state === 'handed-over').map((i) => `- ${i.id} (handed over: ${i.handover?.why ?? ''}): waiting for the person's own words naming ${i.id}`),
      "Run each proof in this session's own Bash exactly as written; the stop goes through once every one has passed.",
      capNote(blocks, cap),
    ].join('\n'),
  };
}

/** How close this run of blocks is to Claude Code's cap. */
export function capNote(blocks: number, cap: number): string {
  if (!Number.isFinite(cap)) return `Stop blocked ${blocks} times in a row (Claude Code's cap is off: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP is 0 or less).`;
  return blocks < cap
    ? `Stop blocked ${blocks} of ${cap} times in a row (Claude Code's cap).`
    : blocks === cap
      ? `Stop blocked ${blocks} of ${cap} times in a row: Claude Code lets the next stop through, with this work still open.`
      : `Stop blocked ${blocks} times, past Claude Code's cap of ${cap}: Claude Code ends the turn anyway, and the tally stays NOT DONE.`;
}

export interface StopDeps {
  tally: (ws: string, env: NodeJS.ProcessEnv) => Tally;
  /** The verifier's re-run of every proof, once the evidence says done (stopRerun.ts). */
  rerun: (ws: string, env: NodeJS.ProcessEnv, goal: GoalState, t: Tally, spentMs: number) => Promise<StopRerun>;
  /** The seal check (sealRecord/check.ts); tests replace it. */
  seal?: SealOf;
}

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
    return blockStop(tamperReason(held, capNote(blocks, blockCap(ctx.env))), 'block-tampered');
  }
  const goal = readGoal(ctx.workspace);
  if (goal.kind === 'bad') throw new HookFault('bad-state', goal.error);
  if (goal.kind === 'none') {
    resetBlocks(ctx.workspace, session, ctx.now());
    return silent('no-goal');
  }
  const tally = deps.tally(ctx.workspace, ctx.env);
  if (tally.verdict === 'done') {
    // The transcript says done; the stop goes through only if every proof passes again outside
    // the agent's shell.
    const rerun = await deps.rerun(ctx.workspace, ctx.env, goal.goal, tally, performance.now() - started);
    // The proofs are the agent's code, run as the person: the seal is checked again after them,
    // in the sandbox too (where the kernel refused the writes, this finds nothing).
    const changed = holding((deps.seal ?? defaultSealOf)(ctx.workspace, ctx.env));
    if (changed.length) {
      const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
      return blockStop(tamperReason(changed, capNote(blocks, blockCap(ctx.env))), 'block-tampered');
    }
    if (rerun.failed.length === 0 && rerun.notRun.length === 0) {
      resetBlocks(ctx.workspace, session, ctx.now());
      return silent('allow');
    }
    const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
    const { rerunReason } = await import('./stopRerun');
    return blockStop(rerunReason(rerun, capNote(blocks, blockCap(ctx.env))), 'block-rerun');
  }
  const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
  const d = decideStop(tally, blocks, blockCap(ctx.env));
  return d.kind === 'block' ? blockStop(d.reason) : silent('allow');
}
