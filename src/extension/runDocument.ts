// Opening a run shows the run: a read-only virtual document (scheme proofmeter-run) built from the
// tally's ledger and the transcript's result line. Its "Raw record" line is a link to the JSONL at
// that line; no notification comes with each run opened.
import * as vscode from 'vscode';
import { OPEN_RUN } from './commandIds';
import type { Meter } from './meter';
import { rawRecordSpan, runText } from './runText';

export const RUN_SCHEME = 'proofmeter-run';

export function runUri(file: string, line: number): vscode.Uri {
  return vscode.Uri.from({ scheme: RUN_SCHEME, path: `/run at line ${line}.txt`, query: new URLSearchParams({ file, line: String(line) }).toString() });
}

export class RunDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly meter: () => Meter | undefined) {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(RUN_SCHEME, this),
      vscode.languages.registerDocumentLinkProvider({ scheme: RUN_SCHEME }, { provideDocumentLinks: (doc) => rawLineLinks(doc) }),
      // (file, line) from a CodeLens; an evidence tree node ({ run: { file, line } }) from its inline action.
      vscode.commands.registerCommand(OPEN_RUN, (file: unknown, line: unknown) => {
        const run = (file as { run?: { file?: unknown; line?: unknown } | null } | null)?.run;
        return typeof file === 'object' && file !== null ? this.open(run?.file, run?.line) : this.open(file, line);
      }),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const q = new URLSearchParams(uri.query);
    const file = q.get('file') ?? '';
    const line = Number(q.get('line'));
    const m = this.meter();
    const tally = m?.tally();
    if (!m || !tally || !m.isTranscriptFile(file) || !Number.isInteger(line)) return 'This run is not part of the goal’s evidence in this workspace.\n';
    return runText(tally, file, line);
  }

  /** Only a transcript of this workspace, as the webviews' openTranscript. */
  private async open(file: unknown, line: unknown): Promise<boolean> {
    const m = this.meter();
    if (typeof file !== 'string' || typeof line !== 'number' || !m?.isTranscriptFile(file)) return false;
    const doc = await vscode.workspace.openTextDocument(runUri(file, line));
    await vscode.window.showTextDocument(doc, { preview: true });
    return true;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** The "Raw record" line as a link to the transcript at that line (the document's query names both). */
function rawLineLinks(doc: vscode.TextDocument): vscode.DocumentLink[] {
  const q = new URLSearchParams(doc.uri.query);
  const file = q.get('file');
  const line = Number(q.get('line'));
  if (!file || !Number.isInteger(line)) return [];
  const at = rawRecordSpan(doc.getText());
  if (!at) return [];
  const link = new vscode.DocumentLink(new vscode.Range(at.line, at.start, at.line, at.end), vscode.Uri.file(file).with({ fragment: `L${line}` }));
  link.tooltip = 'Open the transcript at this line';
  return [link];
}
