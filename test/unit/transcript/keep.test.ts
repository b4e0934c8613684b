// The scan keeps only the runs evidence can still show for the goal's proofs, so the saved state no
// longer grows with every distinct command a long session runs (issue 8), and the evidence is the
// same as if every run had been kept.
import { strict as assert } from 'node:assert';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { scanKeepOf, type ScanKeep } from '../../../src/core/transcript/keep';
import { KEEP_PER_COMMAND, KEEP_UNPLANNED, newScanState, PRUNE_AT, pruneHistory, scanBytes, scanLine, type ScanState } from '../../../src/core/transcript/scan';
import type { TranscriptEvents, TranscriptSource } from '../../../src/core/types';
import { evaluate, planOf } from '../helpers/fixtures';
import { bytesOf, call, distinctRuns, notice, ran, result, typed } from './synth';

const HOME = '/home/dev';
const planText = planOf({
  S1: '`npm test`',
  S2: '`sh deploy.sh`',
  S3: '`sh bg-check.sh`',
  S4: '`sh sub.sh`',
  S5: '`make lint`',
  S6: '`sh slow.sh`',
  S7: 'human — names S7',
});
// Built by each test that needs it, not at load time, so the keep set's own code runs inside the test.
const keepOf = (): ScanKeep => scanKeepOf(parsePlan(planText).items, HOME);
const tallyOf = (events: TranscriptEvents[]) => evaluate(planText, [], { transcripts: events, home: HOME });

/** Every run kept: the lines fed one by one, never pruned. */
function unpruned(lines: string[], source: TranscriptSource): TranscriptEvents {
  const s = newScanState('t.jsonl', source);
  for (const l of lines) {
    s.lineNo += 1;
    s.events.lines += 1;
    scanLine(s, Buffer.from(l));
  }
  return s.events;
}

function scanned(lines: string[], source: TranscriptSource, k: ScanKeep | null = keepOf()): ScanState {
  return scanBytes(newScanState('t.jsonl', source), bytesOf(lines), k);
}

const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x));

describe('runs kept for the goal’s proofs', () => {
  const noise = (p: string) => distinctRuns(p, 1500);

  it('runs of commands no proof names are dropped once finished, however many distinct ones ran', () => {
    const s = scanned([...ran('toolu_p1', 'npm test'), ...noise('a'), ...ran('toolu_p2', 'npm  test'), ...noise('b')], 'main');
    assert.ok(s.events.runs.length <= PRUNE_AT, `${s.events.runs.length} runs kept of ${s.events.lines / 2}`);
    assert.deepEqual(
      s.events.runs.filter((r) => !r.command.startsWith('rg ')).map((r) => r.toolUseId),
      ['toolu_p1', 'toolu_p2'],
    );
  });

  // Each case is a session: what evidence must still see, buried under thousands of other runs.
  const sessions: Array<{ name: string; source: TranscriptSource; lines: string[] }> = [
    {
      name: 'a proof that failed and then passed, and one run only near a proof ("different command")',
      source: 'main',
      lines: [...ran('toolu_f', 'npm test', { kind: 'failed', exitCode: 1 }), ...noise('c'), ...ran('toolu_n', 'cd app && make lint'), ...ran('toolu_t', 'npm   test'), ...noise('d')],
    },
    {
      name: 'a proof run in a sidechain record of the main file',
      source: 'main',
      lines: [...noise('e'), ...ran('toolu_sc', 'sh sub.sh', { kind: 'passed' }, { sidechain: true }), ...noise('f')],
    },
    { name: 'a proof run in a subagent’s own file', source: 'subagent', lines: [...noise('g'), ...ran('toolu_sa', 'sh sub.sh'), ...noise('h')] },
    {
      name: 'a handover and the person’s words after it',
      source: 'main',
      lines: [...ran('toolu_h', 'proofmeter handover S2 --why "needs the production keys"'), ...noise('i'), typed('S2 is deployed, thanks'), ...noise('j')],
    },
    {
      name: 'a background run whose notice comes thousands of runs later',
      source: 'main',
      lines: [call('toolu_bg', 'sh bg-check.sh'), result('toolu_bg', { kind: 'background', taskId: 'bgtask1' }), ...noise('k'), notice('bgtask1', 0), ...noise('l')],
    },
    {
      name: 'a background run still waiting for its notice, and a call still waiting for its result',
      source: 'main',
      lines: [call('toolu_bw', 'sh unnamed-bg.sh'), result('toolu_bw', { kind: 'background', taskId: 'bgtask2' }), call('toolu_open', 'sh slow.sh'), ...noise('m')],
    },
    {
      name: 'more runs of one proof than are kept per command',
      source: 'main',
      lines: Array.from({ length: 30 }, (_, i) => [...ran(`toolu_r${i}`, 'npm test', i % 2 ? { kind: 'passed' } : { kind: 'failed', exitCode: 2 }), ...distinctRuns(`r${i}x`, 60)]).flat(),
    },
  ];

  for (const c of sessions) {
    it(`evidence is the same as from every run: ${c.name}`, () => {
      const s = scanned(c.lines, c.source);
      assert.ok((s.events.prunedRuns ?? 0) > 1000, 'the session was pruned');
      const got = tallyOf([s.events]);
      const want = tallyOf([unpruned(c.lines, c.source)]);
      assert.deepEqual(plain(got.items), plain(want.items));
      // Older runs of a proof beyond the kept ones are dropped on purpose: they can only be "superseded".
      const notSuperseded = (t: typeof want) => plain(t.ledger.filter((l) => l.reason !== 'superseded'));
      assert.deepEqual(notSuperseded(got), notSuperseded(want));
      assert.notDeepEqual(plain([want.items, want.ledger]), plain([tallyOf([]).items, tallyOf([]).ledger]), 'the case matters to evidence');
    });
  }

  it('a task id used again keeps only the notices that end a kept run', () => {
    const lines = Array.from({ length: 30 }, (_, i) => [
      call(`toolu_b${i}`, 'sh bg-check.sh'),
      result(`toolu_b${i}`, { kind: 'background', taskId: 'reused' }),
      ...distinctRuns(`b${i}x`, 40),
      notice('reused', i === 29 ? 1 : 0),
    ]).flat();
    const keep = keepOf();
    const s = scanned(lines, 'main', keep);
    pruneHistory(s, keep);
    assert.equal(s.events.notices.length, KEEP_PER_COMMAND);
    assert.deepEqual(plain(tallyOf([s.events]).items), plain(tallyOf([unpruned(lines, 'main')]).items));
    assert.equal(tallyOf([s.events]).items.find((i) => i.id === 'S3')!.state, 'failed');
  });

  it('pruning waits until the runs have doubled, so its cost per run stays constant', () => {
    // Calls that never get a result are all kept: the worst case for pruning again and again.
    const keep = keepOf();
    const s = newScanState('t.jsonl', 'main');
    const sizes = new Set<number>();
    for (let i = 0; i < 4000; i++) {
      scanBytes(s, bytesOf([call(`toolu_w${i}`, `sleep ${i}`)]), keep);
      sizes.add(s.prunedTo);
    }
    assert.equal(s.events.runs.length, 4000);
    // One prune each time the count passes twice what the last one left.
    assert.deepEqual([...sizes].sort((a, b) => a - b), [0, 401, 803, 1607, 3215]);
  });

  it('with no goal, only the newest finished runs and those still waiting are kept', () => {
    const s = scanned([call('toolu_wait', 'sh still-running.sh'), ...noise('n')], 'main', null);
    pruneHistory(s, null);
    assert.equal(s.events.runs.length, KEEP_UNPLANNED + 1);
    assert.equal(s.events.runs[0]!.toolUseId, 'toolu_wait');
    assert.equal(s.events.runs.at(-1)!.command, 'rg -n "sym_n_1499" src/mod19');
  });

  it('the keep set is the normalized proof commands, so spacing and quoting do not matter', () => {
    assert.deepEqual(scanKeepOf(parsePlan(planOf({ S1: '`npm   test`', S2: "`'npm' test`", S3: '`ls ~/x`' })).items, HOME).proofs, ['ls ~/x', 'npm test']);
  });
});
