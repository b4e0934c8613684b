// The host's side of the dashboard's Accept button: VS Code's trust and modal dialog around the flow
// in acceptFlow.ts.
import * as vscode from 'vscode';
import type { ViewState } from '../protocol';
import { acceptFindingFlow, type AcceptOutcome } from './acceptFlow';

export function acceptFinding(cwd: string | null, id: string, shown: ViewState['seal']): Promise<AcceptOutcome> {
  return acceptFindingFlow(cwd, id, shown, {
    trusted: () => vscode.workspace.isTrusted,
    confirm: async (message, detail) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, 'Accept')) === 'Accept',
    warn: (message) => void vscode.window.showWarningMessage(message),
    now: () => new Date(),
  });
}
