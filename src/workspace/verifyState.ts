// The verifier's saved re-runs, .claude/proofmeter/verify.json: the latest re-run per item in the
// work tree and in a clean checkout. Read back through zod; a file that is missing, torn or of
// another shape reads as no results, which can only leave a proof standing as the session's
// evidence has it, never make one.
import { join } from 'node:path';
import { z } from 'zod';
import { rerunBySchema, rerunSchema } from '../core/evidence/rerun';
import { testsRanSchema } from '../core/evidence/testCount';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { readJsonFile } from './readJsonFile';

const VERSION = 1;

/** Where a re-run ran: in the sandbox ('kernel', rerunSandbox.ts), or bare ('none'). */
export const sandboxKindSchema = z.enum(['kernel', 'none']);

export const savedRerunSchema = rerunSchema.extend({
  /** The workspace's content when it ran (treeKey.ts); null outside git, where nothing is reused. */
  treeKey: z.string().nullable(),
  /** The content the re-runs themselves left, when they changed it: an unchanged tree since then reuses too. */
  treeKeyAfter: z.string().nullable(),
  /** Which environment it ran in (goalEnv.ts), by digest only. */
  envDigest: z.string(),
  envSource: z.enum(['goal', 'runner']),
  by: rerunBySchema,
  /**
   * 'kernel': run in the sandbox, where writes to the meter's files are refused (rerunSandbox.ts);
   * 'none': run bare, with the seal checked after it. A re-run saved before the sandbox ran bare.
   */
  sandbox: sandboxKindSchema.default('none'),
  /** The seal check after it found the meter's files changed (meter-tampered): a failure, whatever it exited. */
  tampered: z.boolean().default(false),
  /** The tests its runner's summary says ran (core/evidence/testCount.ts): a count, never the output; null before counts were kept. */
  tests: testsRanSchema.nullable().default(null),
});

export type SavedRerun = z.infer<typeof savedRerunSchema>;

export const verifyFileSchema = z.object({ version: z.literal(VERSION), results: z.array(savedRerunSchema) });

export function verifyPath(workspace: string): string {
  return join(workspace, STATE_DIR, 'verify.json');
}

export function readReruns(workspace: string): SavedRerun[] {
  return readJsonFile(verifyPath(workspace), verifyFileSchema)?.results ?? [];
}

/** Keeps the newest re-run per item and place (work tree or clean), the new ones replacing the old. */
export function saveReruns(workspace: string, fresh: readonly SavedRerun[]): void {
  const key = (r: SavedRerun) => `${r.clean ? 'clean' : 'tree'}\0${r.id}`;
  const replaced = new Set(fresh.map(key));
  const kept = readReruns(workspace).filter((r) => !replaced.has(key(r)));
  writeFileAtomic(verifyPath(workspace), JSON.stringify({ version: VERSION, results: [...kept, ...fresh] }, null, 2) + '\n');
}
