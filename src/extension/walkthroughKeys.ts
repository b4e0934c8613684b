// The walkthrough's completion keys as set in this window. VS Code has no way to read a context key
// back, so this records each value it sets (the host tests read it through the extension's API).
// A key only ever goes from false to true here: a step once done stays done, and a command that
// failed leaves its key as it was. setContext is passed in, so this file needs no vscode module.
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { readGoal } from '../workspace/goalState';
import { readPlanFile } from '../workspace/workspaceTally';
import { installedWhere } from './installChoice';
import { keysAtStart, stepsDone, WALKTHROUGH_KEYS, WALKTHROUGH_STEPS, type CommandResultFacts, type WalkthroughStep, type WorkspaceFacts } from './walkthroughSteps';

export type SetContext = (key: string, value: boolean) => unknown;

export class WalkthroughKeys {
  private readonly values = new Map<WalkthroughStep, boolean>();

  constructor(private readonly setContext: SetContext) {}

  private set(step: WalkthroughStep, value: boolean): void {
    if (this.values.get(step) === value) return;
    this.values.set(step, value);
    void this.setContext(WALKTHROUGH_KEYS[step], value);
  }

  /** The keys as the workspace shows them now (activation, or another folder): true stays true. */
  start(facts: WorkspaceFacts): void {
    const at = keysAtStart(facts);
    for (const step of WALKTHROUGH_STEPS) this.set(step, (this.values.get(step) ?? false) || at[step]);
  }

  /** A command finished: the steps its result completes turn true; a failure changes nothing. */
  commandDone(r: CommandResultFacts): void {
    for (const step of stepsDone(r)) this.set(step, true);
  }

  /** A goal appeared (adopted from a terminal, /goal, a plan approval): the steps that lead to one are done. */
  goalFrozen(): void {
    for (const step of ['writePlan', 'checkPlan', 'adoptPlan', 'setGoal'] as const) this.set(step, true);
  }

  /** Each step's key as last set (false when never set). */
  snapshot(): Record<WalkthroughStep, boolean> {
    return Object.fromEntries(WALKTHROUGH_STEPS.map((s) => [s, this.values.get(s) ?? false])) as Record<WalkthroughStep, boolean>;
  }
}

/** What the folder shows for the walkthrough: its plan, whether it passes, the hooks, a goal. */
export function workspaceFacts(cwd: string): WorkspaceFacts {
  const goal = readGoal(cwd);
  const goalPlan = goal.kind === 'ok' ? (isAbsolute(goal.goal.planPath) ? goal.goal.planPath : join(cwd, goal.goal.planPath)) : null;
  const plan = [goalPlan, join(cwd, 'PLAN.md')].find((p): p is string => p !== null && existsSync(p)) ?? null;
  let planPasses = false;
  if (plan) {
    try {
      const parsed = readPlanFile(plan);
      planPasses = parsed.findings.length === 0 && parsed.items.length > 0;
    } catch {
      planPasses = false;
    }
  }
  return { planExists: plan !== null, planPasses, hooksInstalled: installedWhere(cwd).length > 0, goalFrozen: goal.kind === 'ok' };
}
