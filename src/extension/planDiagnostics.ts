// Plan files get their check-plan findings in the Problems panel, on the item's line, with the
// finding's rule as the code: when a plan is opened, saved, or checked by a command. A plan is a
// Markdown file named like one (PLAN.md, my-plan.md), the goal's own plan, or one of Claude Code's
// plans. The text is read with the parser adopt, the plan gate and `/goal` use.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { PlanFinding } from '../core/types';
import { parsePlanText } from '../workspace/planParser';

export const DIAGNOSTIC_SOURCE = 'Proofmeter';

export class PlanDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('proofmeter');
  private readonly disposables: vscode.Disposable[] = [this.collection];

  /** goalPlan: the goal's plan file (absolute), whatever its name. */
  constructor(private readonly goalPlan: () => string | null) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.checkIfPlan(d)),
      vscode.workspace.onDidSaveTextDocument((d) => this.checkIfPlan(d)),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
    );
    // After activation: the parser is loaded on first use, and activation stays cheap.
    this.initial = setTimeout(() => {
      for (const d of vscode.workspace.textDocuments) this.checkIfPlan(d);
    }, 0);
  }

  private readonly initial: ReturnType<typeof setTimeout>;

  isPlan(uri: vscode.Uri): boolean {
    if (uri.scheme !== 'file' || !uri.fsPath.toLowerCase().endsWith('.md')) return false;
    return /plan/i.test(basename(uri.fsPath)) || uri.fsPath === this.goalPlan() || /[\\/]\.claude[\\/]plans[\\/]/.test(uri.fsPath);
  }

  private checkIfPlan(doc: vscode.TextDocument): void {
    if (this.isPlan(doc.uri)) this.set(doc.uri, doc.getText());
  }

  /** Checks a plan's text (a document's, or a file's read by the caller) and publishes its findings; returns their count. */
  set(uri: vscode.Uri, text: string): number {
    const plan = parsePlanText(text);
    const lines = text.split('\n');
    const diag = (f: PlanFinding, severity: vscode.DiagnosticSeverity): vscode.Diagnostic => {
      const line = Math.max(0, Math.min(f.line - 1, lines.length - 1));
      const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, (lines[line] ?? '').replace(/\r$/, '').length), f.message, severity);
      d.code = f.rule;
      d.source = DIAGNOSTIC_SOURCE;
      return d;
    };
    this.collection.set(uri, [
      ...plan.findings.map((f) => diag(f, vscode.DiagnosticSeverity.Error)),
      ...plan.warnings.map((f) => diag(f, vscode.DiagnosticSeverity.Warning)),
    ]);
    return plan.findings.length;
  }

  dispose(): void {
    clearTimeout(this.initial);
    for (const d of this.disposables) d.dispose();
  }
}
