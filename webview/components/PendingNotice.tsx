// Items waiting on a background run (or a run with no result yet): they count only once it ends.
import type { ItemView } from '../../src/protocol';
import { itemDomKey } from '../items';

export function PendingNotice({ items }: { items: ItemView[] }) {
  const pending = items.filter((i) => i.state === 'pending');
  if (!pending.length) return null;
  return (
    <div class="pm-banner pm-banner-pending" role="status">
      <span class="pm-banner-mark" role="img" aria-label="pending">
        ◷
      </span>
      <div>
        <strong>{pending.length === 1 ? 'A run is still pending.' : `${pending.length} runs are still pending.`}</strong> An item
        counts only when its run ends with exit 0.
        <ul class="pm-pending-list">
          {pending.map((i) => (
            <li key={itemDomKey(i)}>
              <span class="pm-id">{i.id}</span>: {i.detail}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
