// Reads the git facts the commit and push stages need. Git alone decides; a missing git or a folder
// outside a repository gives null, and both stages then read as skipped. One `git status` call
// answers dirty files, upstream and ahead count, because the status line pays for every spawn.
import type * as ChildProcess from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { GitFacts } from '../core/tally/gitFacts';

// Loaded on first use: the status line usually finds git's facts in its cache, and loading
// child_process costs a few milliseconds of every start.
function childProcess(): typeof ChildProcess {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:child_process') as typeof ChildProcess;
}

function git(cwd: string, args: string[]): string | null {
  try {
    return childProcess().execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
  } catch {
    return null;
  }
}

/** The work tree's top folder: the nearest folder above that holds `.git`. */
export function findRepoRoot(start: string): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

export function parseStatusV2(out: string): Omit<GitFacts, 'root' | 'hasRemote'> {
  const dirty: string[] = [];
  let upstream: string | null = null;
  let ahead = 0;
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.startsWith('# branch.upstream ')) upstream = f.slice('# branch.upstream '.length);
    else if (f.startsWith('# branch.ab ')) ahead = Number(/\+(\d+)/.exec(f)?.[1] ?? 0);
    else if (f.startsWith('1 ')) dirty.push(f.split(' ').slice(8).join(' '));
    else if (f.startsWith('2 ')) {
      dirty.push(f.split(' ').slice(9).join(' '));
      i++; // a rename or copy is followed by its old path
    } else if (f.startsWith('u ')) dirty.push(f.split(' ').slice(10).join(' '));
    else if (f.startsWith('? ')) dirty.push(f.slice(2));
  }
  return { dirty, upstream, ahead };
}

function hasRemotes(root: string): boolean {
  const dotGit = join(root, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return /^\[remote "/m.test(readFileSync(join(dotGit, 'config'), 'utf8'));
  } catch {
    // fall through to asking git
  }
  return (git(root, ['remote']) ?? '').trim().length > 0;
}

const STATUS_ARGS = ['status', '--porcelain=v2', '--branch', '-z', '--untracked-files=all'];

function factsOf(root: string, status: string | null): GitFacts | null {
  if (status === null) return null;
  const facts = parseStatusV2(status);
  return { root, ...facts, hasRemote: facts.upstream !== null || hasRemotes(root) };
}

export function readGitFacts(cwd: string): GitFacts | null {
  const root = findRepoRoot(cwd);
  return root ? factsOf(root, git(root, STATUS_ARGS)) : null;
}

/** The same facts without blocking, so a caller can read transcripts while git works. */
export function readGitFactsAsync(cwd: string): Promise<GitFacts | null> {
  const root = findRepoRoot(cwd);
  if (!root) return Promise.resolve(null);
  return new Promise((resolve) => {
    childProcess().execFile('git', STATUS_ARGS, { cwd: root, encoding: 'utf8', timeout: 5000, maxBuffer: 64 << 20 }, (err, out) => resolve(factsOf(root, err ? null : out)));
  });
}
