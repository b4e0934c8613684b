// What the meter needs to know from git, read by the caller (the engine does no I/O).
import { z } from 'zod';
import { METER_STATE_DIR } from '../meterStateDir';

/**
 * A file the session edited whose uncommitted content git's status does not show: an index flag
 * (`git update-index --assume-unchanged` or `--skip-worktree`) makes status skip it, or an ignore
 * rule hides it while it is untracked. Read by the workspace (src/workspace/gitPast.ts) only for
 * the session's edited paths; the commit stage counts it as uncommitted (stages.ts).
 */
export const hiddenEditSchema = z.object({
  /** Relative to root. */
  path: z.string(),
  by: z.enum(['assume-unchanged', 'skip-worktree', 'ignored']),
  /** For `ignored`: the rule, as git names it ("source:line:pattern"); null for a flag. */
  rule: z.string().nullable(),
  /**
   * For `ignored`: the rule was there when the goal was frozen (the .gitignore at the sealed HEAD,
   * or the exclude file's text the seal kept). A file an old rule hides (a `.env` the project
   * always ignored) is the person's choice, not the session's hiding; a rule added after is not.
   */
  ruleAtFreeze: z.boolean(),
});
export type HiddenEdit = z.infer<typeof hiddenEditSchema>;

export const remoteSchema = z.object({ name: z.string(), url: z.string() });
export type Remote = z.infer<typeof remoteSchema>;

/** What the remote itself said about HEAD (`git ls-remote`), never the local tracking ref. */
export const remoteAnswerSchema = z.discriminatedUnion('kind', [
  /** The remote branch is HEAD, or HEAD is an ancestor of it. */
  z.object({ kind: z.literal('has-head'), ref: z.string() }),
  /** The remote branch is elsewhere (`at`, a commit id), or missing (null). */
  z.object({ kind: z.literal('lacks-head'), ref: z.string(), at: z.string().nullable() }),
  /** No answer within the time limit, or git failed: push unverified. */
  z.object({ kind: z.literal('unreachable'), why: z.string() }),
]);
export type RemoteAnswer = z.infer<typeof remoteAnswerSchema>;

/** The push remote at the freeze, as the seal recorded it (src/core/sealRecord/record.ts). */
export const remotesAtFreezeSchema = z.object({
  remotes: z.array(remoteSchema),
  /** The remote the branch's upstream named at the freeze; null: no upstream then. */
  upstream: z.string().nullable(),
});
export type RemotesAtFreeze = z.infer<typeof remotesAtFreezeSchema>;

export const remoteCheckSchema = z.object({
  /** null: no seal recorded the remotes (a seal older than this record, a tally of given files). */
  recorded: remotesAtFreezeSchema.nullable(),
  /** The remotes now, by their configured URL. */
  remotes: z.array(remoteSchema),
  /** The remote the branch's upstream names now; null: no upstream. */
  upstreamRemote: z.string().nullable(),
  /** null: not asked (no upstream, or the remote changed since the freeze). */
  answer: remoteAnswerSchema.nullable(),
});
export type RemoteCheck = z.infer<typeof remoteCheckSchema>;

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
  /** HEAD's commit id (null before the first commit) and branch (null when detached), from status. */
  head: z.string().nullable().optional(),
  branch: z.string().nullable().optional(),
  /** Edited files git's status does not show; absent: none found (or not looked for). */
  hidden: z.array(hiddenEditSchema).optional(),
  /**
   * The push as the remote answers it. Absent: the remote was not asked, so push waits ("push
   * unverified"): the tracking ref (`ahead`, `upstream`) is a local ref anyone can move with
   * `git update-ref`, so it never decides push alone.
   */
  remote: remoteCheckSchema.optional(),
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
