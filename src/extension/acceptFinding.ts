// The host's side of Accept (the dashboard's button and the Accept Finding… command): VS Code's
// trust, the change open beside (sealedDiff.ts) and the modal whose default accepts nothing
// (confirm.ts) around the flow in acceptFlow.ts, and the CLI's `proofmeter accept`, which records
// the acceptance with its witness.
import * as vscode from 'vscode';
import type { ViewState } from '../protocol';
import { acceptFindingFlow, type AcceptOutcome } from './acceptFlow';
import { confirmChange } from './confirm';
import { runPersonCommand } from './personCommand';
import { showSealedDiff } from './sealedDiff';

/** `file`: the file the finding is about (the tally's), whose sealed text is shown beside it now. */
export function acceptFinding(extensionPath: string, cwd: string | null, id: string, shown: ViewState['seal'], file: string | null = null): Promise<AcceptOutcome> {
  return acceptFindingFlow(
    cwd,
    id,
    shown,
    {
      trusted: () => vscode.workspace.isTrusted,
      confirm: confirmChange,
      showChange: (f) => (cwd ? showSealedDiff(cwd, f, `${id}: sealed ↔ now`) : Promise.resolve(false)),
      warn: (message) => void vscode.window.showWarningMessage(message),
      record: async (workspace, findingId) => {
        const r = await runPersonCommand(extensionPath, ['accept', findingId], workspace);
        if (r.error === null) void vscode.window.showInformationMessage(`Proofmeter: ${r.said || `${findingId} accepted.`}`);
        return r.error;
      },
    },
    file,
  );
}
