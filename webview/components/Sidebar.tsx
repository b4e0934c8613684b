// The sidebar evidence browser: the goal, a filter, and the items grouped by who they wait on.
import { useEffect, useRef } from 'preact/hooks';
import type { ViewState } from '../../src/protocol';
import { groupItems, itemDomKey, matchesFilter } from '../items';
import { revealedItem, viewKind, type Reveal } from '../viewKind';
import { FilterBox } from './FilterBox';
import { domIdFor, ItemGroup } from './ItemGroup';
import { PendingNotice } from './PendingNotice';
import { PlanFindings } from './PlanFindings';
import { TallySummary } from './TallySummary';
import { NoPlan } from './NoPlan';
import { ViewFrame } from './ViewFrame';

export interface SidebarProps {
  state: ViewState | null;
  reveal: Reveal | null;
  filter: string;
  expanded: string[];
  onFilter: (value: string) => void;
  onExpanded: (keys: string[]) => void;
}

export function Sidebar({ state, reveal, filter, expanded, onFilter, onExpanded }: SidebarProps) {
  const kind = viewKind(state);
  const tally = kind === 'goal' ? state!.tally : null;
  const open = new Set(expanded);
  const revealed = revealedItem(tally, reveal);
  const revealKey = revealed ? itemDomKey(revealed) : null;
  // One reveal (its seq, for the item as it is now) is acted on once: a later filter or collapse is the person's own.
  const revealToken = revealed && revealKey ? `${reveal?.seq}:${revealKey}` : null;
  const expandedForRef = useRef<string | null>(null);
  const focusedForRef = useRef<string | null>(null);

  // A reveal from the host expands the item, clears a filter that hides it, and moves focus to it.
  useEffect(() => {
    if (!revealed || !revealKey || !revealToken || expandedForRef.current === revealToken) return;
    expandedForRef.current = revealToken;
    if (!matchesFilter(revealed, filter)) onFilter('');
    if (!expanded.includes(revealKey)) onExpanded([...expanded, revealKey]);
  }, [revealToken, revealed, revealKey, filter, expanded, onFilter, onExpanded]);
  useEffect(() => {
    if (!revealed || !revealKey || !revealToken || focusedForRef.current === revealToken) return;
    // Focus once the first effect's filter and expansion have rendered.
    if (!matchesFilter(revealed, filter) || !expanded.includes(revealKey)) return;
    const toggle = document.getElementById(`${domIdFor(revealed)}-toggle`);
    if (!toggle) return;
    focusedForRef.current = revealToken;
    toggle.scrollIntoView?.({ block: 'nearest' });
    toggle.focus();
  }, [revealToken, revealed, revealKey, filter, expanded]);

  const toggle = (key: string) => onExpanded(open.has(key) ? expanded.filter((k) => k !== key) : [...expanded, key]);

  const shown = tally ? tally.items.filter((i) => matchesFilter(i, filter)) : [];
  const groups = groupItems(shown);
  return (
    <ViewFrame state={state} kind={kind} class="pm-sidebar" label="Proofmeter evidence browser">
      {tally ? (
        <>
          <header class="pm-header">
            <h1 class="pm-title">{tally.goal.title ?? 'Untitled plan'}</h1>
            {tally.goal.planPath ? <p class="pm-meta"><code>{tally.goal.planPath}</code></p> : null}
          </header>
          <TallySummary tally={tally} />
          <PendingNotice items={tally.items} />
          <PlanFindings findings={tally.findings} compact />
          {tally.items.length === 0 ? (
            <NoPlan planPath={tally.goal.planPath} />
          ) : (
            <>
              <FilterBox value={filter} shown={shown.length} total={tally.items.length} onInput={onFilter} />
              <ItemGroup id="pm-group-claude" title="Open for Claude" empty="Nothing open for Claude." items={groups.claude} ledger={tally.ledger} expanded={open} revealKey={revealKey} onToggle={toggle} />
              <ItemGroup id="pm-group-person" title="Waiting on you" empty="Nothing waits on you." items={groups.person} ledger={tally.ledger} expanded={open} revealKey={revealKey} onToggle={toggle} />
              <ItemGroup id="pm-group-done" title="Done" empty="Nothing done yet." items={groups.done} ledger={tally.ledger} expanded={open} revealKey={revealKey} onToggle={toggle} />
            </>
          )}
        </>
      ) : null}
    </ViewFrame>
  );
}
