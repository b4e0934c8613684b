// The host's side of the dashboard's Dismiss button: VS Code's trust and modal dialog around the flow
// in dismissFlow.ts, and the CLI's `proofmeter accept`, which records the decision with its witness.
import * as vscode from 'vscode';
import { confirmChange } from './confirm';
import type { ViewState } from '../protocol';
import { CliUnavailableError, runBundledCli } from './cli';
import { DISMISS_BUTTON, dismissFindingFlow, type DismissOutcome } from './dismissFlow';
import { readSettings } from './settings';

export function dismissFinding(extensionPath: string, cwd: string | null, id: string, shown: ViewState['seal']): Promise<DismissOutcome> {
  return dismissFindingFlow(cwd, id, shown, {
    trusted: () => vscode.workspace.isTrusted,
    // The safe button first: VS Code focuses a modal's first button, so Enter keeps the warning (confirm.ts).
    confirm: (message, detail) => confirmChange({ message, detail, action: DISMISS_BUTTON, keep: 'Keep the Warning' }),
    warn: (message) => void vscode.window.showWarningMessage(message),
    record: async (workspace, findingId) => {
      const section = vscode.workspace.getConfiguration('proofmeter');
      const cliPath = readSettings((k) => section.get(k), () => undefined).cliPath;
      try {
        const r = await runBundledCli(extensionPath, ['accept', findingId, '--cwd', workspace], workspace, undefined, cliPath);
        return r.code === 0 ? null : r.stderr.trim() || `proofmeter accept exited ${r.code}`;
      } catch (e) {
        if (e instanceof CliUnavailableError) return e.message;
        throw e;
      }
    },
  });
}
