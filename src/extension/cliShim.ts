// `proofmeter` in VS Code's integrated terminals: a small launcher in the extension's global
// storage (never the workspace) that runs the CLI bundled with the extension, which the terminal
// finds through the PATH entry terminalPath.ts adds. The node it runs is the one the hook entries
// use (workspace/hookNode.ts): node on PATH inside an Electron host, else the host's own binary.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HookNode } from '../core/install/nodeEntry';

/** A word for sh, in single quotes. */
function shWord(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

export function shimText(node: HookNode, cli: string): string {
  return [
    '#!/bin/sh',
    "# proofmeter: the CLI bundled with the Proofmeter VS Code extension, for VS Code's integrated",
    '# terminals. Written by the extension at activation; the next activation writes it again.',
    // VS Code's binary is plain node only with this variable; without it, it would open a window.
    ...(node.electron ? ['export ELECTRON_RUN_AS_NODE=1'] : []),
    `exec ${shWord(node.path)} ${shWord(cli)} "$@"`,
    '',
  ].join('\n');
}

export function cmdShimText(node: HookNode, cli: string): string {
  return ['@echo off', 'setlocal', ...(node.electron ? ['set ELECTRON_RUN_AS_NODE=1'] : []), `"${node.path}" "${cli}" %*`, ''].join('\r\n');
}

function writeIfChanged(path: string, text: string, mode: number): void {
  let now: string | null = null;
  try {
    now = readFileSync(path, 'utf8');
  } catch {
    // not written yet
  }
  if (now !== text) writeFileSync(path, text, { mode });
  chmodSync(path, mode);
}

/** Writes `proofmeter` (and `proofmeter.cmd` on Windows) into `dir`; the paths written. */
export function writeShims(dir: string, node: HookNode, cli: string, platform: NodeJS.Platform = process.platform): string[] {
  mkdirSync(dir, { recursive: true });
  const sh = join(dir, 'proofmeter');
  writeIfChanged(sh, shimText(node, cli), 0o755);
  if (platform !== 'win32') return [sh];
  const cmd = join(dir, 'proofmeter.cmd');
  writeIfChanged(cmd, cmdShimText(node, cli), 0o644);
  return [sh, cmd];
}
