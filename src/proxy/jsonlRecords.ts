// The records of a transcript, read in 4 MB chunks so a large session is never one string. Only
// lines that can matter to a replay are parsed (conversation records and compact boundaries).
import { closeSync, openSync, readSync } from 'node:fs';

export function* transcriptRecords(path: string): Generator<unknown> {
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(4 << 20);
  let carry = '';
  try {
    for (;;) {
      const got = readSync(fd, buf, 0, buf.length, null);
      if (got <= 0) break;
      const lines = (carry + buf.toString('utf8', 0, got)).split('\n');
      carry = lines.pop() ?? '';
      for (const l of lines) {
        const r = parseLine(l);
        if (r !== undefined) yield r;
      }
    }
    const r = parseLine(carry);
    if (r !== undefined) yield r;
  } finally {
    closeSync(fd);
  }
}

function parseLine(l: string): unknown {
  if (!l.includes('"type":"user"') && !l.includes('"type":"assistant"') && !l.includes('compact_boundary')) return undefined;
  try {
    return JSON.parse(l);
  } catch {
    return undefined;
  }
}
