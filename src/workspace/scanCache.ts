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

const VERSION = 1;
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

/** Reads a transcript, resuming from a saved state when the file is still the same file. */
export function readTranscriptCached(path: string, source: TranscriptSource, cacheDir: string | null): ScanState {
  if (!cacheDir) return readTranscript(path, source);
  let st;
  try {
    st = statSync(path);
  } catch {
    return readTranscript(path, source);
  }
  const file = cacheFile(cacheDir, path);
  const entry = loadEntry(file);
  let from: ScanState | undefined;
  if (
    entry &&
    entry.path === path &&
    entry.dev === st.dev &&
    entry.ino === st.ino &&
    entry.state.source === source &&
    st.size >= entry.state.offset &&
    // Claude Code only appends: the same size with a new time means the file was rewritten.
    !(st.size === entry.size && st.mtimeMs !== entry.mtimeMs) &&
    probeHash(path, entry.state.offset) === entry.probe
  ) {
    from = entry.state;
  }
  if (from) withFile(from, path);
  const before = from?.offset ?? -1;
  const state = readTranscript(path, source, from);
  if (state.offset !== before || !entry || entry.mtimeMs !== st.mtimeMs) {
    const probe = probeHash(path, state.offset);
    if (probe !== null) {
      try {
        const saved: CacheEntry = { version: VERSION, path, dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, probe, state };
        // Every position names the same file; it is left out of the saved copy and put back on load.
        writeCacheFile(cacheDir, basename(file), JSON.stringify(saved, (k, v) => (k === 'file' && typeof v === 'string' ? undefined : v)));
      } catch {
        // the cache is an optimisation: failing to save it never changes the answer
      }
    }
  }
  return state;
}
