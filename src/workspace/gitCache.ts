// The status line runs after every message; asking git each time costs a process. It reuses the
// git facts it saved a few seconds ago while .git's index and HEAD are unchanged, so a commit or a
// checkout shows at once and an edit shows within the age limit. The gates never use this cache.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { GitFacts } from '../core/tally/gitFacts';
import { writeCacheFile } from './cacheDir';
import { findRepoRoot, readGitFactsAsync } from './git';

interface Entry {
  at: number;
  stamp: string;
  facts: GitFacts | null;
}

function stampOf(root: string | null): string {
  if (!root) return 'no-repo';
  const m = (p: string) => {
    try {
      return String(statSync(join(root, '.git', p)).mtimeMs);
    } catch {
      return '-';
    }
  };
  return `${root}:${m('index')}:${m('HEAD')}`;
}

export async function readGitFactsCached(cwd: string, cacheDir: string, maxAgeMs: number, now = Date.now()): Promise<GitFacts | null> {
  const file = join(cacheDir, 'git.json');
  const stamp = stampOf(findRepoRoot(cwd));
  try {
    const e = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    if (e.stamp === stamp && now - e.at >= 0 && now - e.at < maxAgeMs) return e.facts;
  } catch {
    // no entry yet or a damaged one: ask git
  }
  const facts = await readGitFactsAsync(cwd);
  try {
    writeCacheFile(cacheDir, 'git.json', JSON.stringify({ at: now, stamp, facts } satisfies Entry));
  } catch {
    // saving only spares the next call a process
  }
  return facts;
}
