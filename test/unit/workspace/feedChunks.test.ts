import { strict as assert } from 'node:assert';
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feedChunks } from '../../../src/workspace/feedChunks';

// A reader like the scanners: it consumes up to the last newline of what it is given.
function lineReader(seen: string[]): (chunk: Uint8Array) => number {
  return (chunk) => {
    const end = chunk.lastIndexOf(0x0a) + 1;
    seen.push(Buffer.from(chunk.subarray(0, end)).toString('utf8'));
    return end;
  };
}

describe('feedChunks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-feed-'));
  // Lines of many lengths, more than two chunks of 1 MiB in all, and a last line still being written.
  const lines = Array.from({ length: 40_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 97)}"}\n`).join('');
  const partial = '{"n":"half';
  const file = join(dir, 't.jsonl');
  writeFileSync(file, lines + partial);
  const size = Buffer.byteLength(lines + partial);

  const cases: Array<[string, number]> = [
    ['from the start, every complete line is consumed once, in order, across chunk ends', 0],
    ['from a saved offset, only the lines after it', Buffer.byteLength(lines.slice(0, lines.indexOf('{"n":30000')))],
  ];
  for (const [name, from] of cases) {
    it(name, () => {
      const seen: string[] = [];
      const fd = openSync(file, 'r');
      try {
        const fed = feedChunks(fd, from, lineReader(seen));
        assert.ok(size - from > 2 * (1 << 20) || from > 0, 'the file spans more than two chunks');
        assert.equal(seen.join(''), Buffer.from(lines).subarray(from).toString('utf8'));
        assert.equal(fed.leftover, partial.length, 'the line being written is left over');
        assert.equal(fed.bytesRead, size - from);
      } finally {
        closeSync(fd);
      }
    });
  }
});
