// The plan findings that still matter once a list is frozen. A goal can no longer be frozen with a
// proof that cannot fail, but one frozen before that rule existed holds such items as they were
// approved; flagging them again would hold the plan stage (and the status line) at "plan" for the
// whole goal, though nothing in the plan changed. Every other finding, and this one on an item
// edited or added since, still shows.
import type { ParsedPlan, PlanFinding } from '../types';

export function findingsForFrozen(current: ParsedPlan, frozenKeys: ReadonlySet<string>): PlanFinding[] {
  const frozenAt = new Set(current.items.filter((i) => frozenKeys.has(i.key)).map((i) => `${i.id}:${i.line}`));
  return current.findings.filter((f) => !(f.rule === 'cannot-fail' && frozenAt.has(`${f.id}:${f.line}`)));
}
