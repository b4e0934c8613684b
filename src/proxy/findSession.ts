// `proxy replay <session>`: a transcript path, or a session id looked up in ~/.claude/projects.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function findSession(arg: string, cwd: string, env: NodeJS.ProcessEnv): string | null {
  const direct = resolve(cwd, arg);
  if (existsSync(direct) && statSync(direct).isFile()) return direct;
  if (!/^[A-Za-z0-9_-]+$/.test(arg)) return null;
  const projects = join(env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), '.claude'), 'projects');
  let dirs: string[];
  try { dirs = readdirSync(projects); } catch { return null; }
  for (const d of dirs) {
    const f = join(projects, d, `${arg}.jsonl`);
    if (existsSync(f)) return f;
  }
  return null;
}
