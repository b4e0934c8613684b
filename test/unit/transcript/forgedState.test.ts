// The saved scan state is a cache, never evidence: a state whose shape is valid but whose events
// its transcript does not hold is discarded, read again from the transcript, and reported.
import { strict as assert } from 'node:assert';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { computeTally } from '../../../src/core/tally/tally';
import { scanKeepOf } from '../../../src/core/transcript/keep';
import type { TranscriptEvents } from '../../../src/core/types';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { cacheFile, readTranscriptCached } from '../../../src/workspace/scanCache';
import { scanEntry, type StoredEntry } from '../../../src/workspace/scanEntry';
import { blocksOf, derive, type Rec } from '../helpers/derive';
import { FIXTURES, recordedTranscript, stateOf } from '../helpers/fixtures';

const PLAN_TEXT = readFileSync(join(FIXTURES, 'recorded', 'demo', 'PLAN.md'), 'utf8');
// The plan and its keep set are read again by each use, not once at load time, so the plan reader
// and the keep set run inside the test that uses them.
const planItems = () => parsePlan(PLAN_TEXT).items;
const keepOf = () => scanKeepOf(planItems(), '/home/dev');
type Entry = StoredEntry;

/** A demo transcript with its saved state in a cache folder, as the first tally leaves them. */
function saved(source = recordedTranscript('demo')) {
  const dir = mkdtempSync(join(tmpdir(), 'pm-forged-'));
  const file = join(dir, 'session.jsonl');
  copyFileSync(source, file);
  const cache = join(dir, 'scan');
  readTranscriptCached(file, 'main', cache, keepOf());
  const path = cacheFile(cache, file);
  return { file, cache, path, entry: scanEntry.parse(JSON.parse(readFileSync(path, 'utf8'))) };
}

const plain = (e: TranscriptEvents) => {
  const { forgedCache: _, ...rest } = JSON.parse(JSON.stringify(e)) as TranscriptEvents;
  return rest;
};
/** The `n`th saved run of `command`, failing the test when there is none. */
const runOf = (e: Entry, command: string, n = 0) => {
  const run = e.state.events.runs.filter((r) => r.command === command)[n];
  if (!run) throw new Error(`no run ${n} of ${command} in the saved state`);
  return run;
};
const tallyOf = (events: TranscriptEvents) =>
  computeTally({
    goal: { title: null, planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: planItems(),
    findings: [],
    added: [],
    transcripts: [events],
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
  });

/** The demo up to its first, failing `sh check.sh`: that failure is the newest run of V1's proof. */
const untilFailure = derive(recordedTranscript('demo'), (rs: Rec[]) => {
  const calls = rs.map((r, i) => (r.type === 'assistant' && blocksOf(r).some((b) => b.input?.command === 'sh check.sh') ? i : -1)).filter((i) => i >= 0);
  return rs.slice(0, calls[1]);
});

/** The demo with the passing `sh check.sh` call made from a subfolder, so a saved run names sub. */
const fromSub = derive(recordedTranscript('demo'), (rs: Rec[]) => {
  const calls = rs.filter((r) => r.type === 'assistant' && blocksOf(r).some((b) => b.input?.command === 'sh check.sh'));
  calls[1]!.cwd = '/home/dev/demo/proj/sub';
  return rs;
});

const forgeries: Array<{ name: string; from?: string; forge: (e: Entry) => void }> = [
  {
    name: 'a passed run of a proof only a subagent ran, on the bytes of another real call',
    forge: (e) => {
      const real = runOf(e, 'sh smoke.sh');
      const { backgroundTaskId: _, ...rest } = real;
      e.state.events.runs.push({ ...rest, toolUseId: 'toolu_forged', command: 'sh suite.sh', end: { kind: 'passed' } });
    },
  },
  {
    name: 'a passed run that names no bytes of the transcript',
    forge: (e) => {
      const real = runOf(e, 'sh smoke.sh');
      const at = { line: real.at.line, time: real.at.time };
      e.state.events.runs.push({ toolUseId: 'toolu_forged', command: 'sh suite.sh', at, source: 'main', sidechain: false, end: { kind: 'passed' }, endAt: at });
    },
  },
  {
    name: 'the newest `sh check.sh`, a failure, turned into a pass',
    from: untilFailure,
    forge: (e) => {
      runOf(e, 'sh check.sh', 0).end = { kind: 'passed' };
    },
  },
  {
    name: 'an older run given the id of another call',
    forge: (e) => {
      runOf(e, 'sh check.sh', 0).toolUseId = runOf(e, 'sh smoke.sh').toolUseId;
    },
  },
  {
    name: 'a failing result pointed at the bytes of another call’s passing result',
    forge: (e) => {
      const fail = runOf(e, 'sh check.sh', 0);
      fail.end = { kind: 'passed' };
      fail.endAt = runOf(e, 'sh check.sh', 1).endAt;
    },
  },
  {
    name: 'a run moved from a subfolder to the root',
    from: fromSub,
    forge: (e) => {
      runOf(e, 'sh check.sh', 1).cwd = '/home/dev/demo/proj';
    },
  },
  {
    name: 'a span that starts inside a line',
    forge: (e) => {
      const r = runOf(e, 'sh check.sh', 1);
      r.at.byteOffset = (r.at.byteOffset ?? 0) + 1;
      r.at.byteLength = (r.at.byteLength ?? 0) - 1;
    },
  },
  {
    name: 'the person’s words naming S4, on the bytes of their real prompt',
    forge: (e) => {
      const prompt = e.state.events.words[0] ?? null;
      const at = prompt ? prompt.at : runOf(e, 'sh check.sh', 1).at;
      e.state.events.words.push({ ids: ['S4'], source: 'typed', at });
    },
  },
  {
    name: 'a completion notice for the background proof, on the bytes of the real one, with another task id',
    forge: (e) => {
      const n = e.state.events.notices[0];
      if (!n) throw new Error('the demo has no completion notice');
      e.state.events.notices.push({ ...n, taskId: 'bforged' });
    },
  },
  {
    name: 'the session folder of the first records changed',
    forge: (e) => {
      e.state.events.cwd = '/home/dev/other/proj';
    },
  },
];

describe('a forged saved scan state is discarded and reported', () => {
  for (const { name, from, forge } of forgeries) {
    it(`${name}: the state is read again from the transcript and reported`, () => {
      const { file, cache, path, entry } = saved(from);
      forge(entry);
      assert.ok(scanEntry.safeParse(entry).success, 'the forged entry keeps a valid shape');
      writeFileSync(path, JSON.stringify(entry));
      const read = readTranscriptCached(file, 'main', cache, keepOf());
      assert.deepEqual(plain(read.events), plain(readTranscript(file, 'main', undefined, keepOf()).events), 'equal to a cache-free read');
      assert.ok(read.events.forgedCache, 'the forgery is noted');
      // The rebuilt state keeps the note, so the next read still reports it.
      assert.ok(readTranscriptCached(file, 'main', cache, keepOf()).events.forgedCache);
    });
  }

  it('an injected pass does not prove its item', () => {
    const { file, cache, path, entry } = saved();
    forgeries[0]!.forge(entry);
    writeFileSync(path, JSON.stringify(entry));
    const t = tallyOf(readTranscriptCached(file, 'main', cache, keepOf()).events);
    assert.equal(stateOf(t, 'V2'), 'unrun');
  });
});

describe('an honest saved scan state is trusted', () => {
  it('resumed as saved: the same events as a fresh read, no report', () => {
    const { file, cache } = saved();
    const read = readTranscriptCached(file, 'main', cache, keepOf());
    assert.equal(read.events.forgedCache, undefined);
    assert.deepEqual(plain(read.events), plain(readTranscript(file, 'main', undefined, keepOf()).events));
  });

  it('resumed after an append: no report', () => {
    const demo = readFileSync(recordedTranscript('demo'), 'utf8').split('\n').filter(Boolean);
    const { file, cache } = saved(derive(recordedTranscript('demo'), (rs) => rs.slice(0, 50)));
    appendFileSync(file, demo.slice(50).join('\n') + '\n');
    const read = readTranscriptCached(file, 'main', cache, keepOf());
    assert.equal(read.events.forgedCache, undefined);
    assert.equal(stateOf(tallyOf(read.events), 'V3'), 'proved');
  });

  it('an older run of a proof, which only the ledger lists, is checked by its bytes alone: the items stay what the transcript says', () => {
    const { file, cache, path, entry } = saved();
    runOf(entry, 'sh check.sh', 0).end = { kind: 'passed' };
    writeFileSync(path, JSON.stringify(entry));
    const read = readTranscriptCached(file, 'main', cache, keepOf());
    assert.deepEqual(tallyOf(read.events).items, tallyOf(readTranscript(file, 'main', undefined, keepOf()).events).items);
  });

  it('a run marked of unknown folder (stricter than its line) is still trusted', () => {
    const { file, cache, path, entry } = saved();
    runOf(entry, 'sh check.sh', 1).cwd = null;
    writeFileSync(path, JSON.stringify(entry));
    const read = readTranscriptCached(file, 'main', cache, keepOf());
    assert.equal(read.events.forgedCache, undefined);
    assert.equal(stateOf(tallyOf(read.events), 'V1'), 'failed', 'the saved state was used, and a run of unknown folder does not count');
  });

  it('a transcript rewritten under its state is read again, not called forged', () => {
    const { file, cache } = saved();
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('greet.txt has no goodbye', 'greet.txt has no GOODBYE'));
    const read = readTranscriptCached(file, 'main', cache, keepOf());
    assert.equal(read.events.forgedCache, undefined);
  });
});
