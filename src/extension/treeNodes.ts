// The native evidence browser's nodes (the proofmeter.items TreeView): the goal's items grouped by
// state, each with a ThemeIcon id and a one-line description, and the open count for the view's
// badge. Kept free of the vscode module so it reads as plain data; evidenceTree.ts renders it.
import { closableByPerson } from '../core/findings/closure';
import { isOpenForPerson } from '../core/tally/format';
import { partsSentence } from '../core/tally/headlineParts';
import { ledgerReasonText, RAN_NOT_COUNTED, ranNotCounted } from '../core/tally/notCounted';
import type { ItemJson, Tally } from '../core/tally/tally';
import { oneLine } from '../core/text/oneLine';
import { lensFor } from './lensText';

export const ITEMS_VIEW = 'proofmeter.items';
/** Whether the folder has a goal: the items view's welcome content (viewsWelcome) shows while it has none. */
export const HAS_GOAL_KEY = 'proofmeter.hasGoal';

export type GroupKey = 'proved' | 'failed' | 'pending' | 'not-counted' | 'unrun' | 'yours';

export interface TreeIcon {
  id: string;
  /** A theme colour id, or null for the default foreground. */
  color: string | null;
}

export interface ItemNode {
  kind: 'item';
  id: string;
  group: GroupKey;
  label: string;
  description: string;
  tooltip: string;
  icon: TreeIcon;
  planLine: number;
  /** The run the inline "open run" action shows (the deciding run, or the one that did not count). */
  run: { file: string; line: number } | null;
  /** An open item of the person's: its context menu offers Close… (core/findings/closure.ts). */
  closable: boolean;
}

export interface GroupNode {
  kind: 'group';
  key: GroupKey;
  label: string;
  description: string;
  icon: TreeIcon;
  items: ItemNode[];
}

export interface TreeModel {
  groups: GroupNode[];
  badge: { value: number; tooltip: string } | null;
  /** Shown above the tree: a fault, or a goal with no items. With no goal the view's welcome content (package.json viewsWelcome) speaks instead. */
  message: string | null;
}

const GROUPS: Record<GroupKey, { label: string; icon: TreeIcon }> = {
  proved: { label: 'Proved', icon: { id: 'pass', color: 'testing.iconPassed' } },
  failed: { label: 'Failed', icon: { id: 'error', color: 'testing.iconFailed' } },
  pending: { label: 'Pending', icon: { id: 'watch', color: 'testing.iconQueued' } },
  'not-counted': { label: 'Ran, did not count', icon: { id: 'circle-slash', color: 'problemsInfoIcon.foreground' } },
  unrun: { label: 'Not run', icon: { id: 'circle-large-outline', color: null } },
  yours: { label: 'Yours', icon: { id: 'person', color: null } },
};
const ORDER: GroupKey[] = ['proved', 'failed', 'pending', 'not-counted', 'unrun', 'yours'];

export function groupOf(i: ItemJson, t: Pick<Tally, 'ledger'>): GroupKey {
  if (isOpenForPerson(i)) return 'yours';
  switch (i.state) {
    case 'proved':
    case 'closed':
      return 'proved';
    case 'failed':
      return 'failed';
    case 'pending':
      return 'pending';
    case 'unrun':
      return ranNotCounted(i, t.ledger) ? 'not-counted' : 'unrun';
    default:
      return 'yours';
  }
}

/** The item's own words: without its id in front ("S1. ", "**S1**") or its proof at the end. */
export function itemTitle(i: Pick<ItemJson, 'id' | 'text'>): string {
  const id = i.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const t = i.text
    .replace(/\s*\bProof:[\s\S]*$/, '')
    .replace(new RegExp(`^[\\s*_]*${id}[\\s*_.:)\u2014\u2013-]*`), '')
    .trim();
  return t || i.text;
}

function itemNode(i: ItemJson, t: Tally): ItemNode {
  const group = groupOf(i, t);
  const lens = lensFor(i, t);
  // The lens words without their mark ("✓ proved · exit 0 · 10:42" → "proved · exit 0 · 10:42").
  const state = lens.title.replace(/^[^\p{L}]+/u, '');
  const nc = ranNotCounted(i, t.ledger);
  const why = nc ? `${RAN_NOT_COUNTED}: ${ledgerReasonText(nc.reason)}` : i.state === 'handed-over' ? `handed over: ${i.handover?.why ?? ''}` : state;
  const tooltip = [`${i.id} · ${oneLine(i.text, 200)}`, why, i.proof ? `proof: ${i.proof}` : '', i.detail && !why.includes(i.detail) ? i.detail : '']
    .filter(Boolean)
    .join('\n');
  return {
    kind: 'item',
    id: i.id,
    group,
    label: `${i.id} ${oneLine(itemTitle(i), 60)}`,
    description: i.proof ? `${state} · ${oneLine(i.proof, 80)}` : state,
    tooltip,
    icon: i.state === 'closed' ? { id: 'comment', color: 'testing.iconPassed' } : GROUPS[group].icon,
    planLine: i.planLine,
    run: lens.run,
    closable: closableByPerson(i),
  };
}

export function treeModel(t: Tally | null, opts: { fault?: string | null } = {}): TreeModel {
  if (!t) return { groups: [], badge: null, message: opts.fault ? `Proofmeter cannot read the goal: ${opts.fault}` : null };
  const nodes = t.items.map((i) => itemNode(i, t));
  const groups: GroupNode[] = ORDER.map((key) => {
    const items = nodes.filter((n) => n.group === key);
    return { kind: 'group' as const, key, label: GROUPS[key].label, description: String(items.length), icon: GROUPS[key].icon, items };
  }).filter((g) => g.items.length > 0);
  const badge = t.open > 0 ? { value: t.open, tooltip: `${t.open} open, ${t.headline.done}/${t.headline.total} done: ${partsSentence(t)}` } : null;
  return { groups, badge, message: t.items.length ? null : 'The goal has no items.' };
}
