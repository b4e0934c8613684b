// Where the two copies of the seal live: one in the workspace state, one in the user's state
// folder for the tool, keyed by the workspace's real path, so deleting or editing the workspace
// copy (a script, `git stash -u`, `git clean`) is noticed from the outside copy and the other way.
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { sha256Hex } from '../../core/evidence/sha256';
import { STATE_DIR } from '../goalState';

export function workspaceSealPath(workspace: string): string {
  return join(workspace, STATE_DIR, 'seal.json');
}

/** The content analysis's snapshot, beside each copy of the seal. */
export function contentPathBeside(sealPath: string): string {
  return join(sealPath, '..', 'seal-content.json');
}

/** $XDG_STATE_HOME, else ~/Library/Application Support on macOS, else ~/.local/state. */
export function stateHome(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const xdg = env.XDG_STATE_HOME;
  // The XDG spec: a relative value is invalid and is ignored.
  if (xdg && isAbsolute(xdg)) return xdg;
  const home = env.HOME || homedir();
  return platform === 'darwin' ? join(home, 'Library', 'Application Support') : join(home, '.local', 'state');
}

// The engine's SHA-256 (the same digest): every status line and hook computes this key, and loading
// node:crypto for one short path cost about 10 ms of their start (it brings node's streams along).
export function workspaceKey(realWorkspace: string): string {
  return sha256Hex(realWorkspace).slice(0, 32);
}

/** The meter's folder in the user's state folder, which holds the outside copies of every workspace's seal. */
export function outsideStateDir(env: NodeJS.ProcessEnv): string {
  return join(stateHome(env), 'proofmeter');
}

export function outsideSealDir(realWorkspace: string, env: NodeJS.ProcessEnv): string {
  return join(outsideStateDir(env), workspaceKey(realWorkspace));
}

export function outsideSealPath(realWorkspace: string, env: NodeJS.ProcessEnv): string {
  return join(outsideSealDir(realWorkspace, env), 'seal.json');
}

/** The workspace's real path; the path as given when it cannot be resolved (a folder being removed). */
export function realWorkspace(workspace: string): string {
  try {
    return realpathSync(workspace);
  } catch {
    return workspace;
  }
}
