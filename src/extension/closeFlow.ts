// Close… on one of the person's own items (the tree's context menu, the dashboard's button, the
// palette): a modal that names the item, Cancel the default, then the person's word is recorded by
// `proofmeter close ID` (the person-only path with its receipt, as `proofmeter accept` records an
// acceptance), and only in a trusted workspace. No vscode import: closeItem.ts passes the window,
// trust and CLI in, tests pass fakes.
import { closableByPerson } from '../core/findings/closure';
import { oneLine } from '../core/text/oneLine';
import type { ItemJson } from '../core/tally/tallySchema';

export type CloseOutcome = 'ok' | 'refused' | 'cancelled';

export interface CloseDeps {
  trusted: () => boolean;
  /** A modal with one button besides Cancel; true only for that button. */
  confirm: (message: string, detail: string, button: string) => PromiseLike<boolean>;
  warn: (message: string) => void;
  /** Records the close (`proofmeter close ID --cwd WS`); null when recorded, else why not, in one line. */
  record: (workspace: string, id: string) => PromiseLike<string | null>;
}

/** The modal's button for an item: "Close V1". */
export function closeButton(id: string): string {
  return `Close ${id}`;
}

export async function closeItemFlow(cwd: string | null, id: string, items: readonly ItemJson[], deps: CloseDeps): Promise<CloseOutcome> {
  if (!deps.trusted()) {
    deps.warn('Proofmeter: closing an item needs a trusted workspace.');
    return 'refused';
  }
  const item = items.find((i) => i.id === id);
  if (!cwd || !item || !closableByPerson(item)) {
    deps.warn(`Proofmeter: ${oneLine(id, 20)} is not an open item of yours in this goal.`);
    return 'refused';
  }
  const ok = await deps.confirm(
    `Close ${item.id} as done?`,
    `${item.id}: ${oneLine(item.text, 200)}\nProof: ${item.proof || '(none)'}\n\nThis records your word that it is done, with its time, as Accept records an acceptance. Only you can do this: the agent's shell is refused.`,
    closeButton(item.id),
  );
  if (!ok) return 'cancelled';
  const failed = await deps.record(cwd, item.id);
  if (failed !== null) {
    deps.warn(`Proofmeter: ${item.id} was not closed: ${failed}`);
    return 'refused';
  }
  return 'ok';
}
