// Reads a transcript's context incrementally, apart from the evidence scan: a session that never
// shows its context never pays for it, and the scan's fast path (it parses only the few lines
// evidence can come from) stays as it is. A saved state is resumed only while the file is still
// the same file with the same bytes before the saved offset (the checks of scanCache.ts).
import { closeSync, openSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { contextBytes, newContextState, type ContextState } from '../core/context/contextScan';
import { writeCacheFile } from './cacheDir';
import { feedChunks } from './feedChunks';
import { CONTEXT_ENTRY_VERSION, contextEntry, restoreContextState, storeContextState, type ContextEntry, type SavedContext } from './contextEntry';
import { cacheFile, probeHash } from './scanCache';
import { readJsonFile } from './readJsonFile';

export interface ContextRead {
  saved: SavedContext;
  /** Where this read started: the saved offset when resumed, else 0. */
  from: number;
  /** Bytes read by this call. */
  bytesRead: number;
}

function readFrom(path: string, state: ContextState): number {
  const fd = openSync(path, 'r');
  try {
    const fed = feedChunks(fd, state.offset, (chunk) => {
      const before = state.offset;
      contextBytes(state, chunk);
      return state.offset - before;
    });
    state.pendingBytes = fed.leftover;
    return fed.bytesRead;
  } finally {
    closeSync(fd);
  }
}

/**
 * The context of the transcript at `path`, resumed from `prev` when it is of this file's bytes;
 * null when the file cannot be read. `prev` is resumed in place.
 */
export function readContextResumed(path: string, prev: SavedContext | null): ContextRead | null {
  let st;
  try {
    st = statSync(path);
  } catch {
    return null;
  }
  const usable =
    prev !== null &&
    prev.path === path &&
    prev.dev === st.dev &&
    prev.ino === st.ino &&
    st.size >= prev.state.offset &&
    !(st.size === prev.size && st.mtimeMs !== prev.mtimeMs) &&
    probeHash(path, prev.state.offset) === prev.probe;
  const state = usable ? prev.state : newContextState();
  const from = state.offset;
  let bytesRead: number;
  try {
    bytesRead = readFrom(path, state);
  } catch {
    return null;
  }
  const probe = probeHash(path, state.offset);
  if (probe === null) return null;
  // The window belongs to the session, not to its bytes: it survives a re-read from the start.
  const window = prev?.path === path ? prev.window : null;
  return { saved: { path, dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs, probe, window, state }, from, bytesRead };
}

export function loadContextEntry(file: string): SavedContext | null {
  const entry = readJsonFile(file, contextEntry);
  if (!entry) return null;
  const { version: _, state, ...ids } = entry;
  return { ...ids, state: restoreContextState(state) };
}

function entryJson(s: SavedContext): string {
  return JSON.stringify({ version: CONTEXT_ENTRY_VERSION, ...s, state: storeContextState(s.state) } satisfies ContextEntry);
}

/**
 * Reads through the entry saved in cacheDir and saves it again when it changed. `window`, when
 * given, is the window Claude Code reported for the session (the status line's context_window).
 */
export function readContextCached(path: string, cacheDir: string, window: number | null = null): SavedContext | null {
  const file = cacheFile(cacheDir, path);
  const loaded = loadContextEntry(file);
  const before = loaded ? entryJson(loaded) : null;
  const read = readContextResumed(path, loaded);
  if (!read) return null;
  if (window !== null && window > 0) read.saved.window = Math.round(window);
  const json = entryJson(read.saved);
  if (json !== before) {
    try {
      writeCacheFile(cacheDir, basename(file), json);
    } catch {
      // the entry is an optimisation: failing to save it never changes the answer
    }
  }
  return read.saved;
}
