// Opening a run shows the run: a read-only virtual document (scheme proofmeter-run) built from the
// tally's ledger and the transcript's result line, with "Open Raw Line" beside it, which opens the
// JSONL with that line selected.
import * as vscode from 'vscode';
import { OPEN_RUN } from './commandIds';
import type { Meter } from './meter';
import { runText } from './runText';

export const RUN_SCHEME = 'proofmeter-run';

export function runUri(file: string, line: number): vscode.Uri {
  return vscode.Uri.from({ scheme: RUN_SCHEME, path: `/run at line ${line}.txt`, query: new URLSearchParams({ file, line: String(line) }).toString() });
}

export class RunDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly meter: () => Meter | undefined) {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(RUN_SCHEME, this),
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
    void vscode.window.showInformationMessage(`Proofmeter: the run at line ${line} of its transcript.`, 'Open Raw Line').then((c) => {
      if (c === 'Open Raw Line') void openRawLine(file, line);
    });
    return true;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/** The JSONL at the line, the whole line selected so it stands out. */
async function openRawLine(file: string, line: number): Promise<void> {
  const l = Math.max(0, line - 1);
  await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(l, 0, l + 1, 0), preview: true });
}
