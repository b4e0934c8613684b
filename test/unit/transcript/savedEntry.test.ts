// A saved scan entry is a cache: whatever shape it is found in, the answer is the transcript's. Each
// field of a real entry (from recorded sessions) is replaced in turn by a value of the wrong type,
// or deleted; every read must still give a from-scratch read's evidence and leave a valid entry.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { scanKeepOf, type ScanKeep } from '../../../src/core/transcript/keep';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { cacheFile, readTranscriptCached } from '../../../src/workspace/scanCache';
import { scanEntry } from '../../../src/workspace/scanEntry';
import type { TranscriptEvents } from '../../../src/core/types';
import { evaluate, planOf, recordedTranscript } from '../helpers/fixtures';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = Array<string | number>;

const HOME = '/home/dev';
// Proofs the recordings ran, so the evidence has items decided every way and a ledger.
const planText = planOf({
  S1: '`sh check.sh`',
  S2: '`sh smoke.sh`',
  S3: '`sh build.sh`',
  S4: '`sleep 8; echo done`',
  S5: '`sleep 5; echo checks-done`',
  S6: '`test -s CHANGELOG.md`',
  S10: 'human — names S10',
});
// Computed in each case, not at load time, so the plan reader and the keep set run while a case does.
const keepOf = (): ScanKeep => scanKeepOf(parsePlan(planText).items, HOME);
/** The items and the ledger, as the tally shows them. */
const evidenceOf = (events: TranscriptEvents): string => {
  const t = evaluate(planText, [], { transcripts: [events], home: HOME });
  return JSON.stringify([t.items, t.ledger, t.unreadableLines]);
};

// Three recordings in one file: runs passed, failed, backgrounded (by Claude and by the person)
// with their notices, an edit, and a prompt typed while Claude was busy. Records the scan never
// reads (API requests, tool listings) are left out: two thousand cases read this file.
const scanned = (l: string) => /^\{[^\n]*"type":"(user|assistant)"/.test(l) || l.includes('"queued_command"');
const all = ['demo', 'queued-prompt', 'ctrlb'].flatMap((n) => readFileSync(recordedTranscript(n), 'utf8').split('\n').filter((l) => l && scanned(l)));
// Cut just after the last Bash call, before its result: the entry then holds a call still open.
const lastCall = all.map((l) => l.includes('"type":"assistant"') && l.includes('"name":"Bash"')).lastIndexOf(true);
const snapshots = [
  { name: 'a call still open, the rest appended after', saved: all.slice(0, lastCall + 1), appended: all.slice(lastCall + 1) },
  { name: 'the whole session, nothing appended', saved: all, appended: [] },
];
const text = (ls: string[]) => (ls.length ? ls.join('\n') + '\n' : '');

// What the TypeScript types allow, so that a replacement of the right type is not taken for a
// wrong one: a saved state of the right shape but the wrong content is resumed (another issue
// will stop that counting as evidence); one of the wrong shape must never be.
const NULLABLE = new Set(['time', 'sessionId', 'cwd', 'exitCode']);
const OPTIONAL = new Set(['end', 'endAt', 'backgroundTaskId', 'backgroundedByUser', 'readError', 'prunedRuns']);
const ENUMS = new Set(['source', 'kind']);
const RECORDS = new Set(['open']);
const FRACTIONAL = new Set(['mtimeMs']);

const DELETE = Symbol('delete');
type Replacement = Json | typeof DELETE;
const replacements: Array<{ what: string; value: Replacement }> = [
  { what: 'null', value: null },
  { what: 'a string', value: 'x' },
  { what: 'a fractional number', value: 0.5 },
  { what: 'an array', value: [] },
  { what: 'an object', value: {} },
  { what: 'nothing (deleted)', value: DELETE },
];

function fitsType(path: Path, original: Json, r: Replacement): boolean {
  const key = path[path.length - 1];
  const parent = path[path.length - 2];
  if (r === DELETE) return typeof key === 'number' || OPTIONAL.has(String(key)) || RECORDS.has(String(parent));
  if (r === null) return NULLABLE.has(String(key));
  if (typeof r === 'string') return typeof original === 'string' && !ENUMS.has(String(key));
  if (typeof r === 'number') return FRACTIONAL.has(String(key));
  if (Array.isArray(r)) return Array.isArray(original);
  return RECORDS.has(String(key));
}

function* fieldPaths(v: Json, at: Path = []): Generator<{ path: Path; value: Json }> {
  yield { path: at, value: v };
  if (Array.isArray(v)) for (const [i, x] of v.entries()) yield* fieldPaths(x, [...at, i]);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) yield* fieldPaths(x, [...at, k]);
}

/**
 * One path per field of each shape: elements of a list that share a shape (their keys, for an
 * object) stand for each other, so nine runs that passed are mutated as one.
 */
function byShape(all: Array<{ path: Path; value: Json }>): Array<{ path: Path; value: Json }> {
  const seen = new Set<string>();
  const shapeOf = (v: Json) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).sort().join(',') : Array.isArray(v) ? 'array' : typeof v);
  return all.filter(({ path, value }) => {
    const key = path.map((k) => (typeof k === 'number' ? '*' : k)).join('.') + ':' + shapeOf(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function mutated(root: Json, path: Path, r: Replacement): Json | typeof DELETE {
  if (path.length === 0) return r;
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  let node = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (r !== DELETE) node[last] = r;
  else if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

describe('a saved scan entry of the wrong shape', () => {
  for (const snap of snapshots) {
    describe(snap.name, () => {
      const dir = mkdtempSync(join(tmpdir(), 'pm-entry-'));
      const file = join(dir, 's.jsonl');
      const cache = join(dir, 'cache');
      // The entry's name hashes the file's path (src/core), so it is found before each case too.
      let entryFile = '';
      // The file is put back to the saved bytes with the same time before each case, so the one
      // real entry stays an entry of this very file.
      const rewind = () => {
        writeFileSync(file, text(snap.saved));
        utimesSync(file, 1_800_000_000, 1_800_000_000);
      };
      let keep: ScanKeep;
      let want = '';
      let real: Json = null;
      let paths: Array<{ path: Path; value: Json }> = [];
      // Before each case, not once for all: the fresh read, its evidence and the real entry all run
      // through the scanner and the tally, which a case must reach to see their mutants.
      beforeEach(() => {
        keep = keepOf();
        entryFile = cacheFile(cache, file);
        writeFileSync(file, text([...snap.saved, ...snap.appended]));
        want = evidenceOf(readTranscript(file, 'main', undefined, keep).events);
        rewind();
        // The previous case left its last entry here; each case starts from an empty cache, as
        // the first did, so the real entry is written afresh by this read.
        rmSync(cache, { recursive: true, force: true });
        readTranscriptCached(file, 'main', cache, keep);
        real = JSON.parse(readFileSync(entryFile, 'utf8')) as Json;
        paths = byShape([...fieldPaths(real)]);
      });

      for (const r of replacements) {
        it(`any one field replaced by ${r.what} gives the transcript’s evidence and leaves a valid entry`, () => {
          assert.ok(paths.length > 60, `${paths.length} field paths`);
          const failures: string[] = [];
          let wrong = 0;
          for (const { path, value } of paths) {
            const name = path.join('.') || '(the whole entry)';
            rewind();
            const entry = mutated(real, path, r.value);
            if (entry === DELETE) rmSync(entryFile);
            else writeFileSync(entryFile, JSON.stringify(entry));
            appendFileSync(file, text(snap.appended));
            let got: string;
            try {
              // The tally too: a state that reads without error can still break what uses it.
              got = evidenceOf(readTranscriptCached(file, 'main', cache, keep).events);
            } catch (e) {
              failures.push(`${name}: threw ${(e as Error).message}`);
              continue;
            }
            const after = scanEntry.safeParse(JSON.parse(readFileSync(entryFile, 'utf8')));
            if (!after.success) failures.push(`${name}: the entry left on disk is not valid`);
            if (fitsType(path, value, r.value)) continue;
            wrong++;
            if (got !== want) failures.push(`${name}: evidence differs from a fresh read`);
          }
          assert.ok(wrong > 0, 'some replacement was of the wrong type');
          assert.deepEqual(failures, []);
        });
      }
    });
  }
});
