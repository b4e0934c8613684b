// latestTime is the newest record time among a transcript's events, whatever order the events come in.
import { strict as assert } from 'node:assert';
import { latestTime } from '../../../src/core/evidence/witness';
import type { PersonWords, TranscriptEvents } from '../../../src/core/types';

const said = (line: number, time: string | null): PersonWords => ({ ids: ['S1'], source: 'typed', at: { file: '/t/a.jsonl', line, time } });
const transcript = (words: PersonWords[]): TranscriptEvents => ({ file: '/t/a.jsonl', sessionId: 's', cwd: null, runs: [], notices: [], words, edits: [], unreadable: 0, lines: words.length });

describe('the newest record time of a transcript', () => {
  const cases: Array<[string, Array<string | null>, string | null]> = [
    ['times in order', ['2026-12-01T10:00:00.000Z', '2026-12-01T11:00:00.000Z'], '2026-12-01T11:00:00.000Z'],
    ['a newer time before an older one', ['2026-12-01T11:00:00.000Z', '2026-12-01T10:00:00.000Z'], '2026-12-01T11:00:00.000Z'],
    ['the newest in the middle, then a record without a time', ['2026-12-01T09:00:00.000Z', '2026-12-01T12:00:00.000Z', '2026-12-01T10:00:00.000Z', null], '2026-12-01T12:00:00.000Z'],
    ['no times at all', [null], null],
  ];
  for (const [what, times, want] of cases) {
    it(`${what}: ${want ?? 'none'}`, () => assert.equal(latestTime(transcript(times.map((t, i) => said(i + 1, t)))), want));
  }
});
