// The host's side of Accept (the dashboard's button and the Accept Finding… command): VS Code's
// trust, the change open beside (sealedDiff.ts) and the modal whose default accepts nothing
// (confirm.ts) around the flow in acceptFlow.ts, and the CLI's `proofmeter accept`, which records
// the acceptance with its witness.
import * as vscode from 'vscode';
import type { ViewState } from '../protocol';
import { acceptFindingFlow, type AcceptOutcome } from './acceptFlow';
import { CliUnavailableError, runBundledCli } from './cli';
import { confirmChange } from './confirm';
import { showSealedDiff } from './sealedDiff';
import { readSettings } from './settings';

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
        const section = vscode.workspace.getConfiguration('proofmeter');
        const cliPath = readSettings((k) => section.get(k), () => undefined).cliPath;
        try {
          const r = await runBundledCli(extensionPath, ['accept', findingId, '--cwd', workspace], workspace, undefined, cliPath);
          if (r.code === 0) void vscode.window.showInformationMessage(`Proofmeter: ${r.stdout.trim().split('\n')[0] ?? `${findingId} accepted.`}`);
          return r.code === 0 ? null : r.stderr.trim() || `proofmeter accept exited ${r.code}`;
        } catch (e) {
          if (e instanceof CliUnavailableError) return e.message;
          throw e;
        }
      },
    },
    file,
  );
}
