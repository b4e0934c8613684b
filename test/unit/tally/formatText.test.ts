// The text views of a tally (format.ts, integrityLines.ts) on tallies written by hand, for the
// parts no recording reaches: every stage finished, unreadable transcripts, a goal not approved,
// plan findings, an item Claude handed over, items added after approval, long lists cut short.
import { strict as assert } from 'node:assert';
import type { Finding } from '../../../src/core/findings/finding';
import { openLedger, statusLine, tallyText } from '../../../src/core/tally/format';
import { integrityLedger, openCount } from '../../../src/core/tally/integrityLines';
import type { ItemJson, Tally } from '../../../src/core/tally/tally';
import { item, stages, tally } from './handTally';

function integrityError(n: number): Finding {
  return { id: `F-000000${n}`, kind: 'transcript-tampered', severity: 'error', message: `forged record ${n}`, action: 'Run it again.', file: null, line: null, evidence: null };
}

describe('the status line', () => {
  const cases: Array<[string, () => Tally, string]> = [
    ['every stage done or skipped: all done', () => tally({ stages: stages({ push: 'skipped' }) }), '▰▰▰▰▰▰▰▰ 4/4 · all done ●'],
    ['unreadable lines are counted on it', () => tally({ unreadableLines: 3 }), '▰▰▰▰▰▰▰▰ 4/4 · all done ● · 3 unreadable'],
    [
      'transcripts that could not be read are counted on it',
      () => tally({ unreadableFiles: [{ file: '/t/a.jsonl', code: 'ENOENT' }, { file: '/t/b.jsonl', code: 'EACCES' }] }),
      '▰▰▰▰▰▰▰▰ 4/4 · all done ● · 2 transcript(s) unreadable',
    ],
  ];
  for (const [name, t, want] of cases) it(name, () => assert.equal(statusLine(t()), want));
});

describe('the tally report', () => {
  const lines = (t: Tally) => tallyText(t).split('\n');

  it('a goal frozen by approval with no time says only how it was frozen', () => {
    const t = tally({ goal: { title: 'Ship it', planPath: 'PLAN.md', frozenBy: 'approval', frozenAt: null } });
    assert.equal(lines(t)[0], 'Goal: Ship it (PLAN.md), approval');
  });

  it('a goal frozen by approval at a time says both', () => {
    assert.equal(lines(tally())[0], 'Goal: Ship it (PLAN.md), approval 2026-12-01T10:00:00Z');
  });

  it('a goal not frozen yet says it is not approved yet', () => {
    const t = tally({ goal: { title: null, planPath: null, frozenBy: null, frozenAt: null } });
    assert.equal(lines(t)[0], 'Goal: (untitled plan), not approved yet');
  });

  it('each plan finding has its own line', () => {
    const t = tally({ findings: [{ id: 'S2', rule: 'missing-proof', line: 7, message: 'S2 has no proof.' }, { id: null, rule: 'no-items', line: 1, message: 'No items.' }] });
    assert.deepEqual(lines(t).filter((l) => l.startsWith('Plan')), ['Plan: S2 has no proof.', 'Plan: No items.']);
  });

  it('an item of Claude’s with no usable proof is open for Claude, said as open', () => {
    const t = tally({ items: [item('S1', { state: 'open', proof: '' })], verdict: 'not-done' });
    assert.deepEqual(lines(t).slice(3, 5), ['Open for Claude:', '  S1  open  proof: ']);
  });

  const handedOver: Array<[string, ItemJson['handover'], string]> = [
    ['an item Claude handed over is open for the person, with the reason Claude gave', { why: 'needs the production key', time: null, line: 4 }, '  S1  handed over by Claude: needs the production key'],
    ['an item handed over without a handover record says no reason', null, '  S1  handed over by Claude: '],
  ];
  for (const [name, handover, want] of handedOver) {
    it(name, () => {
      const t = tally({ items: [item('S1', { state: 'handed-over', handover })], verdict: 'not-done' });
      const l = lines(t);
      const at = l.indexOf('Open for you (closed by your own words naming the id):');
      assert.ok(at > 0, 'the person has a list');
      assert.equal(l[at + 1], want);
    });
  }

  it('items added after approval are named by id, or by line when they have none', () => {
    const t = tally({ added: [{ id: 'S7', list: 'Steps', line: 9 }, { id: '', list: 'Steps', line: 12 }] });
    assert.ok(lines(t).includes('Added after approval (not counted): S7 line 12'));
  });

  it('unreadable transcript lines are a note', () => {
    assert.ok(lines(tally({ unreadableLines: 2 })).includes('Note: 2 transcript line(s) could not be read and were skipped.'));
  });
});

describe('the open ledger for the stop gate', () => {
  it('past its limit, the ledger says how many more items are open', () => {
    const items = ['S1', 'S2', 'S3', 'S4'].map((id) => item(id, { state: 'unrun' }));
    assert.deepEqual(openLedger(tally({ items }), 2), ['S1 (not run yet): run `npm run s1`', 'S2 (not run yet): run `npm run s2`', '... and 2 more']);
  });

  it('at its limit, it says no more', () => {
    const items = ['S1', 'S2'].map((id) => item(id, { state: 'unrun' }));
    assert.deepEqual(openLedger(tally({ items }), 2), ['S1 (not run yet): run `npm run s1`', 'S2 (not run yet): run `npm run s2`']);
  });

  it('an item of Claude’s with no usable proof is listed as open', () => {
    assert.deepEqual(openLedger(tally({ items: [item('S1', { state: 'open', proof: '' })] })), ['S1 (open): run ``']);
  });
});

describe('integrity findings as text', () => {
  const cases: Array<[string, number, string]> = [
    ['one finding is one integrity finding', 1, '0 open, 1 integrity finding'],
    ['two findings are integrity findings', 2, '0 open, 2 integrity findings'],
  ];
  for (const [name, n, want] of cases) {
    it(name, () => assert.equal(openCount(tally({ integrity: Array.from({ length: n }, (_, i) => integrityError(i + 1)) })), want));
  }

  it('past its limit, the integrity ledger says how many more findings there are', () => {
    const t = tally({ integrity: [1, 2, 3, 4, 5].map(integrityError) });
    assert.deepEqual(integrityLedger(t, 2), [
      'transcript-tampered (F-0000001): forged record 1',
      'transcript-tampered (F-0000002): forged record 2',
      '... and 3 more integrity findings (proofmeter tally)',
    ]);
  });

  it('at its limit, it says no more', () => {
    const t = tally({ integrity: [1, 2].map(integrityError) });
    assert.deepEqual(integrityLedger(t, 2), ['transcript-tampered (F-0000001): forged record 1', 'transcript-tampered (F-0000002): forged record 2']);
  });
});
