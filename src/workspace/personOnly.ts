// Only the person freezes or replaces a goal and installs or removes the meter's hooks. Every such
// path asks here first: the CLI commands for a clean one-line refusal, and freezePlan again, so a
// path that forgot to ask is still refused.
import type { HookName } from '../core/install/entries';
import { classifyCaller, type Caller, type ClassifyOptions } from './processAncestry';

export type GateChange = 'goal' | 'hooks' | 'seal' | 'finding' | 'item';

const WHAT_TO_DO: Record<GateChange, string> = {
  goal: "only the person can freeze a goal: run it in your own terminal, or approve a plan in Claude Code's plan mode",
  hooks: "only the person can install or remove the meter's hooks: run it in your own terminal",
  seal: "only the person can accept a change to the meter (reseal) or restore the goal: run it in your own terminal",
  finding: "only the person can accept a finding: they type \"accept F-…\" in Claude Code, press Accept in the dashboard, or run this in their own terminal",
  item: 'only the person can close their own item: they say so in Claude Code, use Close… in VS Code, or run this in their own terminal',
};

/** The one line that refuses a caller, saying why and what to do. */
export function refusalLine(change: GateChange, caller: Caller): string {
  const why = caller.kind === 'nested-hook' ? 'this Claude Code was started from inside another Claude Code session' : `this runs inside the agent's shell: ${caller.why}`;
  return `${WHAT_TO_DO[change]} (${why}).`;
}

/** Whether this caller may change the gate: the person, or a genuine hook of a top-level session. */
export function mayChangeGate(caller: Caller): boolean {
  return caller.kind === 'person' || caller.kind === 'hook';
}

/** The refusal line when the caller may not make this change, else null. */
export function personOnlyRefusal(workspace: string, change: GateChange, hook: HookName | null = null, opts: ClassifyOptions = {}): string | null {
  const caller = classifyCaller(workspace, hook, opts);
  return mayChangeGate(caller) ? null : refusalLine(change, caller);
}

export class NotThePersonError extends Error {
  override name = 'NotThePersonError';
}
