// Builds large transcripts from a real recording: its records repeated with fresh tool ids and
// times, plus large tool outputs (a file read of ~64 KB every few records), the bulk of real sessions.
// With `distinctPerRound`, each repetition also runs that many Bash commands seen nowhere else, the
// way a long session greps and cats its way through a code base.
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';

export interface Generated {
  /** Bash commands that occur once in the file, by construction. */
  distinct: number;
}

export function generateTranscript(source: string, out: string, targetBytes: number, distinctPerRound = 0): Generated {
  // The count is kept beside the file, so a cached file still reports it without a read.
  const meta = out + '.meta.json';
  if (existsSync(out) && statSync(out).size >= targetBytes) {
    if (existsSync(meta)) return JSON.parse(readFileSync(meta, 'utf8')) as Generated;
    if (distinctPerRound === 0) return { distinct: 0 };
  }
  const lines = readFileSync(source, 'utf8').split('\n').filter(Boolean);
  const bigText = 'x'.repeat(200) + '\n';
  const bulk = JSON.stringify({
    type: 'user',
    isSidechain: false,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_read_ID', content: bigText.repeat(320) }] },
    toolUseResult: { type: 'text', file: { filePath: '/home/dev/x.txt', content: bigText.repeat(320) } },
    timestamp: 'TIME',
  });
  const [callTemplate, resultTemplate] = bashPair(lines);
  const fd = openSync(out, 'w');
  let written = 0;
  let round = 0;
  let distinct = 0;
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  try {
    while (written < targetBytes) {
      const time = new Date(t0 + round * 60_000).toISOString();
      const chunk: string[] = [];
      for (const [i, l] of lines.entries()) {
        chunk.push(l.replace(/toolu_([0-9a-f]+)/g, `toolu_$1r${round}`).replace(/"timestamp":"[^"]+"/, `"timestamp":"${time}"`));
        if (i % 10 === 0) chunk.push(bulk.replace('ID', `${round}_${i}`).replace('TIME', time));
      }
      for (let k = 0; k < distinctPerRound; k++) {
        const id = `toolu_distinct${round}x${k}`;
        const command = JSON.stringify(`rg -n "sym_${round}_${k}" src/mod${k % 97}/file${round}.ts | head -n 40`);
        chunk.push(fill(callTemplate, { '@ID@': id, '"@COMMAND@"': command, '@TIME@': time }));
        chunk.push(fill(resultTemplate, { '@ID@': id, '@TIME@': time }));
        distinct++;
      }
      const buf = Buffer.from(chunk.join('\n') + '\n');
      writeSync(fd, buf);
      written += buf.length;
      round++;
    }
  } finally {
    closeSync(fd);
  }
  writeFileSync(meta, JSON.stringify({ distinct } satisfies Generated));
  return { distinct };
}

function fill(template: string, values: Record<string, string>): string {
  let out = template;
  for (const [k, v] of Object.entries(values)) out = out.split(k).join(v);
  return out;
}

/** The recording's first Bash call and its result, as templates with @ID@, @COMMAND@ and @TIME@ to fill in. */
function bashPair(lines: string[]): [string, string] {
  const call = lines.find((l) => l.includes('"type":"assistant"') && l.includes('"name":"Bash"'));
  const m = call && /"id":"(toolu_[0-9a-f]+)","name":"Bash","input":\{"command":("(?:[^"\\]|\\.)*")/.exec(call);
  const result = m && lines.find((l) => l.includes('"type":"user"') && l.includes(`"tool_use_id":"${m[1]}"`));
  if (!call || !m || !result) throw new Error('the recording has no Bash call with its result');
  const stamp = (l: string) => l.replace(/"timestamp":"[^"]+"/, '"timestamp":"@TIME@"').split(m[1]!).join('@ID@');
  return [stamp(call).replace(`"command":${m[2]}`, '"command":"@COMMAND@"'), stamp(result)];
}
