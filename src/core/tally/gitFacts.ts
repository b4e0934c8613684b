// What the meter needs to know from git, read by the caller (the engine does no I/O).
import { z } from 'zod';
import { METER_STATE_DIR } from '../meterStateDir';

export const gitFactsSchema = z.object({
  /** Absolute path of the work tree's top folder. */
  root: z.string(),
  /** Paths (relative to root) with uncommitted changes, untracked files included. */
  dirty: z.array(z.string()),
  hasRemote: z.boolean(),
  /** The current branch's upstream, or null when it has none. */
  upstream: z.string().nullable(),
  /** Commits on HEAD that the upstream does not have. */
  ahead: z.number().int().nonnegative(),
});
export type GitFacts = z.infer<typeof gitFactsSchema>;

/** A repository whose state is not known; `unknown` says why in a few words (the stages' detail). */
export interface GitUnknown {
  unknown: string;
}

/**
 * What the tally is given about git: the facts, null only when no repository lies above the
 * folder (commit and push are then skipped), or GitUnknown when there is a repository but git was
 * not read (an untrusted folder) or failed: those stages then wait, so an unread repository never
 * counts as committed and pushed.
 */
export type GitInput = GitFacts | null | GitUnknown;

export const GIT_NOT_READ: GitUnknown = { unknown: 'git not read (untrusted folder)' };

export function gitFailed(reason: string): GitUnknown {
  return { unknown: `git failed: ${reason}` };
}

export function isGitUnknown(git: GitInput): git is GitUnknown {
  return git !== null && 'unknown' in git;
}

/** The meter's state folder as a prefix of the paths git names. */
const METER_STATE_PREFIX = `${METER_STATE_DIR}/`;

/** The dirty paths split into the session's work and the meter's own state. */
export interface Uncommitted {
  work: string[];
  meterState: string[];
}

// The meter's state is not the session's work, whether or not the person commits it. It is looked
// for in any folder, since a workspace below the repository's top keeps it under its own path.
function inMeterState(path: string): boolean {
  return path.startsWith(METER_STATE_PREFIX) || path.includes('/' + METER_STATE_PREFIX);
}

/** What is uncommitted: the one answer the commit stage and the status bar's git item both give. */
export function uncommitted(dirty: readonly string[]): Uncommitted {
  const work: string[] = [];
  const meterState: string[] = [];
  for (const p of dirty) (inMeterState(p) ? meterState : work).push(p);
  return { work, meterState };
}
