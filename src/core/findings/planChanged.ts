// `plan-changed` (info): the plan file no longer says what was frozen. The frozen list still
// counts; this says that the file on disk, which people read, moved away from it: items added
// after the freeze (never counted), items removed, and items reworded (the same id, other text),
// as plan/planChanges.ts tells them apart for the dashboard.
import { planChanges } from '../plan/planChanges';
import type { PlanItem } from '../types';
import { findingId, type Finding } from './finding';

export function planChangedFindings(frozen: readonly PlanItem[], current: readonly PlanItem[] | null, planFile: string): Finding[] {
  if (current === null) return [];
  const c = planChanges(frozen, current);
  if (!c.added.length && !c.removed.length && !c.changed.length) return [];
  const name = (ids: readonly string[]) => ids.map((id) => id || '(an item without an id)').join(' ');
  const parts = [c.added.length ? `added ${name(c.added)}` : '', c.removed.length ? `removed ${name(c.removed)}` : '', c.changed.length ? `reworded ${name(c.changed)}` : ''].filter(Boolean);
  const frozenKeys = new Set(frozen.map((i) => i.key));
  const fresh = current.filter((i) => !frozenKeys.has(i.key));
  const gone = frozen.filter((i) => !current.some((x) => x.key === i.key));
  return [
    {
      // The same changes keep the same id; another change is another finding.
      id: findingId('plan-changed', [...fresh, ...gone].map((i) => i.key).sort().join('\n')),
      kind: 'plan-changed',
      severity: 'info',
      message: `The plan file was edited after the goal was frozen (${parts.join('; ')}); the frozen list still counts.`,
      action: 'To count the new list, adopt the plan again (`proofmeter adopt PLAN.md`, or approve it in plan mode).',
      file: planFile,
      line: fresh[0]?.line ?? null,
      evidence: null,
    },
  ];
}
