// A fresh project and HOME for one bench figure, under a folder emptied first, with the
// environment its hooks and CLI calls get.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchWorkspace {
  ws: string;
  home: string;
  env: NodeJS.ProcessEnv;
}

export function benchWorkspace(base: string): BenchWorkspace {
  rmSync(base, { recursive: true, force: true });
  const ws = join(base, 'proj');
  const home = join(base, 'home');
  mkdirSync(ws, { recursive: true });
  mkdirSync(home, { recursive: true });
  return { ws, home, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CLAUDE_PROJECT_DIR: ws } };
}
