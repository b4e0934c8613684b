// The host's side of the dashboard's Dismiss button: VS Code's trust and modal dialog around the flow
// in dismissFlow.ts, and the CLI's `proofmeter accept`, which records the decision with its witness.
import * as vscode from 'vscode';
import { confirmChange } from './confirm';
import { runPersonCommand } from './personCommand';
import type { ViewState } from '../protocol';
import { DISMISS_BUTTON, dismissFindingFlow, type DismissOutcome } from './dismissFlow';

export function dismissFinding(extensionPath: string, cwd: string | null, id: string, shown: ViewState['seal']): Promise<DismissOutcome> {
  return dismissFindingFlow(cwd, id, shown, {
    trusted: () => vscode.workspace.isTrusted,
    // The safe button first: VS Code focuses a modal's first button, so Enter keeps the warning (confirm.ts).
    confirm: (message, detail) => confirmChange({ message, detail, action: DISMISS_BUTTON, keep: 'Keep the Warning' }),
    warn: (message) => void vscode.window.showWarningMessage(message),
    record: async (workspace, findingId) => (await runPersonCommand(extensionPath, ['accept', findingId], workspace)).error,
  });
}
