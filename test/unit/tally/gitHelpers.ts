// Real repositories for the git tests, and a narrowing of git's answer to facts.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { isGitUnknown, type GitFacts, type GitInput } from '../../../src/core/tally/gitFacts';

const AUTHOR = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

export function sh(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore', env: { ...process.env, ...AUTHOR } });
}

/** The facts git gave; fails the test when git gave none. */
export function known(g: GitInput): GitFacts {
  assert.ok(g !== null && !isGitUnknown(g), `expected git facts, got ${JSON.stringify(g)}`);
  return g;
}
