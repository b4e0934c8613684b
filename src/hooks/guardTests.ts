// The guard's refusal of a skipped or focused test: an Edit, Write or MultiEdit that adds `.skip`,
// `.only`, `xit`, `fit`, `it.todo` (and the other runners' markers the inventory knows) to a test
// file a sealed proof runs. Kept cheap: only files in a language the inventory reads are looked at,
// the seal's content snapshot (which lists each proof's test files) is read only then, and the
// inventory is taken only of a file that snapshot lists as a test, before and after the edit.
// The seal check's `test-skipped`/`test-focused` findings stay the backstop for every other way
// of writing the file (a script, a heredoc, sed).
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { langOf } from '../core/seal/blank';
import { inventory, type Marker } from '../core/seal/inventory';
import { relativeInside } from '../workspace/insidePath';
import { contentPathBeside, outsideSealPath, realWorkspace, workspaceSealPath } from '../workspace/sealRecord/paths';

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The proofs that run `rel` as a test, by the seal's content snapshot (the workspace copy, else the outside one). */
export function sealedTestProofs(workspace: string, env: NodeJS.ProcessEnv, rel: string): string[] {
  for (const p of [contentPathBeside(workspaceSealPath(workspace)), contentPathBeside(outsideSealPath(realWorkspace(workspace), env))]) {
    const text = readOrNull(p);
    if (text === null) continue;
    // Most edits are of files the snapshot never names: no parse for those.
    if (!text.includes(JSON.stringify(rel))) return [];
    try {
      const snap = JSON.parse(text) as { proofs?: Array<{ proof?: unknown; deps?: Array<{ path?: unknown; role?: unknown }> }> };
      const out: string[] = [];
      for (const pr of snap.proofs ?? []) {
        if (typeof pr.proof === 'string' && (pr.deps ?? []).some((d) => d.role === 'test' && d.path === rel)) out.push(pr.proof);
      }
      return out;
    } catch {
      // A damaged snapshot is the seal check's finding; try the other copy.
    }
  }
  return [];
}

/** Markers in `after` that `before` did not have, matched by their text (lines move when code is added above). */
export function addedMarkers(before: readonly Marker[], after: readonly Marker[]): Marker[] {
  const left = new Map<string, number>();
  for (const m of before) left.set(m.text, (left.get(m.text) ?? 0) + 1);
  const out: Marker[] = [];
  for (const m of after) {
    const n = left.get(m.text) ?? 0;
    if (n > 0) left.set(m.text, n - 1);
    else out.push(m);
  }
  return out;
}

/**
 * Why the guard refuses this edit of `abs`, or null. `after` is the file's text after the edit
 * (computed lazily: only for a sealed test file).
 */
export function testEditReason(abs: string, workspace: string, env: NodeJS.ProcessEnv, before: () => string | null, after: (before: string | null) => string | null): string | null {
  if (langOf(abs) === null) return null;
  const rel = relativeInside(workspace, abs);
  if (rel === null) return null;
  const relPosix = rel.split(sep).join('/');
  const proofs = sealedTestProofs(workspace, env, relPosix);
  if (!proofs.length) return null;
  const b = before();
  const a = after(b);
  if (a === null) return null;
  const was = inventory(relPosix, b ?? '');
  const now = inventory(relPosix, a);
  if (!was || !now) return null;
  const skipped = addedMarkers(was.skipped, now.skipped);
  const focused = addedMarkers(was.focused, now.focused);
  if (!skipped.length && !focused.length) return null;
  const first = (skipped[0] ?? focused[0])!;
  const what = skipped.length && focused.length ? 'skip and focus tests' : skipped.length ? (skipped.length > 1 ? `skip ${skipped.length} tests` : 'skip a test') : focused.length > 1 ? `focus ${focused.length} tests` : 'focus a test';
  const proof = proofs.length > 1 ? `the sealed proofs ${proofs.map((p) => `\`${p}\``).join(', ')} run` : `the sealed proof \`${proofs[0]}\` runs`;
  return `Proofmeter guard: this edit would ${what} in ${relPosix} (line ${first.line}: \`${first.text}\`), a test file ${proof}; a skipped or focused test lets the proof pass without the work. Make the code pass the test as it is; if the test itself is wrong, ask the person.`;
}
