// The host's side of the dashboard's Accept button: VS Code's trust and modal dialog around the flow
// in acceptFlow.ts, and the CLI's `proofmeter accept`, which records the acceptance with its witness.
import * as vscode from 'vscode';
import type { ViewState } from '../protocol';
import { acceptFindingFlow, type AcceptOutcome } from './acceptFlow';
import { CliUnavailableError, runBundledCli } from './cli';
import { readSettings } from './settings';

export function acceptFinding(extensionPath: string, cwd: string | null, id: string, shown: ViewState['seal']): Promise<AcceptOutcome> {
  return acceptFindingFlow(cwd, id, shown, {
    trusted: () => vscode.workspace.isTrusted,
    confirm: async (message, detail) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, 'Accept')) === 'Accept',
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
