// Long sessions generated from a recorded fixture, as the bench does: the recording's conversation
// repeated round after round with fresh tool and message ids, every other tool result swapped for a
// large file read, so the history grows past any threshold while every call keeps its result.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO = join(__dirname, '..', '..', 'fixtures', 'recorded', 'demo', 'transcripts', '-home-dev-demo-proj', '5f7bb7e8-492c-4cf3-b7f3-7d62b7f032ec.jsonl');

/** Conversation records of `rounds` repetitions of the fixture; `resultChars` per large result. */
export function longSessionRecords(rounds: number, resultChars = 40_000, source = DEMO): unknown[] {
  const lines = readFileSync(source, 'utf8').split('\n').filter(Boolean);
  const convo = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((r) => r.type === 'user' || r.type === 'assistant');
  const out: unknown[] = [];
  const big = ('line of a large file read by the agent ' + 'x'.repeat(60) + '\n').repeat(Math.ceil(resultChars / 100)).slice(0, resultChars);
  let k = 0;
  for (let round = 0; round < rounds; round++) {
    for (const r of convo) {
      const text = JSON.stringify(r)
        .replace(/toolu_([0-9A-Za-z]+)/g, `toolu_$1r${round}`)
        .replace(/"id":"msg_([0-9A-Za-z]+)"/g, `"id":"msg_$1r${round}"`);
      const rec = JSON.parse(text) as { message?: { content?: unknown } };
      const content = rec.message?.content;
      if (Array.isArray(content)) {
        for (const b of content as Array<Record<string, unknown>>) {
          if (b.type === 'tool_result' && k++ % 2 === 0) b.content = big;
        }
      }
      out.push(rec);
    }
  }
  return out;
}

export function writeLongSession(file: string, rounds: number, resultChars?: number): void {
  writeFileSync(file, longSessionRecords(rounds, resultChars).map((r) => JSON.stringify(r)).join('\n') + '\n');
}
