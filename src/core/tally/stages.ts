// The seven stages of a goal, each done, under way, waiting or skipped.
import { z } from 'zod';
import type { ItemEvidence } from '../evidence/evidence';
import { isDoneState } from '../evidence/evidenceSchema';
import { isCheckList } from '../plan/itemKey';
import type { FileEdit } from '../types';
import { isGitUnknown, uncommitted, type GitInput } from './gitFacts';
import { countsAsUncommitted, hiddenBy, remoteChangedDetail, remoteChanges } from './gitPast';

export const stageNameSchema = z.enum(['plan', 'approve', 'build', 'check', 'commit', 'push', 'close']);
export type StageName = z.infer<typeof stageNameSchema>;
export const stageStateSchema = z.enum(['done', 'under way', 'waiting', 'skipped']);
export type StageState = z.infer<typeof stageStateSchema>;

export const stageSchema = z.object({ name: stageNameSchema, state: stageStateSchema, detail: z.string() });
export type Stage = z.infer<typeof stageSchema>;

export function isItemDone(e: ItemEvidence): boolean {
  return isDoneState(e.state);
}

export function itemStage(items: ItemEvidence[], name: 'build' | 'check'): Stage {
  const mine = items.filter((e) => e.item.owner === 'claude' && isCheckList(e.item.list) === (name === 'check'));
  if (mine.length === 0) return { name, state: 'skipped', detail: 'no items' };
  const done = mine.filter(isItemDone).length;
  const detail = `${done}/${mine.length}`;
  if (done === mine.length) return { name, state: 'done', detail };
  const started = mine.some((e) => e.state !== 'unrun');
  return { name, state: started ? 'under way' : 'waiting', detail };
}

export function commitStage(git: GitInput, edits: FileEdit[]): Stage {
  if (isGitUnknown(git)) return { name: 'commit', state: 'waiting', detail: git.unknown };
  if (!git) return { name: 'commit', state: 'skipped', detail: 'not a git repository' };
  const edited = new Set(edits.map((e) => relativeTo(git.root, e.path)).filter((p): p is string => p !== null));
  const dirty = uncommitted(git.dirty).work;
  // With no edits seen in the session, the whole work tree has to be clean.
  const pending = edited.size ? dirty.filter((p) => edited.has(p)) : dirty;
  // What status does not show (a flag, an ignore rule added after the freeze) but the session
  // edited is as uncommitted as what it shows; the workspace looked only at edited paths.
  const hidden = (git.hidden ?? []).filter((h) => countsAsUncommitted(h) && !pending.includes(h.path));
  const n = pending.length + hidden.length;
  if (n === 0) return { name: 'commit', state: 'done', detail: 'nothing uncommitted' };
  // The count leads the detail (statusText.ts reads it); the hidden ones are named after it.
  const named = hidden.length ? ` (${hidden.slice(0, 3).map((h) => `${h.path}: ${hiddenBy(h)}`).join('; ')}${hidden.length > 3 ? '; …' : ''})` : '';
  return { name: 'commit', state: 'under way', detail: `${n} uncommitted${named}` };
}

export function pushStage(git: GitInput): Stage {
  if (isGitUnknown(git)) return { name: 'push', state: 'waiting', detail: git.unknown };
  if (!git) return { name: 'push', state: 'skipped', detail: 'not a git repository' };
  // A remote removed, renamed or re-pointed since the freeze waits (and is a finding), never "skipped".
  const changes = git.remote ? remoteChanges(git.remote) : [];
  if (changes.length) return { name: 'push', state: 'waiting', detail: remoteChangedDetail(changes) };
  if (!git.hasRemote) return { name: 'push', state: 'skipped', detail: 'no remote' };
  if (!git.upstream) return { name: 'push', state: 'waiting', detail: 'branch has no upstream' };
  // The tracking ref can say "not pushed" (a local ref that lags only makes push wait), never
  // "pushed": only the remote's own answer makes push done.
  if (git.ahead > 0) return { name: 'push', state: 'waiting', detail: `${git.ahead} unpushed` };
  const answer = git.remote?.answer ?? null;
  if (answer === null) return { name: 'push', state: 'waiting', detail: 'push unverified (remote not asked)' };
  if (answer.kind === 'unreachable') return { name: 'push', state: 'waiting', detail: `push unverified (${answer.why})` };
  if (answer.kind === 'lacks-head') {
    const where = answer.at === null ? `${answer.ref} is not on the remote` : `the remote's ${answer.ref} lacks HEAD`;
    return { name: 'push', state: 'waiting', detail: `unpushed: ${where}` };
  }
  return { name: 'push', state: 'done', detail: `on ${git.upstream}` };
}

export function stageCounts(s: Stage): boolean {
  return s.state === 'done' || s.state === 'skipped';
}

/** The detail of a step that has nothing to do yet because the work before it is still open. */
export const AFTER_ITEMS = "after Claude's items";
export const AFTER_COMMIT = 'after the commit';

/**
 * Commit and push in their order: a clean work tree before Claude's items are done, or a pushed
 * branch before the commit, is nothing done yet, so neither is counted before the work it follows.
 */
export function stepsInOrder(itemsDone: boolean, commit: Stage, push: Stage): [Stage, Stage] {
  const c: Stage = !itemsDone && commit.state === 'done' ? { name: 'commit', state: 'waiting', detail: AFTER_ITEMS } : commit;
  const p: Stage = !stageCounts(c) && push.state === 'done' ? { name: 'push', state: 'waiting', detail: AFTER_COMMIT } : push;
  return [c, p];
}

/** A step that only waits for the work before it: it has no work of its own to list. */
export function waitsOnEarlierWork(s: Stage): boolean {
  return s.state === 'waiting' && (s.detail === AFTER_ITEMS || s.detail === AFTER_COMMIT);
}

function relativeTo(root: string, path: string): string | null {
  const r = root.replace(/\/+$/, '') + '/';
  if (path.startsWith(r)) return path.slice(r.length);
  if (!path.startsWith('/')) return path;
  return null;
}
