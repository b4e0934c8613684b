// The saved context entry stores its two lists compactly (compactions as tuples, the newest sized
// records as one string) so that a status line call checks it in few zod steps: what is stored must
// come back as the same state, and an entry of another shape or version must not load.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newContextState, RECENT, type CompactionEvent, type ContextState } from '../../../src/core/context/contextScan';
import { CONTEXT_ENTRY_VERSION, contextStateSchema, restoreContextState, storeContextState, type StoredContextState } from '../../../src/workspace/contextEntry';
import { loadContextEntry } from '../../../src/workspace/contextRead';

// Every field a different value, so a field stored in another's place shows.
const compaction: CompactionEvent = { line: 7, time: '2026-11-29T22:39:57.000Z', trigger: 'auto', preTokens: 120, postTokens: 2684, estimateBefore: 9000, reportedBefore: 11_000, estimateAfter: 800, reportedAfter: 1200 };
const unreported: CompactionEvent = { line: 9, time: null, trigger: 'manual', preTokens: null, postTokens: null, estimateBefore: 0, reportedBefore: null, estimateAfter: null, reportedAfter: null };
const stateWith = (over: Partial<ContextState>): ContextState => ({ ...newContextState(), ...over });
const roundTrip = (s: ContextState): ContextState => restoreContextState(contextStateSchema.parse(JSON.parse(JSON.stringify(storeContextState(s)))));

describe('the saved context entry', () => {
  // Rows hold what differs from a new state; the state itself (newContextState) is built in the
  // test, so the scanner's code runs while the test does, not while the file loads.
  const cases: Array<[string, Partial<ContextState>]> = [
    ['a new state comes back as it was', {}],
    ['compactions come back field by field, reported or not', { compactions: [compaction, unreported], compactionCount: 147 }],
    ['recent records come back in order, with their sizes and image tokens', { recent: [['a1', 10, 0], ['b-2', 0, 1600], ['c 3', 123_456_789, 7]] }],
    [`${RECENT} recent records come back`, { recent: Array.from({ length: RECENT }, (_, i): [string, number, number] => [`u${i}`, i, i % 3]) }],
  ];
  for (const [what, over] of cases) {
    it(what, () => {
      const state = stateWith(over);
      assert.deepEqual(roundTrip(state), state);
    });
  }

  it('a record whose uuid holds a newline is not stored, and the others still are', () => {
    const s = stateWith({ recent: [['a', 1, 0], ['b\nc', 2, 0], ['d', 3, 0]] });
    assert.deepEqual(roundTrip(s).recent, [['a', 1, 0], ['d', 3, 0]]);
  });

  // A stored state built by each test that uses it; the refused rows hold the change made to it.
  const storedOf = (): StoredContextState => storeContextState(stateWith({ compactions: [compaction], recent: [['a', 1, 0]] }));
  const refused: Array<[string, (stored: StoredContextState) => unknown]> = [
    ['recent records that are not lines of two counts and a uuid', (stored) => ({ ...stored, recent: 'x 1 a\n' })],
    ['a recent line without its newline', (stored) => ({ ...stored, recent: '1 0 a' })],
    ['a recent line without a uuid', (stored) => ({ ...stored, recent: '1 0 \n' })],
    [`more than ${RECENT} recent records`, (stored) => ({ ...stored, recent: '1 0 a\n'.repeat(RECENT + 1) })],
    ['a compaction of eight fields', (stored) => ({ ...stored, compactions: [[7, null, 'auto', null, null, 0, null, null]] })],
    ['a compaction with a negative estimate', (stored) => ({ ...stored, compactions: [[7, null, 'auto', null, null, -1, null, null, null]] })],
    ['a compaction stored as an object, as version 1 did', (stored) => ({ ...stored, compactions: [compaction] })],
    ['recent records stored as tuples, as version 1 did', (stored) => ({ ...stored, recent: [['a', 1, 0]] })],
  ];
  for (const [what, change] of refused) it(`refuses ${what}`, () => assert.equal(contextStateSchema.safeParse(change(storedOf())).success, false));

  it('an entry of the previous version does not load, so it is read again from the transcript', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-ctx-entry-'));
    try {
      const entry = { path: '/t.jsonl', dev: 1, ino: 2, size: 10, mtimeMs: 3, probe: '', window: null, state: storedOf() };
      writeFileSync(join(dir, 'now.json'), JSON.stringify({ version: CONTEXT_ENTRY_VERSION, ...entry }));
      writeFileSync(join(dir, 'old.json'), JSON.stringify({ version: 1, ...entry }));
      assert.deepEqual(loadContextEntry(join(dir, 'now.json'))?.state.compactions, [compaction]);
      assert.equal(loadContextEntry(join(dir, 'old.json')), null);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
