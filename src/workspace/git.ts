// Reads the git facts the commit and push stages need. Git alone decides; a folder with no
// repository above it gives null (both stages are then skipped), and a repository git could not
// read (git missing, refused, too slow, too much output) gives GitUnknown, so those stages wait:
// a fault must never read as a pass. One `git status` call answers dirty files, upstream and ahead
// count, because the status line pays for every spawn.
import type * as ChildProcess from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gitFailed, type GitFacts, type GitInput, type GitUnknown } from '../core/tally/gitFacts';

// Loaded on first use: the status line usually finds git's facts in its cache, and loading
// child_process costs a few milliseconds of every start.
function childProcess(): typeof ChildProcess {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load needs require (the bundle is CommonJS)
  return require('node:child_process') as typeof ChildProcess;
}

const TIMEOUT_MS = 5000;
// The sync and async calls share one limit: with the default 1 MB, 25,000 untracked files were
// enough to turn the stop gate's reading into a failure while the status line's still worked.
const MAX_BUFFER = 64 << 20;

type Ran = { ok: true; out: string } | { ok: false; failure: GitUnknown };

/** The fields of a child_process error that say why git gave no answer, from either API. */
interface SpawnError {
  code?: unknown;
  status?: unknown;
  signal?: unknown;
  killed?: unknown;
}

/** A few words on why git gave no answer, for the commit and push stages' detail. */
export function failureReason(err: SpawnError, stderr: string): string {
  if (err.code === 'ENOENT') return 'not found';
  if (err.code === 'ENOBUFS' || err.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return 'output too large';
  // execFileSync says ETIMEDOUT; execFile only says it killed the child, and its timeout is the
  // one reason left for that once the output limit is ruled out.
  if (err.code === 'ETIMEDOUT' || err.killed === true) return 'timeout';
  const exit = typeof err.status === 'number' ? err.status : typeof err.code === 'number' ? err.code : null;
  if (exit !== null) return /dubious ownership/.test(stderr) ? `exit ${exit} (dubious ownership)` : `exit ${exit}`;
  if (typeof err.signal === 'string') return `killed by ${err.signal}`;
  return typeof err.code === 'string' ? err.code : 'unknown error';
}

function stderrOf(e: unknown): string {
  const s = e !== null && typeof e === 'object' && 'stderr' in e ? e.stderr : '';
  return typeof s === 'string' ? s : '';
}

function git(cwd: string, args: string[], env: NodeJS.ProcessEnv): Ran {
  try {
    const out = childProcess().execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS, maxBuffer: MAX_BUFFER });
    return { ok: true, out };
  } catch (e) {
    return { ok: false, failure: gitFailed(failureReason(e !== null && typeof e === 'object' ? e : {}, stderrOf(e))) };
  }
}

function gitAsync(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    childProcess().execFile('git', args, { cwd, env, encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: MAX_BUFFER }, (err, out, stderr) =>
      resolve(err ? { ok: false, failure: gitFailed(failureReason(err, stderr)) } : { ok: true, out }),
    );
  });
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
  let head: string | null = null;
  let branch: string | null = null;
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.startsWith('# branch.oid ')) head = /^[0-9a-f]{40,64}$/.test(f.slice(13)) ? f.slice(13) : null;
    else if (f.startsWith('# branch.head ')) branch = f.slice(14) === '(detached)' ? null : f.slice(14);
    else if (f.startsWith('# branch.upstream ')) upstream = f.slice('# branch.upstream '.length);
    else if (f.startsWith('# branch.ab ')) ahead = Number(/\+(\d+)/.exec(f)?.[1] ?? 0);
    else if (f.startsWith('1 ')) dirty.push(f.split(' ').slice(8).join(' '));
    else if (f.startsWith('2 ')) {
      dirty.push(f.split(' ').slice(9).join(' '));
      i++; // a rename or copy is followed by its old path
    } else if (f.startsWith('u ')) dirty.push(f.split(' ').slice(10).join(' '));
    else if (f.startsWith('? ')) dirty.push(f.slice(2));
  }
  return { dirty, upstream, ahead, head, branch };
}

function hasRemotes(root: string, env: NodeJS.ProcessEnv): boolean | GitUnknown {
  const dotGit = join(root, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return /^\[remote "/m.test(readFileSync(join(dotGit, 'config'), 'utf8'));
  } catch {
    // fall through to asking git
  }
  const r = git(root, ['remote'], env);
  return r.ok ? r.out.trim().length > 0 : r.failure;
}

const STATUS_ARGS = ['status', '--porcelain=v2', '--branch', '-z', '--untracked-files=all'];

function factsOf(root: string, status: Ran, env: NodeJS.ProcessEnv): GitFacts | GitUnknown {
  if (!status.ok) return status.failure;
  const facts = parseStatusV2(status.out);
  const hasRemote = facts.upstream !== null || hasRemotes(root, env);
  if (typeof hasRemote !== 'boolean') return hasRemote;
  return { root, ...facts, hasRemote };
}

/** null only when no repository lies above cwd; a repository git could not read is GitUnknown. */
export function readGitFacts(cwd: string, env: NodeJS.ProcessEnv = process.env): GitInput {
  const root = findRepoRoot(cwd);
  return root ? factsOf(root, git(root, STATUS_ARGS, env), env) : null;
}

/** The same facts without blocking, so a caller can read transcripts while git works. */
export async function readGitFactsAsync(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<GitInput> {
  const root = findRepoRoot(cwd);
  return root ? factsOf(root, await gitAsync(root, STATUS_ARGS, env), env) : null;
}

/**
 * The files git's index holds (tracked or staged) at or below `paths`, absolute paths inside the
 * repository at `root`; null when git gives no answer.
 */
export function indexedFiles(root: string, paths: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] | null {
  if (!paths.length) return [];
  const r = git(root, ['--literal-pathspecs', 'ls-files', '-z', '--', ...paths], env);
  return r.ok ? r.out.split('\0').filter(Boolean) : null;
}

/**
 * Whether the file at `rel` (relative to `cwd`) is git's own as checked out: HEAD holds it, and
 * its bytes as git would store them (`git hash-object`, through the same filters) are HEAD's blob.
 * false for a file HEAD lacks or that differs, and when git gives no answer.
 */
export function sameAsHead(cwd: string, rel: string, env: NodeJS.ProcessEnv): boolean {
  const head = git(cwd, ['rev-parse', '--verify', '-q', `HEAD:./${rel}`], env);
  if (!head.ok) return false;
  const now = git(cwd, ['hash-object', '--', rel], env);
  return now.ok && /^[0-9a-f]{40,64}$/.test(head.out.trim()) && head.out.trim() === now.out.trim();
}

/** The text of `rel` (relative to `cwd`) in HEAD; null when HEAD lacks it or git gives no answer. */
export function textAtHead(cwd: string, rel: string, env: NodeJS.ProcessEnv): string | null {
  const r = git(cwd, ['show', `HEAD:./${rel}`], env);
  return r.ok ? r.out : null;
}
