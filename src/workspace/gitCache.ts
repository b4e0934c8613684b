// The status line runs after every message; asking git each time costs a process. It reuses the
// git facts it saved a few seconds ago while .git's index and HEAD are unchanged, so a commit or a
// checkout shows at once and an edit shows within the age limit. The gates never use this cache.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { gitFactsSchema, isGitUnknown, type GitFacts, type GitInput } from '../core/tally/gitFacts';
import { writeCacheFile } from './cacheDir';
import { findRepoRoot, readGitFactsAsync } from './git';
import { readJsonFile } from './readJsonFile';

// 2: facts are always a repository's (version 1 also saved null, and a null read back made a
// repository with uncommitted work look like no repository at all). 3: facts carry HEAD and the
// branch, which the push check asks the remote about (gitPast.ts).
const VERSION = 3;

const entrySchema = z.object({ version: z.literal(VERSION), at: z.number(), stamp: z.string(), facts: gitFactsSchema });
type Entry = z.infer<typeof entrySchema>;

function stampOf(root: string): string {
  const m = (p: string) => {
    try {
      return String(statSync(join(root, '.git', p)).mtimeMs);
    } catch {
      return '-';
    }
  };
  return `${root}:${m('index')}:${m('HEAD')}`;
}

function savedFacts(file: string, root: string, stamp: string, maxAgeMs: number, now: number): GitFacts | null {
  const e = readJsonFile(file, entrySchema);
  if (!e || e.facts.root !== root || e.stamp !== stamp) return null; // no entry yet: ask git
  return now - e.at >= 0 && now - e.at < maxAgeMs ? e.facts : null;
}

export async function readGitFactsCached(cwd: string, cacheDir: string, maxAgeMs: number, now = Date.now(), env: NodeJS.ProcessEnv = process.env): Promise<GitInput> {
  const root = findRepoRoot(cwd);
  // No repository needs no process, so there is nothing to save.
  if (!root) return null;
  const file = join(cacheDir, 'git.json');
  const stamp = stampOf(root);
  const saved = savedFacts(file, root, stamp, maxAgeMs, now);
  if (saved) return saved;
  const facts = await readGitFactsAsync(cwd, env);
  // A failure is not saved: the next call asks git again rather than repeat it for the age limit.
  if (facts === null || isGitUnknown(facts)) return facts;
  try {
    writeCacheFile(cacheDir, 'git.json', JSON.stringify({ version: VERSION, at: now, stamp, facts } satisfies Entry));
  } catch {
    // saving only spares the next call a process
  }
  return facts;
}
