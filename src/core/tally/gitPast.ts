// Git read past its own flags: what git's status and tracking refs do not show, decided here from
// facts the workspace read (src/workspace/gitPast.ts). Status skips a file flagged
// assume-unchanged or skip-worktree and an untracked file an ignore rule matches; a tracking ref
// (refs/remotes/origin/main) is a local ref `git update-ref` moves at will. So the commit stage
// also counts the session's edits those hide, and the push stage reads the remote itself, against
// the remote recorded when the goal was frozen.
import { findingId, type Finding } from '../findings/finding';
import type { GitFacts, HiddenEdit, RemoteCheck } from './gitFacts';

/** An edit git's status does not show and that counts as uncommitted. */
export function countsAsUncommitted(h: HiddenEdit): boolean {
  // A rule that stood at the freeze is the project's (a .env it always ignored): not the session's.
  return h.by !== 'ignored' || !h.ruleAtFreeze;
}

/** "assume-unchanged", "skip-worktree", or "ignored by .git/info/exclude:1:new.ts". */
export function hiddenBy(h: HiddenEdit): string {
  return h.by === 'ignored' ? `ignored by ${h.rule ?? 'a rule'}` : h.by;
}

export type RemoteChange =
  | { kind: 'removed'; name: string; url: string }
  | { kind: 'renamed'; name: string; url: string; now: string }
  | { kind: 'url-changed'; name: string; url: string; now: string }
  | { kind: 'upstream-moved'; name: string; now: string };

/**
 * How the remotes moved since the freeze. Only a remote the seal recorded can be removed, renamed
 * or re-pointed; a remote added after the freeze is no change, unless the branch now pushes to it
 * (or to another remote than it did), since that is where a fake "pushed" would be staged.
 * Nothing recorded (an older seal, given files) is nothing to compare.
 */
export function remoteChanges(r: RemoteCheck): RemoteChange[] {
  if (!r.recorded) return [];
  const out: RemoteChange[] = [];
  for (const rec of r.recorded.remotes) {
    const now = r.remotes.find((x) => x.name === rec.name);
    if (now) {
      if (now.url !== rec.url) out.push({ kind: 'url-changed', name: rec.name, url: rec.url, now: now.url });
      continue;
    }
    const renamed = r.remotes.find((x) => x.url === rec.url && !r.recorded!.remotes.some((y) => y.name === x.name));
    out.push(renamed ? { kind: 'renamed', name: rec.name, url: rec.url, now: renamed.name } : { kind: 'removed', name: rec.name, url: rec.url });
  }
  const up = r.upstreamRemote;
  // A renamed remote already says where the upstream went.
  if (up !== null && r.recorded.remotes.length && !out.some((c) => c.kind === 'renamed' && c.now === up)) {
    const was = r.recorded.upstream;
    if (was !== null ? up !== was : !r.recorded.remotes.some((x) => x.name === up)) out.push({ kind: 'upstream-moved', name: was ?? '(none)', now: up });
  }
  return out;
}

function changeWords(c: RemoteChange): string {
  switch (c.kind) {
    case 'removed':
      return `remote ${c.name} (${c.url}) was removed`;
    case 'renamed':
      return `remote ${c.name} (${c.url}) was renamed ${c.now}`;
    case 'url-changed':
      return `remote ${c.name} now points at ${c.now}, not ${c.url}`;
    case 'upstream-moved':
      return c.name === '(none)' ? `the branch now pushes to ${c.now}, a remote added after the freeze` : `the branch now pushes to ${c.now}, not ${c.name}`;
  }
}

/** The push stage's detail while a remote moved: the first change, in words. */
export function remoteChangedDetail(changes: readonly RemoteChange[]): string {
  return `push remote changed: ${changeWords(changes[0]!)}${changes.length > 1 ? ` (+${changes.length - 1} more)` : ''}`;
}

/**
 * The findings git's facts give: a push remote changed since the freeze (an error: the remote the
 * person approved is no longer the one asked, so a push elsewhere proves nothing), and each edit git
 * hides (a warning: the commit stage already holds the verdict for it and names it).
 */
export function gitFindings(git: GitFacts): Finding[] {
  const out: Finding[] = [];
  for (const c of git.remote ? remoteChanges(git.remote) : []) {
    out.push({
      id: findingId('push-remote-changed', `${c.kind}\0${c.name}\0${'url' in c ? c.url : ''}\0${'now' in c ? c.now : ''}`),
      kind: 'push-remote-changed',
      severity: 'error',
      message: `Since the goal was frozen, ${changeWords(c)}: push is read from the remote recorded at the freeze, so it waits.`,
      action: 'Restore the remote as it was (git remote add / set-url / branch --set-upstream-to), or, if you changed it, seal it as it is now: proofmeter doctor --reseal.',
      file: null,
      line: null,
      evidence: null,
    });
  }
  for (const h of (git.hidden ?? []).filter(countsAsUncommitted)) {
    out.push({
      id: findingId('edit-hidden-from-git', `${h.path}\0${h.by}\0${h.rule ?? ''}`),
      kind: 'edit-hidden-from-git',
      severity: 'warning',
      message: `${h.path} was edited in the session and is not committed, but git status does not show it (${hiddenBy(h)}); the commit stage counts it as uncommitted.`,
      action:
        h.by === 'ignored'
          ? `Commit it (git add -f ${h.path}), or remove the rule that hides it.`
          : `Clear the flag (git update-index --no-${h.by} ${h.path}) and commit it.`,
      file: h.path,
      line: null,
      evidence: null,
    });
  }
  return out;
}
