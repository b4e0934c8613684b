// The question asked before a goal is replaced: adopting freezes the list anew from now, so every
// proof counted so far stops counting until it runs again. Said before it happens, with the count
// that will go and what changed in the plan. Kept free of the vscode module for the unit tests.
import { planChanges } from '../core/plan/planChanges';

interface Keyed {
  id: string;
  key: string;
}

export interface ReAdoptInput {
  /** The goal frozen now. */
  current: { title: string | null; planPath: string; items: readonly Keyed[] };
  /** Its headline now, when a tally was computed. */
  headline: { done: number; total: number } | null;
  /** The plan about to be adopted: its name as shown, and its items (null when it cannot be read). */
  next: { name: string; samePlan: boolean; items: readonly Keyed[] | null };
}

export const READOPT_BUTTON = 'Adopt and Start Over';

export function reAdoptWarning(input: ReAdoptInput): { message: string; detail: string } {
  const { current, headline, next } = input;
  const message = next.samePlan
    ? `Adopt ${next.name} again? Progress starts over.`
    : `Replace the goal "${current.title ?? current.planPath}" with ${next.name}? Progress starts over.`;
  const lines: string[] = [];
  const again = 'counts again only when its proof runs again';
  lines.push(
    headline && headline.done > 0
      ? `The goal is frozen anew from now, and only runs after that count: of the ${headline.done}/${headline.total} counted so far, each proved item ${again}.`
      : `The goal is frozen anew from now, and only runs after that count: each item ${again}.`,
  );
  if (next.items) {
    const c = planChanges(current.items, next.items);
    const parts: string[] = [];
    if (c.changed.length) parts.push(`Changed after approval: ${c.changed.join(', ')}`);
    if (c.added.length) parts.push(`Added: ${c.added.join(', ')}`);
    if (c.removed.length) parts.push(`Removed: ${c.removed.join(', ')}`);
    if (parts.length) lines.push('', ...parts);
    else if (next.samePlan) lines.push('', 'The plan has not changed since it was approved.');
  }
  return { message, detail: lines.join('\n') };
}
