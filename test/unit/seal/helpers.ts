// Fixture projects for the seal's tests, held in memory: read from test/fixtures/seal/<name>, edited
// as a map, and snapshotted the way the workspace layer does (node:crypto digests, content kept).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifySeal, depPaths } from '../../../src/core/seal/classify';
import { resolveProof, resolveSeal } from '../../../src/core/seal/resolve';
import type { SealSnapshot } from '../../../src/core/seal/snapshot';
import { memoryView, recordingView } from '../../../src/core/seal/view';
import type { Finding } from '../../../src/core/findings/finding';
import { FIXTURES } from '../helpers/fixtures';

export type Files = Record<string, string>;

export const SEAL_FIXTURES = join(FIXTURES, 'seal');

export function loadFixture(name: string): Files {
  const root = join(SEAL_FIXTURES, name);
  const out: Files = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) walk(rel);
      else out[rel] = readFileSync(join(root, rel), 'utf8');
    }
  };
  walk('');
  return out;
}

export function memorySnapshot(files: Files, proofs: readonly string[]): SealSnapshot {
  const rv = recordingView(memoryView(files));
  const res = resolveSeal(proofs, rv);
  const snap: SealSnapshot = { version: 1, takenAtMs: 0, proofs: res.proofs, gates: res.gates, files: [], dirs: [] };
  const deps = depPaths(snap);
  for (const path of [...new Set([...rv.reads, ...deps])].sort()) {
    const text = files[path];
    snap.files.push(
      text === undefined
        ? { path, exists: false, size: 0, mtimeMs: 0, ctimeMs: 0, sha256: null, content: null }
        : { path, exists: true, size: Buffer.byteLength(text), mtimeMs: 1, ctimeMs: 1, sha256: createHash('sha256').update(text).digest('hex'), content: deps.has(path) ? text : null },
    );
  }
  return snap;
}

/**
 * The findings after `edit` changes a fixture: the sealed snapshot is taken first, the current one
 * after, with the sealed dependencies' content kept (as checkSeal keeps it).
 */
export function findingsAfter(fixture: string | Files, proofs: readonly string[], edit: (files: Files) => void): Finding[] {
  const files = typeof fixture === 'string' ? loadFixture(fixture) : { ...fixture };
  const sealed = memorySnapshot(files, proofs);
  const next = { ...files };
  edit(next);
  const current = memorySnapshot(next, proofs);
  const keep = depPaths(sealed);
  for (const f of current.files) if (keep.has(f.path) && f.exists && f.content === null) f.content = next[f.path] ?? null;
  for (const path of keep) {
    if (current.files.some((f) => f.path === path)) continue;
    const text = next[path];
    current.files.push(text === undefined ? { path, exists: false, size: 0, mtimeMs: 0, ctimeMs: 0, sha256: null, content: null } : { path, exists: true, size: text.length, mtimeMs: 2, ctimeMs: 2, sha256: createHash('sha256').update(text).digest('hex'), content: text });
  }
  return classifySeal(sealed, current);
}

/** A fixture's text with one replacement that must apply (a test whose edit misses proves nothing). */
export function replaceIn(files: Files, path: string, from: string | RegExp, to: string): void {
  const text = files[path];
  if (text === undefined) throw new Error(`no ${path} in the fixture`);
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${String(from)} is not in ${path}`);
  files[path] = next;
}

/** What one proof depends on in `files`, as sorted `role path` lines. */
export function depLines(files: Files, proof: string): string[] {
  return resolveProof(proof, memoryView(files))
    .deps.map((d) => `${d.role} ${d.path}`)
    .sort();
}
