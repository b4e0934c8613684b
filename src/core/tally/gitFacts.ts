// What the meter needs to know from git, read by the caller (the engine does no I/O).
export interface GitFacts {
  /** Absolute path of the work tree's top folder. */
  root: string;
  /** Paths (relative to root) with uncommitted changes, untracked files included. */
  dirty: string[];
  hasRemote: boolean;
  /** The current branch's upstream, or null when it has none. */
  upstream: string | null;
  /** Commits on HEAD that the upstream does not have. */
  ahead: number;
}

/**
 * What the tally is given about git: the facts, null outside a repository (commit and push are then
 * skipped), or 'unknown' when git was deliberately not read (an untrusted folder): those stages
 * then wait, so an unread repository never counts as committed and pushed.
 */
export type GitInput = GitFacts | null | 'unknown';
