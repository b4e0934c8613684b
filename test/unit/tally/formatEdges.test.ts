// The text views of a tally (format.ts, integrityLines.ts) read line by line on tallies written
// by hand: the whole report of a finished and of an unfinished tally, which stages and items each
// list holds, why a run did not count, which integrity errors may be accepted, the verifier's
// lines, the status line of a changed meter, and the stop gate's ledger.
import { strict as assert } from 'node:assert';
import type { RerunJson } from '../../../src/core/evidence/rerun';
import type { Finding } from '../../../src/core/findings/finding';
import { isOpenForPerson, openLedger, statusLine, tallyText, verifierLines } from '../../../src/core/tally/format';
import { acceptedNote, openCount } from '../../../src/core/tally/integrityLines';
import type { NeverCountReason } from '../../../src/core/tally/notCounted';
import type { ItemJson, LedgerJson, Tally } from '../../../src/core/tally/tally';
import type { Stage } from '../../../src/core/tally/stages';
import { item, stages, tally } from './handTally';

/** A run of S1's proof that the ledger did not count, for the given reason and folder. */
function missed(reason: NeverCountReason, cwd: string | null): LedgerJson {
  return {
    ids: ['S1'],
    reason,
    source: reason === 'subagent' ? 'subagent' : 'main',
    run: { command: 'npm run s1', time: '2026-12-01T11:00:00Z', exit: 0, file: '/t/a.jsonl', line: 5, endLine: 6, outcome: 'passed', cwd, tests: null },
  };
}

function finding(n: number, kind: Finding['kind'], severity: Finding['severity']): Finding {
  return { id: `F-000000${n}`, kind, severity, message: `noticed ${n}`, action: 'Look at it.', file: null, line: null, evidence: null };
}

function rerun(id: string, outcome: RerunJson['outcome'], parts: Partial<RerunJson> = {}): RerunJson {
  return {
    id,
    proof: `npm run ${id.toLowerCase()}`,
    outcome,
    exit: outcome === 'pass' ? 0 : 1,
    signal: null,
    durationMs: 10,
    outputBytes: 0,
    outputTruncated: false,
    at: '2026-12-01T12:00:00Z',
    clean: false,
    timeoutMs: 120000,
    error: null,
    session: 'proved',
    reopened: false,
    by: 'verify',
    ...parts,
  };
}

const lines = (t: Tally): string[] => tallyText(t).split('\n');

describe('the whole tally report', () => {
  it('a finished tally has the goal, the bar, the stages, the done items and the verdict, and no empty list', () => {
    const t = tally({
      headline: { done: 5, total: 5 },
      stages: stages({ push: 'skipped' }),
      items: [item('S1'), item('S2', { owner: 'human', state: 'closed', proof: 'human — looks right' })],
    });
    assert.deepEqual(lines(t), [
      'Goal: Ship it (PLAN.md), approval 2026-12-01T10:00:00Z',
      "▰▰▰▰▰▰▰▰ 5/5 of Claude's part done",
      'Stages: plan ●  approve ●  build ●  check ●  commit ●  push –  close ●',
      'Done: S1 S2',
      'verdict: ALL DONE',
    ]);
  });

  it('an unfinished tally lists Claude’s open items padded to the longest id, commit and push, then the person’s items', () => {
    const t = tally({
      goal: { title: 'Ship it', planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
      verdict: 'not-done',
      headline: { done: 1, total: 6 },
      open: 4,
      stages: stages({ build: 'under way', check: 'waiting', commit: 'waiting', push: 'waiting', close: 'waiting' }),
      items: [
        item('S1', { state: 'unrun' }),
        item('S10', { state: 'failed', detail: 'exit 1' }),
        item('S2'),
        item('H1', { owner: 'human', state: 'open', proof: 'human — looks right' }),
        item('S3', { state: 'open', proof: '' }),
      ],
      ledger: [missed('subagent', '/elsewhere')],
    });
    assert.deepEqual(lines(t), [
      'Goal: Ship it (PLAN.md), evaluated as approved',
      "▰▱▱▱▱▱▱▱ 1/6 of Claude's part done",
      'Stages: plan ●  approve ●  build ◐  check ○  commit ○  push ○  close ○',
      'Open for Claude:',
      '  S1   not run yet  proof: npm run s1',
      '       (did not count: `npm run s1`, ran in a subagent)',
      '  S10  failed: exit 1  proof: npm run s10',
      '  S3   open  proof: ',
      '  commit: commit detail',
      '  push: push detail',
      'Open for you (closed by your own words naming the id):',
      '  H1  human — looks right',
      'Done: S2',
      'verdict: NOT DONE (4 open)',
    ]);
  });

  const stageCases: Array<[string, Partial<Record<Stage['name'], Stage['state']>>, string[]]> = [
    ['only commit is open: it alone is listed', { commit: 'under way' }, ['Open for Claude:', '  commit: commit detail']],
    ['only push is open: it alone is listed', { push: 'waiting' }, ['Open for Claude:', '  push: push detail']],
    ['commit done and push skipped: neither is listed, so there is no list', { push: 'skipped' }, []],
    ['a waiting close or build is no work for Claude of its own', { build: 'waiting', close: 'waiting' }, []],
  ];
  for (const [name, states, want] of stageCases) {
    it(name, () => {
      const l = lines(tally({ stages: stages(states) }));
      assert.deepEqual(l.slice(3, l.indexOf('Done: S1')), want);
    });
  }
});

describe('why a run of an unrun item did not count', () => {
  const cases: Array<[string, NeverCountReason, string | null, string]> = [
    ['a run from another folder names the folder', 'other folder', '/elsewhere', '      (did not count: `npm run s1`, ran in another folder (/elsewhere))'],
    ['a run from another folder the transcript does not name has no folder', 'other folder', null, '      (did not count: `npm run s1`, ran in another folder)'],
    ['a run that did not count for another reason names no folder, even when it has one', 'subagent', '/elsewhere', '      (did not count: `npm run s1`, ran in a subagent)'],
    ['a run before the goal names no folder', 'before the goal', null, '      (did not count: `npm run s1`, ran before the goal was frozen)'],
  ];
  for (const [name, reason, cwd, want] of cases) {
    it(name, () => {
      const t = tally({ verdict: 'not-done', items: [item('S1', { state: 'unrun' })], ledger: [missed(reason, cwd)] });
      assert.deepEqual(lines(t).slice(3, 6), ['Open for Claude:', '  S1  not run yet  proof: npm run s1', want]);
    });
  }
});

describe('who an item waits on', () => {
  const cases: Array<[string, ItemJson['owner'], ItemJson['state'], boolean]> = [
    ['an open item of the person’s waits on the person', 'human', 'open', true],
    ['an open later event waits on the person', 'later', 'open', true],
    ['an item Claude handed over waits on the person', 'claude', 'handed-over', true],
    ['an open item of Claude’s does not wait on the person', 'claude', 'open', false],
    ['an item of the person’s they closed waits on no one', 'human', 'closed', false],
    ['an unrun item of Claude’s does not wait on the person', 'claude', 'unrun', false],
  ];
  for (const [name, owner, state, want] of cases) it(name, () => assert.equal(isOpenForPerson(item('X1', { owner, state })), want));
});

describe('integrity findings in the report', () => {
  it('only an error outside the seal may be accepted in words; an accepted one says who accepted it; only blocking errors count in the verdict', () => {
    const t = tally({
      verdict: 'not-done',
      integrity: [
        finding(1, 'transcript-tampered', 'error'),
        finding(2, 'meter-tampered', 'error'),
        finding(3, 'hooks-disarmed', 'error'),
        finding(4, 'transcript-tampered', 'warning'),
        finding(5, 'foreign-transcript', 'error'),
      ],
      accepted: [{ id: 'F-0000005', at: '2026-12-01T11:00:00Z', source: 'words', session: null, promptId: null }],
    });
    assert.deepEqual(lines(t).slice(4), [
      'Integrity error F-0000001: noticed 1 Look at it. (to accept it, type: accept F-0000001)',
      'Integrity error F-0000002: noticed 2 Look at it.',
      'Integrity error F-0000003: noticed 3 Look at it.',
      'Integrity warning F-0000004: noticed 4 Look at it.',
      'Integrity error F-0000005, accepted by you (your words, 2026-12-01T11:00:00Z): noticed 5',
      'verdict: NOT DONE (0 open, 3 integrity findings)',
    ]);
  });

  it('an acceptance is the note of its own finding only', () => {
    const t = tally({ integrity: [finding(1, 'transcript-tampered', 'error')], accepted: [{ id: 'F-0000009', at: '2026-12-01T11:00:00Z', source: 'dashboard', session: null, promptId: null }] });
    assert.equal(acceptedNote(t, finding(1, 'transcript-tampered', 'error')), null);
    assert.equal(acceptedNote(t, finding(9, 'transcript-tampered', 'error')), 'accepted by you (the dashboard, 2026-12-01T11:00:00Z)');
  });

  it('a warning does not count as an integrity finding in the verdict', () => {
    assert.equal(openCount(tally({ open: 2, integrity: [finding(4, 'transcript-tampered', 'warning')] })), '2 open');
  });
});

describe('the verifier’s lines', () => {
  const cases: Array<[string, Tally['verifier'], string[]]> = [
    ['no saved re-runs: no lines', null, []],
    [
      'work-tree re-runs, passing ones as pass, with the items they took back',
      { results: [rerun('S1', 'pass'), rerun('S2', 'fail')], clean: [], disagreements: [], reopened: ['S2', 'S3'], findings: [] },
      ['Re-run outside the session: S1 pass, S2 exit 1; taken back: S2 S3'],
    ],
    ['work-tree re-runs that took nothing back say nothing of it', { results: [rerun('S1', 'pass')], clean: [], disagreements: [], reopened: [], findings: [] }, ['Re-run outside the session: S1 pass']],
    [
      'clean-checkout re-runs and disagreements, with no work-tree re-runs',
      { results: [], clean: [rerun('S1', 'pass', { clean: true })], disagreements: ['S1', 'S2'], reopened: [], findings: [] },
      ['Re-run in a clean checkout of HEAD (not counted): S1 pass', 'The session and the re-runs disagree on: S1 S2'],
    ],
  ];
  for (const [name, verifier, want] of cases) it(name, () => assert.deepEqual(verifierLines(tally({ verifier })), want));

  it('a tally with no verifier field has no lines', () => assert.deepEqual(verifierLines(tally()), []));
});

describe('the status line of a changed meter', () => {
  it('names each changed part of the seal once, comma-separated, and gives no count', () => {
    const t = tally({ integrity: [finding(1, 'meter-tampered', 'error'), finding(2, 'hooks-disarmed', 'error'), finding(3, 'meter-tampered', 'error')] });
    assert.equal(statusLine(t), '⚠ tampered: meter-tampered, hooks-disarmed · proofmeter doctor');
  });
});

describe('the open ledger, beyond its items', () => {
  it('counts only Claude’s open items past its limit, not the done ones', () => {
    const t = tally({ items: [item('S1', { state: 'unrun' }), item('S2'), item('S3')] });
    assert.deepEqual(openLedger(t, 1), ['S1 (not run yet): run `npm run s1`']);
  });

  it('lists a waiting push and a commit under way, not a waiting close', () => {
    const t = tally({ stages: stages({ commit: 'under way', push: 'waiting', close: 'waiting' }) });
    assert.deepEqual(openLedger(t), ['commit: commit detail', 'push: push detail']);
  });
});
