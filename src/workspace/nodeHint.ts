// The node install found on this machine, which the launcher (core/install/hookScript.ts) tries
// first. The seal and doctor read it when the entries are the shared form and name no node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_HINT_NAME } from '../core/install/hookScript';
import { STATE_DIR } from './goalState';

export function nodeHintPath(workspace: string): string {
  return join(workspace, STATE_DIR, NODE_HINT_NAME);
}

/** The recorded node's path (without `electron `), or null when none is recorded. */
export function hintedNode(workspace: string): string | null {
  try {
    const line = readFileSync(nodeHintPath(workspace), 'utf8').split('\n')[0] ?? '';
    const path = line.startsWith('electron ') ? line.slice('electron '.length) : line;
    return path.startsWith('/') ? path : null;
  } catch {
    return null;
  }
}
