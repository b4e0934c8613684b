// Which evidence is the goal's at all, before any run is matched to a proof: only what happened
// after the goal was frozen, and only runs started in the session's project root. Claude Code's
// Bash keeps its working folder between calls, so after `cd sub` the exact proof text runs a
// different script: the command alone does not say what ran.
import type { BashRun, Position, TranscriptEvents } from '../types';

/**
 * True when the record is not from before the freeze. A record without a time is ordered by its
 * place alone (Claude Code stamps every record it writes, so this is the older lab format).
 */
export function afterFreeze(at: Position, since: string | null): boolean {
  return since === null || at.time === null || at.time >= since;
}

/**
 * The project roots a transcript's runs must start in: the given ones (the workspace, however its
 * path is spelled), or else the cwd of the session's first record, the folder Claude Code was
 * started in. null when neither is known: then the folder decides nothing.
 */
export function rootsOf(t: TranscriptEvents, roots: readonly string[] | null): readonly string[] | null {
  if (roots) return roots;
  return t.cwd === null ? null : [t.cwd];
}

/** A run counts only from a root; a run whose folder the transcript does not say never does. */
export function inRoot(run: BashRun, roots: readonly string[] | null): boolean {
  if (roots === null) return true;
  return typeof run.cwd === 'string' && roots.includes(trimSlash(run.cwd));
}

/**
 * True when a main session's first record names a project other than the roots: a session copied
 * in from elsewhere. A file with no cwd at all (empty, unreadable) names no project.
 */
export function namesOtherProject(t: TranscriptEvents, roots: readonly string[]): boolean {
  return t.cwd !== null && !roots.includes(trimSlash(t.cwd));
}

export function trimSlash(path: string): string {
  return path.length > 1 && (path.endsWith('/') || path.endsWith('\\')) ? path.slice(0, -1) : path;
}
