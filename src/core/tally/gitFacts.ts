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
