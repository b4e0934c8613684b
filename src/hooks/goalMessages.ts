// What the hooks say about a frozen goal. The freezing itself is src/workspace/freezeGoal.ts.
import type { PlanFinding } from '../core/types';
import type { GoalState } from '../workspace/goalState';

export function countLine(goal: GoalState): string {
  const claude = goal.items.filter((i) => i.owner === 'claude').length;
  return `${goal.items.length} item${goal.items.length === 1 ? '' : 's'} (${claude} Claude's, ${goal.items.length - claude} for the person or later)`;
}

/** One actionable line per finding. */
export function findingLines(findings: PlanFinding[]): string[] {
  return findings.map((f) => `- line ${f.line}: ${f.message}`);
}

export const PROOF_RULE =
  "An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.";
