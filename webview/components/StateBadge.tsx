// An item's state as a coloured badge; the word is always visible, the mark is decoration.
import type { ItemView } from '../../src/protocol';
import { stateLabel, stateTone, type Tone } from '../labels';

const MARK: Record<Tone, string> = { passed: '✓', failed: '✗', pending: '◷', neutral: '○' };

export function StateBadge({ state }: { state: ItemView['state'] }) {
  const tone = stateTone(state);
  return (
    <span class={`pm-badge pm-tone-${tone}`} data-state={state}>
      <span class="pm-badge-mark" aria-hidden="true">
        {MARK[tone]}
      </span>
      {stateLabel(state)}
    </span>
  );
}
