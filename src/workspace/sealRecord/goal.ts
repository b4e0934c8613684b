// Which goal the tally counts once the seal has been checked: the goal as the person froze it.
// A goal.json that is missing, corrupt or changed is never counted in its place; with the seal's
// copy of the goal gone too, a stand-in with no items keeps the verdict NOT DONE beside the finding.
import type { GoalRead, GoalState } from '../goalState';
import type { SealCheck } from './check';

export function goalToCount(read: GoalRead, check: SealCheck): GoalState | null {
  if (check.sealedGoal) return check.sealedGoal;
  if (read.kind === 'ok') return read.goal;
  const held = check.frozen && check.findings.some((f) => f.severity === 'error');
  if (!held) return null;
  return {
    version: 1,
    planPath: '',
    title: null,
    frozenBy: 'adopt',
    frozenAt: check.seal?.takenAt ?? new Date(0).toISOString(),
    sessionId: null,
    countSdkPrompts: false,
    items: [],
  };
}
