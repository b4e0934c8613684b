// Reads the git facts the commit and push stages need. Git alone decides; a missing git or a folder
// outside a repository gives null, and both stages then read as skipped.
import { execFileSync } from 'node:child_process';
import type { GitFacts } from '../core/tally/gitFacts';

function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
  } catch {
    return null;
  }
}

export function readGitFacts(cwd: string): GitFacts | null {
  const root = git(cwd, ['rev-parse', '--show-toplevel'])?.trim();
  if (!root) return null;
  const status = git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all']) ?? '';
  const dirty: string[] = [];
  const fields = status.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.length < 4) continue;
    dirty.push(f.slice(3));
    // A rename or copy is followed by its old path in the next field.
    if (f[0] === 'R' || f[0] === 'C') i++;
  }
  const hasRemote = (git(root, ['remote']) ?? '').trim().length > 0;
  const upstream = git(root, ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{u}'])?.trim() || null;
  const ahead = upstream ? Number((git(root, ['rev-list', '--count', '@{u}..HEAD']) ?? '0').trim()) || 0 : 0;
  return { root, dirty, hasRemote, upstream, ahead };
}
