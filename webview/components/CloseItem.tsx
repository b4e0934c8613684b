// "Close V1…" beside an open item of the person's, in a trusted workspace: it asks the host, which
// confirms with the person in a modal (Cancel the default) and records their word by `proofmeter close`.
import { closableByPerson } from '../../src/core/findings/closure';
import type { ItemView } from '../../src/protocol';
import { useActions } from '../actions';

export function CloseItem({ item }: { item: ItemView }) {
  const actions = useActions();
  if (!closableByPerson(item) || !actions.canRunCommands || !actions.closeItem) return null;
  return (
    <button
      type="button"
      class="pm-button pm-button-secondary pm-close-item"
      title={`Say ${item.id} is done: your word is recorded (you are asked to confirm)`}
      onClick={() => actions.closeItem?.(item.id)}
    >
      Close {item.id}…
    </button>
  );
}
