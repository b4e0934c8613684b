// Saved scan state per transcript, so a hook or status line after an append reads only the new
// bytes. Each entry is keyed by the file's identity (device, inode) and checked against the bytes
// just before the saved offset: a file that shrank, was replaced or was rewritten is read again
// from the start (a same-size rewrite is caught by its modification time; a rewrite that also grows
// the file past the checked bytes is not, which Claude Code's append-only files never do). Entries are written atomically; concurrent writers each leave a whole, valid entry.
import { readSync, statSync, type Stats } from 'node:fs';
import { basename, join } from 'node:path';
import { hash64 } from '../core/text/hash64';
import { keepDigest, type ScanKeep } from '../core/transcript/keep';
import type { ScanState } from '../core/transcript/scan';
import type { TranscriptSource } from '../core/types';
import { writeCacheFile } from './cacheDir';
import { readTranscript } from './readTranscript';
import { forgedReason } from './scanVerify';
import { withOpenFile } from './withOpenFile';
import { restoreState, scanEntry, SCAN_ENTRY_VERSION, storeState, type StoredEntry } from './scanEntry';
import { readJsonFile } from './readJsonFile';

const PROBE = 256;

/** A scan state with what identifies the bytes it has read and the proofs it was pruned for. */
export type SavedScan = Omit<StoredEntry, 'version' | 'state'> & { state: ScanState };

/** The transcript's entry: a file name that stays the same for the same path. */
export function cacheFile(cacheDir: string, path: string): string {
  return join(cacheDir, hash64(path) + '.json');
}

export function probeHash(path: string, offset: number): string | null {
  if (offset === 0) return '';
  const len = Math.min(PROBE, offset);
  const buf = Buffer.alloc(len);
  const whole = withOpenFile(path, (fd) => readSync(fd, buf, 0, len, offset - len) === len);
  return whole ? buf.toString('base64') : null;
}

/**
 * The saved entry, or null when there is none or it is not exactly the shape this version writes:
 * such an entry is only a cache, so it costs a full read from the transcript and is then rewritten.
 */
export function loadEntry(file: string): SavedScan | null {
  const entry = readJsonFile(file, scanEntry);
  if (!entry) return null;
  const { version: _, state, ...ids } = entry;
  return { ...ids, state: restoreState(state, ids.path) };
}

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

export function readTranscriptResumed(path: string, source: TranscriptSource, prev: SavedScan | null, keep: ScanKeep | null = null): Resumed {
  let st;
  try {
    st = statSync(path);
  } catch {
    return { state: readTranscript(path, source, undefined, keep), saved: null, from: 0 };
  }
  const digest = keepDigest(keep);
  if (prev !== null) {
    try {
      const resumed = resume(path, source, prev, st, keep, digest);
      if (resumed) return resumed;
    } catch {
      // A saved state that cannot be resumed is only a cache: the transcript is read again below.
    }
  }
  const state = readTranscript(path, source, undefined, keep);
  return { state, saved: savedOf(path, st, digest, state), from: 0 };
}

/** The read resumed from `prev`, or null when `prev` is not of this file's bytes and proofs. */
function resume(path: string, source: TranscriptSource, prev: SavedScan, st: Stats, keep: ScanKeep | null, digest: string): Resumed | null {
  const usable =
    prev.path === path &&
    prev.keep === digest &&
    prev.dev === st.dev &&
    prev.ino === st.ino &&
    prev.state.source === source &&
    st.size >= prev.state.offset &&
    // Claude Code only appends: the same size with a new time means the file was rewritten.
    !(st.size === prev.size && st.mtimeMs !== prev.mtimeMs) &&
    probeHash(path, prev.state.offset) === prev.probe;
  if (!usable) return null;
  // The saved state is resumed in place, so its offset is noted before the read moves it.
  const from = prev.state.offset;
  const state = readTranscript(path, source, prev.state, keep);
  if (state.offset === from && prev.mtimeMs === st.mtimeMs) return { state, saved: prev, from };
  return { state, saved: savedOf(path, st, digest, state), from };
}

function savedOf(path: string, st: Stats, keep: string, state: ScanState): SavedScan | null {
  const probe = probeHash(path, state.offset);
  return probe === null ? null : { path, dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, probe, keep, state };
}

/** Reads a transcript through readTranscriptResumed, keeping the saved scan in cacheDir. */
export function readTranscriptCached(path: string, source: TranscriptSource, cacheDir: string | null, keep: ScanKeep | null = null): ScanState {
  if (!cacheDir) return readTranscript(path, source, undefined, keep);
  const file = cacheFile(cacheDir, path);
  const loaded = loadEntry(file);
  // A saved state holding evidence its transcript does not is discarded and reported (scanVerify.ts).
  const forged = loaded ? forgedReason(loaded, path, source, keep, probeHash) : null;
  const entry = forged ? null : loaded;
  const { state, saved } = readTranscriptResumed(path, source, entry, keep);
  if (forged) state.events.forgedCache = forged;
  if (saved && saved !== entry) {
    try {
      const { state: s, ...ids } = saved;
      const json = JSON.stringify({ version: SCAN_ENTRY_VERSION, ...ids, state: storeState(s) } satisfies StoredEntry);
      writeCacheFile(cacheDir, basename(file), json);
    } catch {
      // the cache is an optimisation: failing to save it never changes the answer
    }
  }
  return state;
}
