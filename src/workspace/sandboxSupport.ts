// Whether Claude Code's Bash sandbox can run here: Seatbelt is part of macOS; on Linux it needs
// bubblewrap and socat on PATH (Claude Code 2.1.332 brings its own ripgrep).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface SandboxSupport {
  supported: boolean;
  /** Programs the sandbox needs that PATH does not have. */
  missing: string[];
}

const LINUX_NEEDS = ['bwrap', 'socat'] as const;

export function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

export function sandboxSupport(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): SandboxSupport {
  if (platform === 'darwin') return { supported: true, missing: [] };
  if (platform !== 'linux') return { supported: false, missing: [] };
  const missing = LINUX_NEEDS.filter((n) => !onPath(n, env));
  return { supported: missing.length === 0, missing };
}
