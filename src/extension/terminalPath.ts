// Puts `proofmeter` on PATH in VS Code's integrated terminals through the extension's
// EnvironmentVariableCollection (VS Code applies it to every new terminal and marks the open ones
// to relaunch), pointing at the bundled CLI (cliShim.ts). Only in a trusted workspace: in
// Restricted Mode PATH is left alone, and the entry is added when the person grants trust.
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { hookNode } from '../workspace/hookNode';
import { bundledCliPath } from './cli';
import { writeShims } from './cliShim';
import type { Log } from './log';

export interface TerminalPath {
  /** The folder prepended to PATH, or null while it is not (untrusted, or no file storage). */
  dir: string | null;
  /** What the collection holds for PATH now. */
  mutator: { value: string; type: 'prepend' | 'append' | 'replace' } | null;
  description: string;
}

const TYPES = { [vscode.EnvironmentVariableMutatorType.Prepend]: 'prepend', [vscode.EnvironmentVariableMutatorType.Append]: 'append', [vscode.EnvironmentVariableMutatorType.Replace]: 'replace' } as const;

export function registerTerminalPath(context: vscode.ExtensionContext, cliPath: () => string, log: Log): { disposables: vscode.Disposable[]; snapshot: () => TerminalPath } {
  const collection = context.environmentVariableCollection;
  // Set again at every activation, from this extension's own path: never a stale one from a past version.
  collection.persistent = false;
  // One collection per extension: the compaction proxy's ANTHROPIC_BASE_URL lives in it too
  // (proxyCommands.ts), so only PATH is touched here, never clear().
  const description = 'Proofmeter: `proofmeter` (the CLI bundled with the extension) on PATH; Claude Code through the compaction proxy while it runs.';
  collection.description = description;
  let dir: string | null = null;
  const apply = (): void => {
    collection.delete('PATH');
    dir = null;
    if (!vscode.workspace.isTrusted) return;
    if (context.globalStorageUri.scheme !== 'file') {
      log.warn(`proofmeter is not put on the terminals' PATH: global storage is ${context.globalStorageUri.scheme}:, not a folder`);
      return;
    }
    const bin = join(context.globalStorageUri.fsPath, 'bin');
    try {
      writeShims(bin, hookNode(process.env), bundledCliPath(context.extensionPath, cliPath()));
    } catch (e) {
      log.warn(`proofmeter is not put on the terminals' PATH: ${(e as Error).message}`);
      return;
    }
    collection.prepend('PATH', bin + delimiter);
    dir = bin;
  };
  apply();
  return {
    disposables: [
      vscode.workspace.onDidGrantWorkspaceTrust(apply),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('proofmeter.cliPath')) apply();
      }),
    ],
    snapshot: () => {
      const m = collection.get('PATH');
      return { dir, mutator: m ? { value: m.value, type: TYPES[m.type] } : null, description };
    },
  };
}
