// The walkthrough's completion keys: each step of `proofmeter.firstGoal` completes on an
// `onContext:` key that the extension sets only when the step's command succeeded (a plan written,
// a check passed, hooks installed, a plan adopted, a /goal line offered), never on the click alone.
// At activation the keys are read from the workspace as it is, so a returning person sees the
// steps they already did. Kept free of the vscode module: the unit tests check these names against
// package.json both ways, and the host tests read back what was set (walkthroughKeys.ts).

/** The step ids of package.json's walkthrough, each with the context key that completes it. */
export const WALKTHROUGH_KEYS = {
  writePlan: 'proofmeter.walkthrough.planWritten',
  checkPlan: 'proofmeter.walkthrough.planChecked',
  installHooks: 'proofmeter.walkthrough.hooksInstalled',
  adoptPlan: 'proofmeter.walkthrough.planAdopted',
  setGoal: 'proofmeter.walkthrough.goalSet',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_KEYS;
export type WalkthroughKey = (typeof WALKTHROUGH_KEYS)[WalkthroughStep];

export const WALKTHROUGH_STEPS = Object.keys(WALKTHROUGH_KEYS) as WalkthroughStep[];

/** The completion event a step's manifest entry names. */
export function completionEvent(step: WalkthroughStep): string {
  return `onContext:${WALKTHROUGH_KEYS[step]}`;
}

/** What the workspace shows at activation, read by the host (walkthroughKeys.ts). */
export interface WorkspaceFacts {
  /** A plan file is there: the goal's, or PLAN.md in the folder. */
  planExists: boolean;
  /** That plan passes Check Plan (items, each with a proof, no findings). */
  planPasses: boolean;
  /** A settings file of the folder runs the meter's runner. */
  hooksInstalled: boolean;
  /** A goal is frozen (by Adopt Plan, `proofmeter adopt`, /goal or a plan approval). */
  goalFrozen: boolean;
}

/**
 * Each step's key at activation. A frozen goal completes both ways to start one (adopting now, or a
 * walk-away /goal session): the person has done what either step is for.
 */
export function keysAtStart(f: WorkspaceFacts): Record<WalkthroughStep, boolean> {
  return {
    writePlan: f.planExists || f.goalFrozen,
    checkPlan: (f.planExists && f.planPasses) || f.goalFrozen,
    installHooks: f.hooksInstalled,
    adoptPlan: f.goalFrozen,
    setGoal: f.goalFrozen,
  };
}

/** The steps a command's result completes; none when the command did not succeed. */
export type CommandResultFacts =
  | { command: 'newPlan'; file: string | undefined }
  | { command: 'checkPlan'; ok: boolean | undefined; items: number | undefined }
  | { command: 'installHooks'; ok: boolean }
  | { command: 'adoptPlan'; code: number | undefined }
  | { command: 'setGoal'; line: string | undefined };

export function stepsDone(r: CommandResultFacts): WalkthroughStep[] {
  switch (r.command) {
    case 'newPlan':
      return r.file ? ['writePlan'] : [];
    case 'checkPlan':
      // A plan that passes is a written plan too; one with problems completes neither.
      return r.ok === true && (r.items ?? 0) > 0 ? ['writePlan', 'checkPlan'] : [];
    case 'installHooks':
      return r.ok ? ['installHooks'] : [];
    case 'adoptPlan':
      return r.code === 0 ? ['adoptPlan'] : [];
    case 'setGoal':
      return r.line ? ['setGoal'] : [];
  }
}
