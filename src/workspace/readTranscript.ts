// Reads a transcript file through the engine's scanner in fixed-size chunks, so a file of any
// size is never held in memory at once.
import { closeSync, openSync, readSync } from 'node:fs';
import type { ScanKeep } from '../core/transcript/keep';
import { newScanState, pruneHistory, scanBytes, type ScanState } from '../core/transcript/scan';
import type { TranscriptSource } from '../core/types';

const CHUNK = 1 << 20;

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
    let carry = new Uint8Array(0);
    let pos = state.offset;
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const n = readSync(fd, buf, 0, CHUNK, pos);
      if (n <= 0) break;
      pos += n;
      const chunk = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      const before = state.offset;
      scanBytes(state, chunk, keep);
      carry = chunk.subarray(state.offset - before);
    }
    state.pendingBytes = carry.length;
    // A read ends pruned: what is saved, and loaded again by the next status line, stays small.
    if (state.events.runs.length > state.prunedTo) pruneHistory(state, keep);
  } finally {
    closeSync(fd);
  }
  return state;
}
