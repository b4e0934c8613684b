// The seal's snapshot of the real workspace, and the check against it. Sealing resolves each
// proof's dependencies (core/seal/resolve.ts) and records every file and folder that decided them:
// size, mtime, ctime, a SHA-256, and the text of small dependencies. A check first only stats
// those: when no file and no folder moved (size, mtime and ctime; ctime cannot be set back by
// `touch`), nothing is read and there is nothing to find. Otherwise it resolves again, reads and
// hashes only what moved, and hands both snapshots to the classifier.
import { createHash } from '../lazyCrypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../core/findings/finding';
import { classifySeal, depPaths } from '../../core/seal/classify';
import { resolveSeal } from '../../core/seal/resolve';
import { CONTENT_LIMIT, type DirFacts, type FileFacts, type SealSnapshot } from '../../core/seal/snapshot';
import { recordingView } from '../../core/seal/view';
import { redactSecrets } from '../../core/seal/runnerConfig';
import { fsView, type FsView } from './fsView';

/** File times this close to the snapshot (or after it) do not prove the file unchanged: it is read again. */
const RACY_MS = 2000;

interface Stat {
  exists: boolean;
  isFile: boolean;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

function statOf(root: string, path: string): Stat {
  try {
    const s = statSync(join(root, path));
    return { exists: true, isFile: s.isFile(), size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs };
  } catch {
    return { exists: false, isFile: false, size: 0, mtimeMs: 0, ctimeMs: 0 };
  }
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** Text worth keeping: small, and no NUL byte (a binary file is compared by digest only). */
function textOf(b: Buffer): string | null {
  return b.length <= CONTENT_LIMIT && !b.includes(0) ? b.toString('utf8') : null;
}

function factsOf(view: FsView, root: string, path: string, keepContent: boolean): FileFacts {
  const st = statOf(root, path);
  const b = st.isFile ? view.bytes(path) : null;
  if (!b) return { path, exists: false, size: 0, mtimeMs: 0, ctimeMs: 0, sha256: null, content: null };
  const text = keepContent ? textOf(b) : null;
  // The digest is of the bytes; the text kept has a package manager config's credentials taken out.
  return { path, exists: true, size: b.length, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, sha256: sha256(b), content: text === null ? null : redactSecrets(path, text) };
}

function namesOf(root: string, path: string): string {
  try {
    return sha256(
      readdirSync(join(root, path), { withFileTypes: true })
        .map((e) => (e.isDirectory() ? e.name + '/' : e.name))
        .sort()
        .join('\n'),
    );
  } catch {
    return '';
  }
}

function dirFacts(root: string, path: string): DirFacts {
  const st = statOf(root, path);
  const exists = st.exists && !st.isFile;
  return { path, exists, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, names: exists ? namesOf(root, path) : '' };
}

/** Whether a file is not as the snapshot has it: by its stat, and by its digest when its times are too recent to trust. */
function fileMoved(root: string, f: FileFacts, takenAtMs: number): boolean {
  const st = statOf(root, f.path);
  if (!f.exists) return st.isFile;
  if (!st.isFile || st.size !== f.size || st.mtimeMs !== f.mtimeMs || st.ctimeMs !== f.ctimeMs) return true;
  if (Math.max(st.ctimeMs, st.mtimeMs) < takenAtMs - RACY_MS) return false;
  try {
    return f.sha256 !== sha256(readFileSync(join(root, f.path)));
  } catch {
    return true;
  }
}

function dirMoved(root: string, d: DirFacts, takenAtMs: number): boolean {
  const st = statOf(root, d.path);
  const isDir = st.exists && !st.isFile;
  if (isDir !== d.exists) return true;
  if (!isDir) return false;
  if (st.mtimeMs !== d.mtimeMs || st.ctimeMs !== d.ctimeMs) return true;
  return Math.max(st.ctimeMs, st.mtimeMs) >= takenAtMs - RACY_MS && namesOf(root, d.path) !== d.names;
}

/**
 * The files and folders of a snapshot that are not as it has them (folders end in `/`). Stat
 * only, except for entries written within RACY_MS of the snapshot, whose content is compared.
 */
export function movedPaths(root: string, snap: SealSnapshot): string[] {
  return [...snap.files.filter((f) => fileMoved(root, f, snap.takenAtMs)).map((f) => f.path), ...snap.dirs.filter((d) => dirMoved(root, d, snap.takenAtMs)).map((d) => d.path + '/')];
}

/**
 * Takes the snapshot of the workspace at `root` for these proofs. `keep` lists more paths whose
 * content must be kept (a check keeps the sealed dependencies' current text to diff against);
 * `reuse` holds facts of an earlier snapshot to take as they are for files that did not move.
 */
export function snapshotWorkspace(root: string, proofs: readonly string[], keep: ReadonlySet<string> = new Set(), reuse?: SealSnapshot): SealSnapshot {
  const takenAtMs = Date.now();
  const view = fsView(root);
  const rv = recordingView(view);
  const res = resolveSeal(proofs, rv);
  const snap: SealSnapshot = { version: 1, takenAtMs, proofs: res.proofs, gates: res.gates, files: [], dirs: [] };
  const deps = depPaths(snap);
  // A runner's own files are compared by digest: their text is the package's, never diffed, and a
  // runner's code kept as text would make the seal's content file as large as the package.
  const digestOnly = new Set([...res.proofs, ...(reuse?.proofs ?? [])].flatMap((p) => (p.toolchain ?? []).filter((d) => d.role === 'runner-bin' && d.parts === null).map((d) => d.path)));
  const old = new Map((reuse?.files ?? []).map((f) => [f.path, f]));
  for (const path of [...new Set([...rv.reads, ...deps, ...keep])].sort()) {
    const want = (deps.has(path) || keep.has(path)) && !digestOnly.has(path);
    const prev = old.get(path);
    const hasWhatIsWanted = prev && (!want || !prev.exists || prev.content !== null || prev.size > CONTENT_LIMIT);
    if (prev && reuse && hasWhatIsWanted && !fileMoved(root, prev, reuse.takenAtMs)) snap.files.push(prev);
    else snap.files.push(factsOf(view, root, path, want));
  }
  snap.dirs = [...rv.lists].sort().map((d) => dirFacts(root, d));
  return snap;
}

/** Seals the workspace for these proofs: the snapshot a later check compares with. */
export function sealWorkspace(root: string, proofs: readonly string[]): SealSnapshot {
  return snapshotWorkspace(root, proofs);
}

export interface SealCheck {
  /** Files and folders that moved since the seal (folders end in `/`); empty: nothing was resolved again. */
  moved: string[];
  /** The workspace now, taken only when something moved; otherwise the sealed snapshot itself. */
  current: SealSnapshot;
  findings: Finding[];
}

/** Checks the workspace against a sealed snapshot, for the proofs that were sealed. */
export function checkSeal(root: string, sealed: SealSnapshot): SealCheck {
  const moved = movedPaths(root, sealed);
  if (!moved.length) return { moved, current: sealed, findings: [] };
  const current = snapshotWorkspace(
    root,
    sealed.proofs.map((p) => p.proof),
    depPaths(sealed),
    sealed,
  );
  return { moved, current, findings: classifySeal(sealed, current) };
}
