// One install or uninstall at a time per workspace. Each one reads the settings files and
// install.json, merges, and writes them back; two at once (install and install --local, say)
// wrote over each other's results and lost the person's bytes and the record of the install.
// The lock is a file created with O_EXCL holding who took it and when; a lock whose process is
// gone, or that is older than any install takes, is stale and taken over.
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { z } from 'zod';
import { STATE_DIR } from './goalState';
import { UserError } from '../core/userError';
import { processAlive } from './processAlive';

export const LOCK_NAME = 'install.lock';

export interface LockOptions {
  /** How long to wait for another run to finish before giving up. */
  timeoutMs?: number;
  /** A lock older than this is stale whoever holds it: no install takes anywhere near this long. */
  staleMs?: number;
}

const holderSchema = z.object({ pid: z.number().int().positive(), host: z.string(), at: z.number(), token: z.string() });
type Holder = z.infer<typeof holderSchema>;

// A holder writes its record right after creating the file; an unreadable lock older than this
// was left by a process that died in between.
const TORN_MS = 2_000;

export function lockPath(workspace: string): string {
  return join(workspace, STATE_DIR, LOCK_NAME);
}

/** Runs `fn` holding the workspace's install lock; one line of UserError when it cannot be had. */
export function withInstallLock<T>(workspace: string, fn: () => T, opts: LockOptions = {}): T {
  const path = lockPath(workspace);
  const taken = acquire(workspace, path, opts.timeoutMs ?? 10_000, opts.staleMs ?? 30_000);
  try {
    return fn();
  } finally {
    release(path, taken);
  }
}

interface Taken {
  token: string;
  /** The first folder this run created for the lock, removed again when the run left it empty. */
  createdDir: string | undefined;
}

function acquire(workspace: string, path: string, timeoutMs: number, staleMs: number): Taken {
  const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const deadline = Date.now() + timeoutMs;
  let createdDir: string | undefined;
  for (;;) {
    try {
      createdDir = mkdirSync(dirname(path), { recursive: true }) ?? createdDir;
      const fd = openSync(path, 'wx', 0o644);
      try {
        const holder: Holder = { pid: process.pid, host: hostname(), at: Date.now(), token };
        writeSync(fd, JSON.stringify(holder));
      } catch (e) {
        closeSync(fd);
        unlinkSync(path);
        throw e;
      }
      closeSync(fd);
      return { token, createdDir };
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // ENOENT: another run removed the folder it had created between our mkdir and open.
      if (code !== 'EEXIST' && code !== 'ENOENT') throw new UserError(`cannot create the lock ${relative(workspace, path)}: ${code ?? (e as Error).message}`);
    }
    const seen = readHolder(path);
    if (seen && isStale(seen, staleMs) && breakLock(path, seen.text)) continue;
    if (Date.now() >= deadline) {
      const who = seen?.holder ? `pid ${seen.holder.pid}` : 'another process';
      throw new UserError(`another proofmeter install or uninstall (${who}) holds ${relative(workspace, path)}; try again when it is done, or remove that file if no such process runs.`);
    }
    sleep(15 + Math.random() * 35);
  }
}

interface Seen {
  text: string;
  holder: Holder | null;
  ageMs: number;
}

function readHolder(path: string): Seen | null {
  try {
    const text = readFileSync(path, 'utf8');
    const mtime = statSync(path).mtimeMs;
    let holder: Holder | null = null;
    try {
      const p = holderSchema.safeParse(JSON.parse(text));
      if (p.success) holder = p.data;
    } catch {
      // torn or foreign: judged by its age alone
    }
    return { text, holder, ageMs: Date.now() - (holder?.at ?? mtime) };
  } catch {
    return null; // released meanwhile
  }
}

function isStale(seen: Seen, staleMs: number): boolean {
  if (seen.ageMs > staleMs) return true;
  if (!seen.holder) return seen.ageMs > TORN_MS;
  // A pid means something only on the machine that wrote it (a container sharing the folder has its own).
  return seen.holder.host === hostname() && !processAlive(seen.holder.pid);
}

/**
 * Removes the stale lock that was read as `text`. Moved aside first, then checked: between the
 * read and the move another run may have broken it and taken a fresh one, which is put back.
 * (When a third run took the lock in that instant as well, two hold it; that needs a stale lock
 * and three runs within microseconds.)
 */
function breakLock(path: string, text: string): boolean {
  const aside = `${path}.stale.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(path, aside);
  } catch {
    return true; // gone already: try to take it
  }
  let moved = '';
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    // unreadable: treated as not the one judged stale
  }
  if (moved !== text) {
    try {
      linkSync(aside, path);
    } catch {
      // someone holds a newer lock already
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // nothing to clean
  }
  return moved === text;
}

function release(path: string, taken: Taken): void {
  try {
    const p = holderSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    // Only our own: after a stale take-over the file may be another run's.
    if (p.success && p.data.token === taken.token) unlinkSync(path);
  } catch {
    // gone already
  }
  if (!taken.createdDir) return;
  // A run that found nothing to do leaves no empty .claude/proofmeter/ (or .claude/) behind.
  for (let d = dirname(path); d.length >= taken.createdDir.length; d = dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      break; // not empty: in use
    }
  }
}

function sleep(ms: number): void {
  // Install and uninstall are synchronous from start to end; this blocks without spinning.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
