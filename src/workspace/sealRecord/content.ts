// The content part of the seal: the content analysis's snapshot of what the goal's proofs depend
// on (src/workspace/seal/snapshot.ts), kept as seal-content.json beside both copies of the seal
// and named by digest in seal.json. Compared at every tally, stat first: when nothing the proofs
// depend on moved, nothing is resolved or read again.
import { readFileSync, statSync } from 'node:fs';
import type { Finding } from '../../core/findings/finding';
import { sealSnapshotSchema, type SealSnapshot } from '../../core/seal/snapshot';
import { tampered } from '../../core/sealRecord/findings';
import type { SealRecord } from '../../core/sealRecord/record';
import { checkSeal as checkContent, sealWorkspace } from '../seal/snapshot';
import type { GoalState } from '../goalState';
import { sha256 } from './observe';
import { contentPathBeside, outsideSealPath, workspaceSealPath } from './paths';

/** The command proofs of Claude's items: what the snapshot resolves. */
export function goalProofs(goal: GoalState): string[] {
  return goal.items.flatMap((i) => (i.owner === 'claude' && i.proof?.kind === 'command' ? [i.proof.command] : []));
}

export function snapshotText(workspace: string, goal: GoalState | null): string | null {
  if (!goal) return null;
  const proofs = goalProofs(goal);
  return proofs.length ? JSON.stringify(sealWorkspace(workspace, proofs)) + '\n' : null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Where the content file of this seal may be: beside the workspace copy, beside the outside copy. */
export function contentPlaces(workspace: string, seal: SealRecord, env: NodeJS.ProcessEnv): string[] {
  return [contentPathBeside(workspaceSealPath(workspace)), contentPathBeside(outsideSealPath(seal.workspace, env))];
}

/** The content file's text as the seal names it, from whichever copy still matches its digest. */
export function sealedContentText(workspace: string, seal: SealRecord, env: NodeJS.ProcessEnv): string | null {
  const want = seal.content.snapshot;
  if (!want) return null;
  for (const p of contentPlaces(workspace, seal, env)) {
    const t = readText(p);
    if (t !== null && sha256(t) === want.sha256) return t;
  }
  return null;
}

function parse(text: string): SealSnapshot | null {
  try {
    const r = sealSnapshotSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * The content findings: the classifier's (a test skipped, a checker trivialised, ...), or
 * meter-tampered when the snapshot the seal names can no longer be read from either side. The
 * workspace copy is read and hashed; the outside one only stat-ed while the first holds.
 */
export function contentFindings(workspace: string, seal: SealRecord, env: NodeJS.ProcessEnv): Finding[] {
  const want = seal.content.snapshot;
  if (!want) return [];
  const [inside, outside] = contentPlaces(workspace, seal, env) as [string, string];
  const insideText = readText(inside);
  let text: string | null = insideText !== null && sha256(insideText) === want.sha256 ? insideText : null;
  const out: Finding[] = [];
  if (text === null) {
    const o = readText(outside);
    if (o !== null && sha256(o) === want.sha256) text = o;
    out.push(tampered('seal', `content-inside\0${insideText === null ? 'missing' : sha256(insideText)}`, `The seal's content snapshot beside the workspace copy (${inside}) is ${insideText === null ? 'missing' : 'not the one sealed'}.`, inside));
  } else {
    let size = -1;
    try {
      size = statSync(outside).size;
    } catch {
      // missing
    }
    if (size !== want.bytes) out.push(tampered('seal', `content-outside\0${size}`, `The seal's content snapshot outside the workspace (${outside}) is ${size < 0 ? 'missing' : 'not the one sealed'}.`, outside));
  }
  const snap = text === null ? null : parse(text);
  if (!snap) {
    if (text === null) out.push(tampered('seal', 'content-gone', "The seal's content snapshot is gone from both sides: what the proofs depend on cannot be compared.", inside));
    return out;
  }
  return [...out, ...checkContent(workspace, snap).findings];
}
