// Grouping and filtering of the tally's items for the evidence browser.
import { isOpenForClaude, isOpenForPerson } from '../src/core/tally/format';
import type { ItemView } from '../src/protocol';
import { stateLabel } from './labels';

/**
 * The item's key among the views' elements (list keys, expanded rows, a reveal). Ids can repeat in
 * a refused plan, so it is the id and the plan line; the frozen goal's key is core/plan/itemKey.ts.
 */
export function itemDomKey(item: ItemView): string {
  return `${item.id}@${item.planLine}`;
}

export interface ItemGroups {
  claude: ItemView[];
  person: ItemView[];
  done: ItemView[];
}

/** Open for Claude, waiting on the person, done: every item lands in exactly one group. */
export function groupItems(items: ItemView[]): ItemGroups {
  const groups: ItemGroups = { claude: [], person: [], done: [] };
  for (const item of items) {
    if (isOpenForClaude(item)) groups.claude.push(item);
    else if (isOpenForPerson(item)) groups.person.push(item);
    else groups.done.push(item);
  }
  return groups;
}

/**
 * Case-insensitive match on the id, the item's text, its proof, or its state as the badge says it
 * ("failed", "not run", "handed over") and as the tally names it ("unrun"); an empty query matches all.
 */
export function matchesFilter(item: ItemView, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [item.id, item.text, item.proof, stateLabel(item.state), item.state].some((s) => s.toLowerCase().includes(q));
}
