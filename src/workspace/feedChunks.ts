// Reads a transcript from an offset in fixed-size chunks into an incremental reader, so a file of
// any size is never held in memory at once. A reader consumes complete lines only: what follows
// the last newline of a chunk is carried to the front of the next.
import { readSync } from 'node:fs';

const CHUNK = 1 << 20;

export interface Fed {
  /** Bytes read from the file by this call. */
  bytesRead: number;
  /** Bytes at the end that `feed` did not consume: a line still being written. */
  leftover: number;
}

/** `feed` gets each chunk (the carried bytes first) and says how many of its bytes it consumed. */
export function feedChunks(fd: number, from: number, feed: (chunk: Uint8Array) => number): Fed {
  let carry: Uint8Array = new Uint8Array(0);
  let pos = from;
  let bytesRead = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(CHUNK);
    const n = readSync(fd, buf, 0, CHUNK, pos);
    if (n <= 0) break;
    pos += n;
    bytesRead += n;
    const chunk = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
    carry = chunk.subarray(feed(chunk));
  }
  return { bytesRead, leftover: carry.length };
}
