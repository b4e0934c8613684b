// Saved scan state per transcript, so a hook or status line after an append reads only the new
// bytes. Each entry is keyed by the file's identity (device, inode) and checked against the bytes
// just before the saved offset: a file that shrank, was replaced or was rewritten is read again
// from the start (a same-size rewrite is caught by its modification time; a rewrite that also grows
// the file past the checked bytes is not, which Claude Code's append-only files never do). Entries are written atomically; concurrent writers each leave a whole, valid entry.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ScanState } from '../core/transcript/scan';
import type { TranscriptSource } from '../core/types';
import { writeCacheFile } from './cacheDir';
import { readTranscript } from './readTranscript';

// 2: words keep only the ids their sentence affirms (src/core/evidence/affirmedIds.ts).
const VERSION = 2;
const PROBE = 256;

interface CacheEntry {
  version: number;
  path: string;
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  /** The PROBE bytes just before state.offset, base64. */
  probe: string;
  state: ScanState;
}

/** Two FNV-style hashes of the path: a stable file name for its entry, without loading crypto. */
function pathKey(path: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

export function cacheFile(cacheDir: string, path: string): string {
  return join(cacheDir, pathKey(path) + '.json');
}

function probeHash(path: string, offset: number): string | null {
  if (offset === 0) return '';
  const len = Math.min(PROBE, offset);
  const buf = Buffer.alloc(len);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    if (readSync(fd, buf, 0, len, offset - len) !== len) return null;
  } finally {
    closeSync(fd);
  }
  return buf.toString('base64');
}

function withFile(state: ScanState, path: string): void {
  state.file = path;
  const e = state.events;
  e.file = path;
  for (const r of e.runs) {
    r.at.file = path;
    if (r.endAt) r.endAt.file = path;
  }
  for (const x of [...e.notices, ...e.words, ...e.edits]) x.at.file = path;
}

function loadEntry(file: string): CacheEntry | null {
  if (!existsSync(file)) return null;
  try {
    const e = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
    return e && e.version === VERSION && e.state && typeof e.state.offset === 'number' ? e : null;
  } catch {
    return null; // a damaged cache entry only costs a full read
  }
}

/** A scan state with what identifies the bytes it has read. */
export type SavedScan = Omit<CacheEntry, 'version'>;

/**
 * Reads a transcript, resuming from `prev` when the file is still the same file with the same bytes
 * before the saved offset, else from the start. Returns the new saved scan, or null when the file
 * cannot be stat'ed (the state then carries the read error). Callers keep the result where they
 * like: on disk (readTranscriptCached) or in memory (the extension).
 */
export interface Resumed {
  state: ScanState;
  saved: SavedScan | null;
  /** Where this read started: the saved offset when resumed, else 0. */
  from: number;
}

export function readTranscriptResumed(path: string, source: TranscriptSource, prev: SavedScan | null): Resumed {
  let st;
  try {
    st = statSync(path);
  } catch {
    return { state: readTranscript(path, source), saved: null, from: 0 };
  }
  const usable =
    prev !== null &&
    prev.path === path &&
    prev.dev === st.dev &&
    prev.ino === st.ino &&
    prev.state.source === source &&
    st.size >= prev.state.offset &&
    // Claude Code only appends: the same size with a new time means the file was rewritten.
    !(st.size === prev.size && st.mtimeMs !== prev.mtimeMs) &&
    probeHash(path, prev.state.offset) === prev.probe;
  // The saved state is resumed in place, so its offset is noted before the read moves it.
  const from = usable ? prev.state.offset : 0;
  if (usable) withFile(prev.state, path);
  const state = readTranscript(path, source, usable ? prev.state : undefined);
  if (usable && state.offset === from && prev.mtimeMs === st.mtimeMs) return { state, saved: prev, from };
  const probe = probeHash(path, state.offset);
  const saved = probe === null ? null : { path, dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, probe, state };
  return { state, saved, from };
}

/** Reads a transcript through readTranscriptResumed, keeping the saved scan in cacheDir. */
export function readTranscriptCached(path: string, source: TranscriptSource, cacheDir: string | null): ScanState {
  if (!cacheDir) return readTranscript(path, source);
  const file = cacheFile(cacheDir, path);
  const entry = loadEntry(file);
  const { state, saved } = readTranscriptResumed(path, source, entry);
  if (saved && saved !== entry) {
    try {
      // Every position names the same file; it is left out of the saved copy and put back on load.
      const json = JSON.stringify({ version: VERSION, ...saved } satisfies CacheEntry, (k, v) => (k === 'file' && typeof v === 'string' ? undefined : v));
      writeCacheFile(cacheDir, basename(file), json);
    } catch {
      // the cache is an optimisation: failing to save it never changes the answer
    }
  }
  return state;
}
