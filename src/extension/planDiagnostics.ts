// Plan files get their check-plan findings in the Problems panel, on the item's line, with the
// finding's rule as the code: when a plan is opened, saved, or checked by a command. A plan is a
// Markdown file named like one (PLAN.md, my-plan.md), the goal's own plan, or one of Claude Code's
// plans. The text is read with the parser adopt, the plan gate and `/goal` use.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { PlanFinding } from '../core/types';
import { parsePlanText } from '../workspace/planParser';
import { onPath } from '../workspace/sandboxSupport';
import { NOT_ON_PATH, pathWarnings } from './planPathCheck';

export const DIAGNOSTIC_SOURCE = 'Proofmeter';

/** A published finding's mechanical fix, found again by the quick fix from the diagnostic it was given. */
export type FixLookup = (uri: vscode.Uri, d: vscode.Diagnostic) => PlanFinding['fix'] | undefined;

/** A diagnostic's code as the string this file gives it (a rule name); '' for any other. */
export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'string' || typeof d.code === 'number' ? String(d.code) : '';
}

export class PlanDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('proofmeter');
  private readonly disposables: vscode.Disposable[] = [this.collection];
  /** Per document: "line:code:message" → the fix (the quick fix is handed a copy of the diagnostic, not the same object). */
  private readonly fixes = new Map<string, Map<string, NonNullable<PlanFinding['fix']>>>();

  readonly fixFor: FixLookup = (uri, d) => this.fixes.get(uri.toString())?.get(`${d.range.start.line}:${codeOf(d)}:${d.message}`);

  /** goalPlan: the goal's plan file (absolute), whatever its name. */
  constructor(private readonly goalPlan: () => string | null) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => this.checkIfPlan(d)),
      vscode.workspace.onDidSaveTextDocument((d) => this.checkIfPlan(d)),
      // As the plan is edited, not only on save: a fixed line clears its problem at once, and a
      // plan checked by a command (whatever its name) keeps being checked while it has problems.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && (this.isPlan(e.document.uri) || this.collection.has(e.document.uri))) this.set(e.document.uri, e.document.getText());
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.collection.delete(d.uri);
        this.fixes.delete(d.uri.toString());
      }),
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
    const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath ?? dirname(uri.fsPath);
    const nearby = (name: string): string | null => ['', 'scripts', 'bin'].map((d) => join(d, name)).find((rel) => existsSync(join(folder, rel)))?.replace(/^/, './') ?? null;
    const missing = pathWarnings(plan.items, (name) => onPath(name, process.env), nearby).map((w) => {
      const d = diag({ id: w.id, rule: 'bare-name', line: w.line, message: w.message }, vscode.DiagnosticSeverity.Warning);
      d.code = NOT_ON_PATH;
      return d;
    });
    const fixes = new Map<string, NonNullable<PlanFinding['fix']>>();
    for (const f of plan.findings) {
      if (!f.fix) continue;
      const d = diag(f, vscode.DiagnosticSeverity.Error);
      fixes.set(`${d.range.start.line}:${f.rule}:${f.message}`, f.fix);
    }
    this.fixes.set(uri.toString(), fixes);
    this.collection.set(uri, [
      ...plan.findings.map((f) => diag(f, vscode.DiagnosticSeverity.Error)),
      ...plan.warnings.map((f) => diag(f, vscode.DiagnosticSeverity.Warning)),
      ...missing,
    ]);
    return plan.findings.length;
  }

  dispose(): void {
    clearTimeout(this.initial);
    for (const d of this.disposables) d.dispose();
  }
}
