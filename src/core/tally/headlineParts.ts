// What the headline's two numbers are made of, so every place that shows "4/10" can say why: the
// total is Claude's items plus three steps (commit, push, close), which is why "9 items frozen"
// (Claude's and the person's) can sit beside "/10".
import { stageCounts, type StageName } from './stages';
import type { Tally } from './tallySchema';

export interface HeadlineParts {
  itemsDone: number;
  items: number;
  stepsDone: number;
  steps: number;
}

const STEPS: readonly StageName[] = ['commit', 'push', 'close'];

/** The headline split into Claude's items and the three steps after them (they count when done or skipped). */
export function headlineParts(t: Pick<Tally, 'headline' | 'stages'>): HeadlineParts {
  const stepsDone = t.stages.filter((s) => STEPS.includes(s.name) && stageCounts(s)).length;
  return { itemsDone: t.headline.done - stepsDone, items: t.headline.total - STEPS.length, stepsDone, steps: STEPS.length };
}

/** "4/10: Claude's items 4 of 7, then commit, push and close 0 of 3". */
export function headlineSentence(t: Parameters<typeof headlineParts>[0]): string {
  const p = headlineParts(t);
  return `${t.headline.done}/${t.headline.total}: Claude's items ${p.itemsDone} of ${p.items}, then commit, push and close ${p.stepsDone} of ${p.steps}`;
}
