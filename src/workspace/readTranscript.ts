// Reads a transcript file through the engine's scanner, in chunks (feedChunks.ts).
import { closeSync, openSync } from 'node:fs';
import type { ScanKeep } from '../core/transcript/keep';
import { newScanState, pruneHistory, scanBytes, type ScanState } from '../core/transcript/scan';
import type { TranscriptSource } from '../core/types';
import { feedChunks } from './feedChunks';

/** `keep` as scanBytes takes it: the goal's proofs, whose runs the state keeps; null for no goal. */
export function readTranscript(path: string, source: TranscriptSource, from?: ScanState, keep: ScanKeep | null = null): ScanState {
  const state = from ?? newScanState(path, source);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    state.events.readError = (e as NodeJS.ErrnoException).code ?? 'EIO';
    return state;
  }
  try {
    const fed = feedChunks(fd, state.offset, (chunk) => {
      const before = state.offset;
      scanBytes(state, chunk, keep);
      return state.offset - before;
    });
    state.pendingBytes = fed.leftover;
    // A read ends pruned: what is saved, and loaded again by the next status line, stays small.
    if (state.events.runs.length > state.prunedTo) pruneHistory(state, keep);
  } finally {
    closeSync(fd);
  }
  return state;
}
