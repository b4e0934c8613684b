// The stop gate's re-run record (core/evidence/reverified.ts) on disk: one copy in the workspace's
// state folder, which Claude Code's sandbox keeps the agent's shell from writing, and one beside
// the seal's outside copy. Only the stop gate writes it, after every proof passed again; a failed
// re-run removes both copies first. Reading never repairs: a copy that is a folder, torn or of
// another shape reads as "bad", which keeps the verdict open.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sha256Bytes } from '../core/evidence/sha256';
import { judgeReverified, reverifiedRecordSchema, type RecordCopy, type Reverify, type ReverifiedRecord } from '../core/evidence/reverified';
import type { PlanItem } from '../core/types';
import type { Tally } from '../core/tally/tally';
import { withReverify } from '../core/tally/tally';
import { z } from 'zod';
import { writeFileAtomic } from './atomicWrite';
import { writeCacheFile } from './cacheDir';
import { readJsonFile } from './readJsonFile';
import { goalPath, STATE_DIR } from './goalState';
import { outsideSealDir, realWorkspace } from './sealRecord/paths';
import { contentKey } from './treeKey';

const FILE = 'verified.json';

export function reverifiedPaths(workspace: string, env: NodeJS.ProcessEnv): { inside: string; outside: string } {
  return { inside: join(workspace, STATE_DIR, FILE), outside: join(outsideSealDir(realWorkspace(workspace), env), FILE) };
}

function readCopy(path: string): RecordCopy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { state: 'absent' } : { state: 'bad', why: `cannot be read (${code ?? 'error'})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { state: 'bad', why: 'is not valid JSON' };
  }
  const r = reverifiedRecordSchema.safeParse(json);
  return r.success ? { state: 'ok', record: r.data, text } : { state: 'bad', why: 'does not hold a re-run record' };
}

/** sha256 of goal.json's bytes now; null when it cannot be read. */
export function goalDigest(workspace: string): string | null {
  try {
    return sha256Bytes(readFileSync(goalPath(workspace)));
  } catch {
    return null;
  }
}

/**
 * The proofs the stop gate re-runs: Claude's command proofs, never the person's, and not an item
 * Claude handed over (nothing it can run closes that; the person's words do).
 */
export function rerunTargets(items: readonly PlanItem[], tally: Pick<Tally, 'items'> | null): Array<{ id: string; proof: string }> {
  const handed = new Set((tally?.items ?? []).filter((i) => i.handover !== null).map((i) => i.id));
  return items.flatMap((i) => (i.owner === 'claude' && i.proof?.kind === 'command' && !handed.has(i.id) ? [{ id: i.id, proof: i.proof.command }] : []));
}

/** Writes both copies, the outside one first: a workspace copy alone is never a pass. Throws on a failure. */
export function writeReverified(workspace: string, env: NodeJS.ProcessEnv, record: ReverifiedRecord): void {
  const p = reverifiedPaths(workspace, env);
  const text = JSON.stringify(reverifiedRecordSchema.parse(record), null, 2) + '\n';
  mkdirSync(dirname(p.outside), { recursive: true, mode: 0o700 });
  writeFileAtomic(p.outside, text);
  writeFileAtomic(p.inside, text);
}

/**
 * Removes both copies (a failed re-run, a new freeze). Whatever stands at either path goes, a folder
 * made there too: the paths are the meter's. Throws when something could not be removed.
 */
export function clearReverified(workspace: string, env: NodeJS.ProcessEnv): void {
  const p = reverifiedPaths(workspace, env);
  for (const path of [p.inside, p.outside]) rmSync(path, { recursive: true, force: true });
}

/**
 * For the status line, which runs after every message: the content key it computed less than
 * maxAgeMs ago is reused (a `git add -A` into a copied index costs 20-250 ms). So an edit shows
 * there within the age limit; the stop gate and `proofmeter tally` always compute it anew.
 */
export interface KeyCache {
  dir: string;
  maxAgeMs: number;
  now?: number;
}

const keyEntrySchema = z.object({ at: z.number(), key: z.string().nullable() });

function cachedContentKey(workspace: string, env: NodeJS.ProcessEnv, cache: KeyCache | undefined): string | null {
  if (!cache) return contentKey(workspace, env);
  const now = cache.now ?? Date.now();
  const saved = readJsonFile(join(cache.dir, 'treekey.json'), keyEntrySchema);
  if (saved && now - saved.at >= 0 && now - saved.at < cache.maxAgeMs) return saved.key;
  const key = contentKey(workspace, env);
  try {
    writeCacheFile(cache.dir, 'treekey.json', JSON.stringify({ at: now, key }));
  } catch {
    // saving only spares the next call the work
  }
  return key;
}

/** The re-run's standing for the goal and the work tree as they are now (reads git: only when the evidence says done). */
export function reverifyNow(workspace: string, env: NodeJS.ProcessEnv, items: readonly PlanItem[], tally: Tally, cache?: KeyCache): Reverify {
  const p = reverifiedPaths(workspace, env);
  const goal = goalDigest(workspace);
  if (goal === null) return { state: 'awaiting', why: 'goal.json could not be read', at: null };
  const inside = readCopy(p.inside);
  const outside = readCopy(p.outside);
  // Without both copies nothing can stand, whatever the content: git is not asked.
  const treeKey = inside.state === 'ok' && outside.state === 'ok' ? cachedContentKey(workspace, env, cache) : null;
  return judgeReverified({ inside, outside, goal, treeKey, proofs: rerunTargets(items, tally) });
}

/** The tally with its verdict resting on the stop gate's re-run (core/tally withReverify). */
export function reverifiedTally(workspace: string, env: NodeJS.ProcessEnv, items: readonly PlanItem[], tally: Tally, cache?: KeyCache): Tally {
  return withReverify(tally, tally.verdict === 'done' ? reverifyNow(workspace, env, items, tally, cache) : { state: 'not-required', why: null, at: null });
}
