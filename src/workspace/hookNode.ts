// The node the installed entries run: the one running install (process.execPath), recorded as an
// absolute path so a PATH changed for hooks cannot swap it. Inside VS Code's extension host the
// CLI runs on VS Code's own binary with ELECTRON_RUN_AS_NODE, which would open an editor window if
// started without it: a node on PATH is preferred there, else that binary with the variable set.
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import type { HookNode } from '../core/install/nodeEntry';

function onPath(name: string, path: string | undefined): string | null {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return null;
}

export function hookNode(env: NodeJS.ProcessEnv, execPath = process.execPath, electron = typeof process.versions.electron === 'string' || env.ELECTRON_RUN_AS_NODE === '1'): HookNode {
  if (!electron) return { path: execPath, electron: false };
  const node = onPath('node', env.PATH);
  return node ? { path: node, electron: false } : { path: execPath, electron: true };
}
