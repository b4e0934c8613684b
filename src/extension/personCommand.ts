// The person's own CLI commands run from VS Code (accept, close): the bundled CLI, or the one
// proofmeter.cliPath names, in the workspace. What the flows need back is one line: null when it
// worked (with its first line of output), else why not, never a throw for a missing CLI.
import * as vscode from 'vscode';
import { CliUnavailableError, runBundledCli } from './cli';
import { readSettings } from './settings';

export interface PersonCommandResult {
  /** null when the command exited 0; else its stderr, or what kept it from running. */
  error: string | null;
  /** The first line it printed. */
  said: string;
}

export async function runPersonCommand(extensionPath: string, args: string[], workspace: string): Promise<PersonCommandResult> {
  const section = vscode.workspace.getConfiguration('proofmeter');
  const cliPath = readSettings((k) => section.get(k), () => undefined).cliPath;
  try {
    const r = await runBundledCli(extensionPath, [...args, '--cwd', workspace], workspace, undefined, cliPath);
    const said = r.stdout.trim().split('\n')[0] ?? '';
    return r.code === 0 ? { error: null, said } : { error: r.stderr.trim() || `proofmeter ${args[0] ?? ''} exited ${r.code}`, said };
  } catch (e) {
    if (e instanceof CliUnavailableError) return { error: e.message, said: '' };
    throw e;
  }
}
