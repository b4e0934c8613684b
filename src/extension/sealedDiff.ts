// The left side of a remedy's diff: a file's text as the seal kept it, served read-only under its
// own scheme (nothing is written to disk), beside the file as it is now. Restore Goal, Reseal and
// Accept Finding open it before they ask, so the person sees the change they are deciding on.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { sealedTextOf } from './remedyFacts';

export const SEALED_SCHEME = 'proofmeter-sealed';

/** Texts by URI path; each diff opened puts its text here (a few KB each, kept for the window). */
const texts = new Map<string, string>();
let seq = 0;

export function registerSealedDocuments(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(SEALED_SCHEME, {
    provideTextDocumentContent: (uri) => texts.get(uri.path) ?? '',
  });
}

/** A read-only document holding `text`, named like `name` so it gets the same language. */
export function sealedDocument(text: string, name: string): vscode.Uri {
  const path = `/${++seq}/${name}`;
  texts.set(path, text);
  return vscode.Uri.from({ scheme: SEALED_SCHEME, path });
}

/**
 * Opens the diff between the sealed text of `file` and the file now (or the sealed text alone when
 * the file is gone). false when the seal kept no text of it: then there is nothing to show.
 */
export async function showSealedDiff(cwd: string, file: string, title: string): Promise<boolean> {
  const sealed = sealedTextOf(cwd, process.env, file);
  if (sealed === null) return false;
  const left = sealedDocument(sealed, basename(file));
  const opts: vscode.TextDocumentShowOptions = { preview: true, preserveFocus: false };
  if (existsSync(file)) await vscode.commands.executeCommand('vscode.diff', left, vscode.Uri.file(file), title, opts);
  else await vscode.window.showTextDocument(left, opts);
  return true;
}
