// An item's state as a coloured badge; the word is always visible, the mark is decoration. An
// unrun item whose proof ran where it cannot count says so instead of "not run".
import { RAN_NOT_COUNTED } from '../../src/core/tally/notCounted';
import type { ItemView } from '../../src/protocol';
import { stateLabel, stateTone, type Tone } from '../labels';

const MARK: Record<Tone, string> = { passed: '✓', failed: '✗', pending: '◷', neutral: '○' };

export function StateBadge({ state, notCounted = false }: { state: ItemView['state']; notCounted?: boolean }) {
  // A run that could not count decides nothing: neutral, never the colour of a failure or a wait.
  const tone = notCounted ? 'neutral' : stateTone(state);
  return (
    <span class={`pm-badge pm-tone-${tone}`} data-state={state} data-shown={notCounted ? 'ran-not-counted' : state}>
      <span class="pm-badge-mark" aria-hidden="true">
        {notCounted ? '⊘' : MARK[tone]}
      </span>
      {notCounted ? RAN_NOT_COUNTED : stateLabel(state)}
    </span>
  );
}
