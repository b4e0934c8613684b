// CodeLens on the goal's plan: each item's state above its line, the way the Testing view marks
// tests; a click shows the run that decided it (or the run that did not count): runDocument.ts.
import * as vscode from 'vscode';
import { lensFor } from './lensText';
import type { Meter } from './meter';

export class PlanLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];

  constructor(private readonly meter: () => Meter | undefined) {
    this.disposables.push(vscode.languages.registerCodeLensProvider({ scheme: 'file', language: 'markdown' }, this));
  }

  /** The meter's state changed: the lenses follow. */
  refresh(): void {
    this.changed.fire();
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const m = this.meter();
    const tally = m?.ready ? m.tally() : null;
    if (!m || !tally || m.planPath() !== doc.uri.fsPath) return [];
    return tally.items
      .filter((i) => i.planLine >= 1 && i.planLine <= doc.lineCount)
      .map((item) => {
        const lens = lensFor(item, tally);
        const range = new vscode.Range(item.planLine - 1, 0, item.planLine - 1, 0);
        const command: vscode.Command = lens.run
          ? {
              title: lens.title,
              command: 'proofmeter.openRun',
              arguments: [lens.run.file, lens.run.line],
              tooltip: `Show the run at line ${lens.run.line} of its transcript`,
            }
          : { title: lens.title, command: 'proofmeter.openDashboard', arguments: [item.id], tooltip: 'Open the dashboard at this item' };
        return new vscode.CodeLens(range, command);
      });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
