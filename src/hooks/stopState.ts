// The stop gate's consecutive-block count, one file per session in .claude/proofmeter/stop-blocks/.
// Claude Code lets a stop through after CLAUDE_CODE_STOP_HOOK_BLOCK_CAP (8) consecutive blocks;
// the count here follows the same run of blocks so the gate can say "block 3 of 8". A run goes
// on while stop_hook_active is true within one prompt, and ends when a stop is allowed.
// One file per session, not one shared file: sessions stopping at the same moment each rewrote the
// shared file from what they had read, and lost each other's counts. A session's own Stop hooks
// run one after another, so its file needs no lock.
import { createHash } from '../workspace/lazyCrypto';
import { existsSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../workspace/atomicWrite';
import { STATE_DIR } from '../workspace/goalState';
import { readJsonFile } from '../workspace/readJsonFile';

/** Bump whenever the entry's shape changes: an entry of another version reads as no count. */
const VERSION = 2;

const entrySchema = z.object({
  version: z.literal(VERSION),
  session: z.string(),
  promptId: z.string().nullable(),
  blocks: z.number().int().positive(),
  at: z.string(),
});

type Entry = z.infer<typeof entrySchema>;

const KEEP_MS = 7 * 24 * 3600 * 1000;

export function stopBlocksDir(workspace: string): string {
  return join(workspace, STATE_DIR, 'stop-blocks');
}

/**
 * The session's file. The id comes from hook input, so it is hashed: no id can name a path
 * outside the folder, and the file still says which session it is for.
 */
export function stopStatePath(workspace: string, session: string): string {
  return join(stopBlocksDir(workspace), `${createHash('sha256').update(session).digest('hex').slice(0, 32)}.json`);
}

/** Missing, torn, of another version or another session: no count, so the run restarts at 1, which only under-reports. */
function load(workspace: string, session: string): Entry | null {
  const e = readJsonFile(stopStatePath(workspace, session), entrySchema);
  return e && e.session === session ? e : null;
}

/** The count only words the message: a count that cannot be saved never opens or closes the gate. */
function save(workspace: string, entry: Entry): void {
  try {
    const dir = stopBlocksDir(workspace);
    // The counts are runtime records: the folder keeps itself out of git, installed or not.
    const ignore = join(dir, '.gitignore');
    if (!existsSync(ignore)) writeFileAtomic(ignore, '# Proofmeter stop-block counts: runtime records, never committed.\n*\n');
    writeFileAtomic(stopStatePath(workspace, entry.session), JSON.stringify(entry) + '\n');
  } catch {
    // read-only or full disk: the next block reads as block 1 again
  }
}

/** Sessions that ended without a stop going through leave a file; a week on, nothing continues it. */
function prune(workspace: string, session: string, now: Date): void {
  try {
    // The shared file of version 1, which lost counts under concurrent stops: its counts are stale.
    unlinkSync(join(workspace, STATE_DIR, 'stop-blocks.json'));
  } catch {
    // already gone
  }
  const dir = stopBlocksDir(workspace);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no counts yet
  }
  // The caller's own file is never a week old: it was just written or just removed.
  const own = stopStatePath(workspace, session);
  for (const name of names) {
    const path = join(dir, name);
    if (!name.endsWith('.json') || path === own) continue;
    try {
      if (now.getTime() - statSync(path).mtimeMs > KEEP_MS) unlinkSync(path);
    } catch {
      // another session pruned it first: only disk space is at stake
    }
  }
}

/** The number of this block in the current run of consecutive blocks, recorded. */
export function recordBlock(workspace: string, session: string, promptId: string | null, active: boolean, now: Date): number {
  const prev = load(workspace, session);
  const continuing = active && prev !== null && (promptId === null || prev.promptId === null || prev.promptId === promptId);
  const blocks = continuing ? prev.blocks + 1 : 1;
  save(workspace, { version: VERSION, session, promptId, blocks, at: now.toISOString() });
  prune(workspace, session, now);
  return blocks;
}

/** A stop went through: the next block starts a new run. */
export function resetBlocks(workspace: string, session: string, now: Date): void {
  try {
    unlinkSync(stopStatePath(workspace, session));
  } catch {
    // no run to end, or it cannot be removed: a stale count only words the next message
  }
  prune(workspace, session, now);
}

/**
 * Claude Code's cap on consecutive stop blocks, as 2.1.332 applies it: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP,
 * 8 when unset or not an integer. It honours that many blocks in a row and overrides the next one
 * (measured in test/realcli/seal.test.ts: a Stop hook that always blocks runs 9 times, the 9th is
 * overridden). 0 or less turns the cap off: Infinity here.
 */
export function blockCap(env: NodeJS.ProcessEnv): number {
  const raw = env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP;
  if (raw === undefined || !/^\s*-?\d+\s*$/.test(raw)) return 8;
  const n = Number(raw);
  return n > 0 ? n : Infinity;
}
