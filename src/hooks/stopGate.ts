// Stop, the stop gate: while Claude's part of the frozen goal is not done, the stop is blocked and
// the agent is told which items are open and which command proves each. It reads only the
// engine's tally (transcripts, the frozen list, git), never the agent's words. stop_hook_active
// does not open it; Claude Code's own cap on consecutive blocks is the only way past it, and the
// reason says how close that is.
import type { Tally } from '../core/tally/tally';
import { tallyWorkspace } from '../workspace/workspaceTally';
import { HookFault } from '../workspace/health';
import { readGoal } from '../workspace/goalState';
import { blockStop, notice, silent, type HookAnswer } from './answer';
import type { HookContext } from './context';
import { doneOf, openLines } from './ledger';
import { str, type HookInput } from './payload';
import { blockCap, recordBlock, resetBlocks } from './stopState';

/**
 * Room for the budgets of a later issue (turns, cost, wall clock): an exhausted budget lets the
 * session stop with a labelled incomplete report. Nothing sets one yet.
 */
export interface StopBudget {
  exhausted: boolean;
  /** Shown to the person when the stop is let through incomplete. */
  label: string;
}

export type StopDecision = { kind: 'allow'; message: string | null } | { kind: 'block'; reason: string };

export function decideStop(t: Tally, blocks: number, cap: number, budget: StopBudget | null): StopDecision {
  if (t.verdict === 'done') return { kind: 'allow', message: null };
  if (budget?.exhausted) {
    return { kind: 'allow', message: `Proofmeter: stopping INCOMPLETE (${doneOf(t)} done): ${budget.label}.` };
  }
  const capNote =
    blocks < cap
      ? `Stop blocked ${blocks} of ${cap} times in a row (Claude Code's cap).`
      : blocks === cap
        ? `Stop blocked ${blocks} of ${cap} times in a row: Claude Code lets the next stop through, with this work still open.`
        : `Stop blocked ${blocks} times, past Claude Code's cap of ${cap}: Claude Code ends the turn anyway, and the tally stays NOT DONE.`;
  return {
    kind: 'block',
    reason: [
      `Proofmeter: Claude's part of the goal is not done (${doneOf(t)}). Open:`,
      ...openLines(t),
      "Run each proof in this session's own Bash exactly as written; the stop goes through once every one has passed.",
      capNote,
    ].join('\n'),
  };
}

export interface StopDeps {
  tally: (ws: string, env: NodeJS.ProcessEnv) => Tally;
  budget: (ws: string) => StopBudget | null;
}

const defaultDeps: StopDeps = {
  tally: (cwd, env) => tallyWorkspace({ cwd, env }),
  budget: () => null,
};

export function stopGate(input: HookInput, ctx: HookContext, deps: StopDeps = defaultDeps): HookAnswer {
  const session = str(input.session_id) ?? 'unknown';
  const goal = readGoal(ctx.workspace);
  if (goal.kind === 'bad') throw new HookFault('bad-state', goal.error);
  if (goal.kind === 'none') {
    resetBlocks(ctx.workspace, session, ctx.now());
    return silent('no-goal');
  }
  const tally = deps.tally(ctx.workspace, ctx.env);
  if (tally.verdict === 'done') {
    resetBlocks(ctx.workspace, session, ctx.now());
    return silent('allow');
  }
  const budget = deps.budget(ctx.workspace);
  if (budget?.exhausted) {
    const d = decideStop(tally, 0, blockCap(ctx.env), budget);
    resetBlocks(ctx.workspace, session, ctx.now());
    return d.kind === 'allow' && d.message ? notice(d.message, 'allow-budget') : silent('allow-budget');
  }
  const blocks = recordBlock(ctx.workspace, session, str(input.prompt_id), input.stop_hook_active === true, ctx.now());
  const d = decideStop(tally, blocks, blockCap(ctx.env), null);
  return d.kind === 'block' ? blockStop(d.reason) : silent('allow');
}
