// Hand-written seal snapshots for the classify tests: one file's facts, a dependency, a snapshot of
// proofs, and a finding written out in full (its action follows from its severity).
import type { DepRef } from '../../../src/core/seal/deps';
import type { FileFacts, SealSnapshot } from '../../../src/core/seal/snapshot';
import type { Finding } from '../../../src/core/findings/finding';

export const text = (path: string, content: string, sha: string | null = `sha:${content}`): FileFacts => ({ path, exists: true, size: new TextEncoder().encode(content).length, mtimeMs: 1, ctimeMs: 1, sha256: sha, content });
export const absent = (path: string): FileFacts => ({ path, exists: false, size: 0, mtimeMs: 0, ctimeMs: 0, sha256: null, content: null });
export const dep = (path: string, role: DepRef['role'], parts: string[] | null = null): DepRef => ({ path, role, parts, via: 'the proof' });
export const snap = (proofs: Array<[string, DepRef[]]>, files: FileFacts[], gates: DepRef[] = []): SealSnapshot => ({ version: 1, takenAtMs: 0, proofs: proofs.map(([proof, deps]) => ({ proof, deps, unresolved: [] })), gates, files, dirs: [] });
export const pkg = (json: Record<string, unknown>): FileFacts => text('package.json', JSON.stringify(json, null, 2) + '\n');

/** A finding in full: an error asks to restore `where`, a warning to check the change. */
export function finding(id: string, kind: Finding['kind'], error: boolean, file: string, where: string, message: string, line: number | null, evidence: string): Finding {
  return {
    id,
    kind,
    severity: error ? 'error' : 'warning',
    message,
    action: error ? `restore ${where} to its sealed content (git diff -- ${file}), or ask the person to accept ${id}` : `check that the plan asked for this change (git diff -- ${file}); the person can accept ${id}`,
    file,
    line,
    evidence,
  };
}

/** A finding whose severity is its kind's: only a checker or gate config change is a warning. */
export const found = (id: string, kind: Finding['kind'], file: string, where: string, message: string, line: number | null, evidence: string): Finding =>
  finding(id, kind, !['checker-changed', 'gate-config-changed'].includes(kind), file, where, message, line, evidence);
export const warning = (id: string, kind: Finding['kind'], file: string, message: string, line: number | null, evidence: string): Finding => finding(id, kind, false, file, file, message, line, evidence);
export const error = (id: string, kind: Finding['kind'], file: string, message: string, line: number | null, evidence: string): Finding => finding(id, kind, true, file, file, message, line, evidence);
