// Quick fixes for plan findings that are mechanical: an item with a proof but no id is rewritten
// exactly as its finding shows (the next free id after the list marker); a proof that cannot fail
// loses what masks it (`|| true`, a trailing `; echo done`, `&`) or gains `set -o pipefail`; a
// duplicate id becomes the next free one. A rewrite that still holds a <placeholder> is not
// mechanical (the person or Claude must write the proof), so none is offered.
import * as vscode from 'vscode';
import { codeOf, DIAGNOSTIC_SOURCE, type FixLookup } from './planDiagnostics';
import { applyFix, rewriteOf } from './planRewrite';

const FIX_TITLE: Record<string, (to: string) => string> = {
  'cannot-fail': (to) => `Use the proof that can fail: ${to.slice(0, 60)}`,
  'duplicate-id': (to) => `Renumber the item as ${to}`,
};

export class PlanFixes implements vscode.CodeActionProvider, vscode.Disposable {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  private readonly registration: vscode.Disposable;

  constructor(private readonly fixFor: FixLookup) {
    this.registration = vscode.languages.registerCodeActionsProvider({ scheme: 'file', language: 'markdown' }, this, { providedCodeActionKinds: PlanFixes.kinds });
  }

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const out: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      if (d.source !== DIAGNOSTIC_SOURCE) continue;
      const title = FIX_TITLE[codeOf(d)];
      const found = title ? this.fixFor(doc.uri, d) : undefined;
      if (title && found) {
        const line = doc.lineAt(d.range.start.line);
        const fixed = applyFix(line.text, found, codeOf(d));
        if (fixed === null) continue;
        const fix = new vscode.CodeAction(title(found.to), vscode.CodeActionKind.QuickFix);
        fix.edit = new vscode.WorkspaceEdit();
        fix.edit.replace(doc.uri, line.range, fixed);
        fix.diagnostics = [d];
        fix.isPreferred = true;
        out.push(fix);
        continue;
      }
      if (d.code !== 'missing-id') continue;
      const rewritten = rewriteOf(d.message);
      if (!rewritten) continue;
      const line = doc.lineAt(d.range.start.line);
      const indent = /^\s*/.exec(line.text)![0];
      const fix = new vscode.CodeAction(`Give the item its id: ${rewritten.slice(0, 60)}`, vscode.CodeActionKind.QuickFix);
      fix.edit = new vscode.WorkspaceEdit();
      fix.edit.replace(doc.uri, line.range, indent + rewritten);
      fix.diagnostics = [d];
      fix.isPreferred = true;
      out.push(fix);
    }
    return out;
  }

  dispose(): void {
    this.registration.dispose();
  }
}
