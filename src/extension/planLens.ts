// CodeLens on the goal's plan: each item's state in words above its line (why it did not count,
// which the Testing view's gutter icon cannot say); a click shows the run that decided it (or the
// run that did not count): runDocument.ts. The line is found by the item's id in the text as it
// reads now (itemLines.ts), so the lenses stay on their items while the plan is edited.
import * as vscode from 'vscode';
import { OPEN_RUN, type CommandId } from './commandIds';
import { ItemLinesCache } from './itemLines';
import { lensFor } from './lensText';
import type { Meter } from './meter';

export class PlanLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly lines = new ItemLinesCache();

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
    const at = this.lines.get(doc.uri.toString(), doc.version, () => doc.getText(), tally.items.map((i) => i.id));
    return tally.items.flatMap((item) => {
      const line = at.get(item.id);
      if (line === undefined || line > doc.lineCount) return [];
      const lens = lensFor(item, tally);
      const range = new vscode.Range(line - 1, 0, line - 1, 0);
      const command: vscode.Command = lens.run
        ? {
            title: lens.title,
            command: OPEN_RUN,
            arguments: [lens.run.file, lens.run.line],
            tooltip: `Show the run at line ${lens.run.line} of its transcript`,
          }
        : { title: lens.title, command: 'proofmeter.openDashboard' satisfies CommandId, arguments: [item.id], tooltip: 'Open the dashboard at this item' };
      return [new vscode.CodeLens(range, command)];
    });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
