// The Close… command (proofmeter.closeItem) for the person's own items: from the items tree's context
// menu (its node), the dashboard (an item id) or the palette (a pick of the open ones). The flow is
// closeFlow.ts; here are VS Code's trust, modal and pick, and the CLI's `proofmeter close`.
import * as vscode from 'vscode';
import { confirmChange } from './confirm';
import { runPersonCommand } from './personCommand';
import { closableByPerson } from '../core/findings/closure';
import { oneLine } from '../core/text/oneLine';
import { CLOSE_ITEM } from './commandIds';
import { closeItemFlow, type CloseOutcome } from './closeFlow';
import type { Meter } from './meter';

/** The item id a caller passed: a tree node ({ id }) or the id itself. */
function idOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && typeof (arg as { id?: unknown }).id === 'string') return (arg as { id: string }).id;
  return undefined;
}

export function registerCloseItem(extensionPath: string, meter: () => Meter | undefined): vscode.Disposable {
  return vscode.commands.registerCommand(CLOSE_ITEM, async (arg: unknown): Promise<CloseOutcome | undefined> => {
    const m = meter();
    const items = m ? ((await m.ensureComputed()).tally?.items ?? []) : [];
    let id = idOf(arg);
    if (!id) {
      const open = items.filter(closableByPerson);
      if (!open.length) {
        void vscode.window.showInformationMessage('Proofmeter: no item of yours is open in this goal.');
        return undefined;
      }
      const pick = await vscode.window.showQuickPick(
        open.map((i) => ({ label: i.id, description: oneLine(i.text, 80), id: i.id })),
        { title: 'Proofmeter: Close Your Item…', placeHolder: 'Which of your items is done?' },
      );
      id = pick?.id;
      if (!id) return undefined;
    }
    const outcome = await closeItemFlow(m?.cwd ?? null, id, items, {
      trusted: () => vscode.workspace.isTrusted,
      // The safe button first: VS Code focuses a modal's first button, so Enter keeps the item open (confirm.ts).
      confirm: (message, detail, button) => confirmChange({ message, detail, action: button, keep: 'Keep It Open' }),
      warn: (message) => void vscode.window.showWarningMessage(message),
      record: async (workspace, itemId) => (await runPersonCommand(extensionPath, ['close', itemId], workspace)).error,
    });
    if (outcome === 'ok') await m?.refresh('item closed');
    return outcome;
  });
}
