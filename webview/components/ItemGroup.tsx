// A group of items in the evidence browser ("Open for Claude", "Waiting on you", "Done").
import { ranNotCounted } from '../../src/core/tally/notCounted';
import type { ItemView, TallyView } from '../../src/protocol';
import { itemDomKey } from '../items';
import { SidebarItem } from './SidebarItem';

export interface ItemGroupProps {
  id: string;
  title: string;
  empty: string;
  items: ItemView[];
  ledger: TallyView['ledger'];
  expanded: ReadonlySet<string>;
  revealKey: string | null;
  onToggle: (key: string) => void;
}

export function domIdFor(item: ItemView): string {
  return `pm-item-${itemDomKey(item).replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function ItemGroup({ id, title, empty, items, ledger, expanded, revealKey, onToggle }: ItemGroupProps) {
  return (
    <section class="pm-group" aria-labelledby={`${id}-title`} data-group={id}>
      <h2 id={`${id}-title`} class="pm-group-title">
        {title} <span class="pm-group-count">({items.length})</span>
      </h2>
      {items.length ? (
        <ul class="pm-items">
          {items.map((item) => {
            const key = itemDomKey(item);
            return (
              <SidebarItem
                key={key}
                item={item}
                domId={domIdFor(item)}
                expanded={expanded.has(key)}
                revealed={revealKey === key}
                notCounted={ranNotCounted(item, ledger)}
                onToggle={() => onToggle(key)}
              />
            );
          })}
        </ul>
      ) : (
        <p class="pm-muted pm-group-empty">{empty}</p>
      )}
    </section>
  );
}
