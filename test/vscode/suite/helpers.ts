// Small helpers for the extension-host tests.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { ProofmeterApi } from '../../../src/extension/extension';

export const EXTENSION_ID = 'proofmeter.proofmeter';

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls until fn returns a truthy value; fails with what it last saw. */
export async function waitFor<T>(fn: () => T | Promise<T>, what: string, timeoutMs = 15_000, everyMs = 20): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > end) assert.fail(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`);
    await sleep(everyMs);
  }
}

export function extension(): vscode.Extension<ProofmeterApi> {
  const ext = vscode.extensions.getExtension<ProofmeterApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is known to the host`);
  return ext;
}

export async function api(): Promise<ProofmeterApi> {
  return extension().activate();
}

export function folder(): string {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'a workspace folder is open');
  return f.uri.fsPath;
}

export function tabLabels(): string[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label);
}
