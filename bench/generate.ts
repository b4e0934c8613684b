// Builds large transcripts from a real recording: its records repeated with fresh tool ids and
// times, plus large tool outputs (a file read of ~64 KB every few records), the bulk of real sessions.
import { closeSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';

export function generateTranscript(source: string, out: string, targetBytes: number): void {
  if (existsSync(out) && statSync(out).size >= targetBytes) return;
  const lines = readFileSync(source, 'utf8').split('\n').filter(Boolean);
  const bigText = 'x'.repeat(200) + '\n';
  const bulk = JSON.stringify({
    type: 'user',
    isSidechain: false,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_read_ID', content: bigText.repeat(320) }] },
    toolUseResult: { type: 'text', file: { filePath: '/home/dev/x.txt', content: bigText.repeat(320) } },
    timestamp: 'TIME',
  });
  const fd = openSync(out, 'w');
  let written = 0;
  let round = 0;
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  try {
    while (written < targetBytes) {
      const time = new Date(t0 + round * 60_000).toISOString();
      const chunk: string[] = [];
      for (const [i, l] of lines.entries()) {
        chunk.push(l.replace(/toolu_([0-9a-f]+)/g, `toolu_$1r${round}`).replace(/"timestamp":"[^"]+"/, `"timestamp":"${time}"`));
        if (i % 10 === 0) chunk.push(bulk.replace('ID', `${round}_${i}`).replace('TIME', time));
      }
      const buf = Buffer.from(chunk.join('\n') + '\n');
      writeSync(fd, buf);
      written += buf.length;
      round++;
    }
  } finally {
    closeSync(fd);
  }
}
