// Start Compaction Proxy / Stop Compaction Proxy: the proxy runs in the extension host, and new
// integrated terminals get ANTHROPIC_BASE_URL through the environment variable collection (VS Code
// marks terminals opened before as needing a relaunch). Trusted workspaces only: it forwards keys.
import * as vscode from 'vscode';
import { proxyStateDir } from '../proxy/stateDir';
import type { CommandId } from './commandIds';
import { PROXY_RUNNING_KEY, ProxyController } from './proxyController';

function setRunning(on: boolean): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', PROXY_RUNNING_KEY, on);
}

export function registerProxy(context: vscode.ExtensionContext, log: (line: string) => void): { controller: ProxyController; disposables: vscode.Disposable[] } {
  const env = context.environmentVariableCollection;
  const item = vscode.window.createStatusBarItem('proofmeter.proxy', vscode.StatusBarAlignment.Left, 90);
  item.name = 'Proofmeter compaction proxy';
  item.command = 'proofmeter.stopProxy' satisfies CommandId;
  // A proxy from an earlier window is gone: its variable must not outlive it.
  env.delete('ANTHROPIC_BASE_URL');
  const controller = new ProxyController({
    pointTerminals: (url) => {
      env.description = 'Proofmeter: Claude Code in new terminals goes through the local compaction proxy';
      env.replace('ANTHROPIC_BASE_URL', url);
    },
    unpointTerminals: () => env.delete('ANTHROPIC_BASE_URL'),
    show: (text, tooltip) => { item.text = text; item.tooltip = tooltip; item.show(); void setRunning(true); },
    hide: () => { item.hide(); void setRunning(false); },
  }, proxyStateDir(process.env), log);
  const disposables = [
    item,
    vscode.commands.registerCommand('proofmeter.startProxy' satisfies CommandId, async () => {
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage('Proofmeter: the compaction proxy forwards your API key; trust this folder first.', 'Manage Workspace Trust').then((c) => {
          if (c === 'Manage Workspace Trust') void vscode.commands.executeCommand('workbench.trust.manage');
        });
        return null;
      }
      try {
        const url = await controller.start();
        void vscode.window.showInformationMessage(`Proofmeter: compaction proxy on ${url}. New terminals use it (ANTHROPIC_BASE_URL); relaunch open ones.`);
        return url;
      } catch (e) {
        void vscode.window.showErrorMessage(`Proofmeter: the compaction proxy did not start: ${(e as Error).message}`);
        return null;
      }
    }),
    vscode.commands.registerCommand('proofmeter.stopProxy' satisfies CommandId, async () => controller.stop()),
    { dispose: () => void controller.stop() },
  ];
  return { controller, disposables };
}
