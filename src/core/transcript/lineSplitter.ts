// Splits raw transcript bytes into complete lines. A last line without its newline is still being
// written by Claude Code, so it is left for the next read instead of being parsed half-done.

export interface RawLine {
  /** The line's bytes, without the newline (and without a trailing CR). */
  bytes: Uint8Array;
  /** Byte offset of the line's start in the file. */
  offset: number;
}

export interface SplitResult {
  lines: RawLine[];
  /** Bytes consumed: everything up to and including the last newline. */
  consumed: number;
}

const NL = 0x0a;
const CR = 0x0d;

export function splitLines(chunk: Uint8Array, baseOffset: number): SplitResult {
  const lines: RawLine[] = [];
  let start = 0;
  if (baseOffset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
  for (;;) {
    const nl = chunk.indexOf(NL, start);
    if (nl < 0) break;
    const end = nl > start && chunk[nl - 1] === CR ? nl - 1 : nl;
    lines.push({ bytes: chunk.subarray(start, end), offset: baseOffset + start });
    start = nl + 1;
  }
  return { lines, consumed: lines.length ? start : 0 };
}
