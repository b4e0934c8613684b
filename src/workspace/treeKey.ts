// The key a saved re-run is reused under: the workspace's content as git would commit it with
// everything added. A copy of the index takes every tracked change and every untracked file that
// is not ignored (`git add -A` into the copy, then `git write-tree`), so the real index is never
// touched. The meter's own state folder is left out: the re-runs write into it, and a key it
// changed would never be met again. Outside git (or when git fails) there is no key, and nothing is
// reused.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { METER_STATE_DIR } from '../core/meterStateDir';

const TIMEOUT_MS = 30_000;

/** The runner's environment without GIT_* variables, which could point git at another repository or index. */
export function gitEnv(env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) if (!k.startsWith('GIT_') && v !== undefined) out[k] = v;
  return { ...out, ...extra };
}

function git(cwd: string, args: string[], env: NodeJS.ProcessEnv): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: TIMEOUT_MS, maxBuffer: 16 << 20 });
}

export function contentKey(workspace: string, env: NodeJS.ProcessEnv): string | null {
  const kept = keptContentKey(workspace, env);
  kept?.close();
  return kept?.key ?? null;
}

export interface KeptKey {
  key: string;
  /**
   * The tracked and added files whose size, times or inode moved since the key was taken, though
   * their content may be the same again (a file changed and put back): git's own stat check of the
   * key's index (`git diff-files`). Null when git could not say.
   */
  stirred(): string[] | null;
  /** Removes the key's index. */
  close(): void;
}

/** The content key with its index kept, so what moved since can be asked of git (verifier.ts, around a batch of re-runs). */
export function keptContentKey(workspace: string, env: NodeJS.ProcessEnv): KeptKey | null {
  const base = gitEnv(env);
  let index: string;
  try {
    index = resolve(workspace, git(workspace, ['rev-parse', '--git-path', 'index'], base).trim());
  } catch {
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pm-treekey-'));
  try {
    const tmp = join(dir, 'index');
    if (existsSync(index)) copyFileSync(index, tmp);
    const withIndex = gitEnv(env, { GIT_INDEX_FILE: tmp });
    git(workspace, ['add', '-A', '--', '.', `:(exclude)${METER_STATE_DIR}`], withIndex);
    const key = 'git:' + git(workspace, ['write-tree'], withIndex).trim();
    return {
      key,
      stirred: () => {
        try {
          return git(workspace, ['diff-files', '--name-only', '-z', '--', '.', `:(exclude)${METER_STATE_DIR}`], withIndex)
            .split('\0')
            .filter((p) => p !== '');
        } catch {
          return null;
        }
      },
      close: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
