// proofmeter.notifyOnFailure: a notification when an item turns failed in the session or a
// re-run outside it takes a proof back. Only changes after the first state count, so opening a
// folder whose goal already has failures does not greet the person with them.
import * as vscode from 'vscode';
import type { ViewState } from '../protocol';
import type { CommandId } from './commandIds';
import { newFailures } from './newFailures';

export class FailureNotifier implements vscode.Disposable {
  private last: ViewState | null = null;
  private readonly sub: vscode.Disposable;

  constructor(onDidChange: vscode.Event<ViewState>, enabled: () => boolean) {
    this.sub = onDidChange((s) => {
      const before = this.last;
      this.last = s;
      if (!before?.tally || !enabled()) return;
      const ids = newFailures(before, s);
      if (!ids.length) return;
      const what = ids
        .map((id) => {
          const item = s.tally?.items.find((i) => i.id === id);
          return `${id}${item?.detail ? ` (${item.detail})` : ''}`;
        })
        .join(', ');
      void vscode.window.showWarningMessage(`Proofmeter: ${what} failed.`, 'Open Dashboard').then((c) => {
        if (c === 'Open Dashboard') void vscode.commands.executeCommand('proofmeter.openDashboard' satisfies CommandId, ids[0]);
      });
    });
  }

  dispose(): void {
    this.sub.dispose();
  }
}
