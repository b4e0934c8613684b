// What the headline's two numbers are made of, so every place that shows "4/9" can say why: the
// total is Claude's items plus the steps after them that apply (commit, and push when there is a
// remote), which is why "9 items frozen" (Claude's and the person's) can sit beside "/9". Every
// view says "k/n" and "m open" through here, from the same two numbers, so they always add up.
import { openCount } from './integrityLines';
import type { StageName } from './stages';
import type { Tally } from './tallySchema';

export interface HeadlineParts {
  itemsDone: number;
  items: number;
  stepsDone: number;
  steps: number;
  /** The steps counted, in order ("commit", "push"); a skipped step is not one. */
  stepNames: StageName[];
}

const STEPS: readonly StageName[] = ['commit', 'push'];

/** The headline split into Claude's items and the steps after them (skipped steps are not counted). */
export function headlineParts(t: Pick<Tally, 'headline' | 'stages'>): HeadlineParts {
  const counted = t.stages.filter((s) => STEPS.includes(s.name) && s.state !== 'skipped');
  const stepsDone = counted.filter((s) => s.state === 'done').length;
  return {
    itemsDone: t.headline.done - stepsDone,
    items: t.headline.total - counted.length,
    stepsDone,
    steps: counted.length,
    stepNames: counted.map((s) => s.name),
  };
}

/** "commit and push 0 of 2", "commit 1 of 1", or null when no step applies. */
export function stepsPhrase(p: HeadlineParts): string | null {
  return p.steps ? `${p.stepNames.join(' and ')} ${p.stepsDone} of ${p.steps}` : null;
}

/** "Claude's items 4 of 7, then commit and push 0 of 2". */
export function partsSentence(t: Parameters<typeof headlineParts>[0]): string {
  const p = headlineParts(t);
  const steps = stepsPhrase(p);
  return `Claude's items ${p.itemsDone} of ${p.items}${steps ? `, then ${steps}` : ''}`;
}

/** "4/9: Claude's items 4 of 7, then commit and push 0 of 2". */
export function headlineSentence(t: Parameters<typeof headlineParts>[0]): string {
  return `${t.headline.done}/${t.headline.total}: ${partsSentence(t)}`;
}

/** The verdict in words beside the count: "all done", or "not done, 3 open" (with what else holds it). */
export function verdictPhrase(t: Tally): string {
  return t.verdict === 'done' ? 'all done' : `not done, ${openCount(t)}`;
}
