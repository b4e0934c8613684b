// One proof's re-run that changes a file another proof depends on: the way code run by S1's proof
// (which can tell it is a re-run) prepares S2's checker. What each proof depends on is the seal's
// snapshot (core/seal/snapshot.ts, `proofs[].deps[].path`); what a re-run changed is read by the
// verifier (its own copy-on-write view, or the files before and after it). Such a re-run does not
// pass, and it is an error finding naming both proofs. A file the re-run's own proof depends on is
// watched too: changed in its view while it ran, it was the proof itself or a process outside the
// re-run writing into the view (measured: a process of the same user reaches a running proof's
// view through /proc/PID/root), and the pass stands on files the session did not leave.
import { z } from 'zod';
import { findingId, type Finding } from '../findings/finding';

/** One file a re-run changed that another proof depends on. */
export const changedOtherSchema = z.object({
  /** Workspace-relative, as the seal's snapshot names it. */
  path: z.string(),
  /** The proof that depends on it. */
  id: z.string(),
  proof: z.string(),
});
export type ChangedOther = z.infer<typeof changedOtherSchema>;

export interface Target {
  id: string;
  proof: string;
}

/** What the snapshot says a proof depends on: its text and its files. */
export interface SealedDeps {
  proof: string;
  deps: ReadonlyArray<{ path: string }>;
}

/** The proofs (`self` among them) that depend on each path, from the seal's snapshot. */
export function othersByPath(self: Target, targets: readonly Target[], sealed: readonly SealedDeps[]): Map<string, Target[]> {
  const out = new Map<string, Target[]>();
  for (const t of targets) {
    for (const s of sealed) {
      if (s.proof !== t.proof) continue;
      for (const d of s.deps) {
        const list = out.get(d.path) ?? [];
        if (!list.some((x) => x.id === t.id)) list.push(t);
        out.set(d.path, list);
      }
    }
  }
  return out;
}

/** The paths to watch around `self`'s re-run, sorted. */
export function watchPaths(self: Target, targets: readonly Target[], sealed: readonly SealedDeps[]): string[] {
  return [...othersByPath(self, targets, sealed).keys()].sort();
}

/**
 * What `self`'s re-run changed that others depend on: `before` and `after` hold each watched
 * path's state (a digest, absent, not a file) in the same order as `watch`. A state that could
 * not be read after (null: the proof was cut off before it was read) changes nothing.
 */
export function changedOthers(self: Target, targets: readonly Target[], sealed: readonly SealedDeps[], watch: readonly string[], before: readonly string[], after: readonly string[] | null): ChangedOther[] {
  if (after === null) return [];
  const others = othersByPath(self, targets, sealed);
  const out: ChangedOther[] = [];
  watch.forEach((path, i) => {
    if (before[i] === after[i]) return;
    for (const t of others.get(path) ?? []) out.push({ path, id: t.id, proof: t.proof });
  });
  return out;
}

/** The error findings of a work-tree re-run that changed what other proofs depend on. */
export function changedOtherFindings(r: { id: string; proof: string; clean: boolean; changedOther?: readonly ChangedOther[] }): Finding[] {
  if (r.clean) return [];
  return (r.changedOther ?? []).map((c) => ({
    id: findingId('proof-changed-other', `${r.id}\0${r.proof}\0${c.path}\0${c.id}`),
    kind: 'proof-changed-other' as const,
    severity: 'error' as const,
    message:
      c.id === r.id
        ? `${c.path}, which ${r.id}'s proof \`${r.proof}\` depends on, changed while that proof re-ran (by the proof, or by a process outside the re-run): its pass would stand on files the session did not leave, so ${r.id}'s re-run does not pass.`
        : `${r.id}'s proof \`${r.proof}\` changed ${c.path} when re-run, which ${c.id}'s proof \`${c.proof}\` depends on: each proof must pass on the files as the session left them, so ${r.id}'s re-run does not pass.`,
    action: `Make ${r.id}'s proof leave ${c.path} alone (a proof that writes its own output is fine), then let the stop gate re-run both.`,
    file: c.path,
    line: null,
    evidence: null,
  }));
}
