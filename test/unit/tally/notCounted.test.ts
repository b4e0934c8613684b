import { strict as assert } from 'node:assert';
import { ledgerReasonSchema, type LedgerReason } from '../../../src/core/evidence/evidenceSchema';
import { ledgerReasonText, neverCounts, notCountedRunText, notCountedText, ranNotCounted } from '../../../src/core/tally/notCounted';

// [what the row shows, the reason, whether its run can never count, the short wording (never-count reasons only)]
const rows: Array<[string, LedgerReason, boolean, string | null]> = [
  ['a counted run decides its item', 'counted', false, null],
  ['a run in a subagent never counts', 'subagent', true, 'ran in a subagent'],
  ['a side-chain record never counts', 'sidechain', true, 'ran in a side chain'],
  ['a run of a different command never counts', 'different command', true, 'ran as a different command'],
  ['a run from before the goal was frozen never counts', 'before the goal', true, 'ran before the goal was frozen'],
  ['a run from another folder never counts', 'other folder', true, 'ran in another folder'],
  ['a background run waiting for its notice may still count', 'pending notice', false, null],
  ['a run still running may still count', 'still running', false, null],
  ['a run a newer one superseded is not disqualified itself', 'superseded', false, null],
];

describe('why a run did not count', () => {
  it('the table covers every ledger reason', () => {
    assert.deepEqual(rows.map((r) => r[1]).sort(), [...ledgerReasonSchema.options].sort());
  });

  for (const [name, reason, never, short] of rows) {
    it(name, () => {
      assert.equal(neverCounts(reason), never);
      if (neverCounts(reason)) assert.equal(notCountedText(reason), short);
      assert.ok(ledgerReasonText(reason), 'a long wording');
    });
  }
});

describe('the run that did not count for an item', () => {
  const run = (ids: string[], reason: LedgerReason) => ({ ids, reason });

  it('is the newest run of its proof that can never count, past one that may still count', () => {
    const ledger = [run(['A'], 'pending notice'), run(['A'], 'other folder'), run(['A'], 'subagent')];
    assert.equal(ranNotCounted({ id: 'A', state: 'unrun' }, ledger), ledger[1]);
  });

  it('is none when the only runs may still count', () => {
    assert.equal(ranNotCounted({ id: 'A', state: 'unrun' }, [run(['A'], 'still running'), run(['A'], 'superseded')]), null);
  });

  it('is none for another item’s run', () => {
    assert.equal(ranNotCounted({ id: 'A', state: 'unrun' }, [run(['B'], 'subagent')]), null);
  });

  it('is none once something decides the item', () => {
    assert.equal(ranNotCounted({ id: 'A', state: 'failed' }, [run(['A'], 'subagent')]), null);
  });
});

describe('a run that can never count, in one line', () => {
  const rows: Array<[string, Parameters<typeof notCountedRunText>, string]> = [
    ['a subagent’s run that passed there says so, and that it did not count', ['subagent', 'passed'], 'ran in a subagent (passed there): did not count'],
    ['a subagent’s run that failed there says so', ['subagent', 'failed'], 'ran in a subagent (failed there): did not count'],
    ['a subagent’s run still going says so', ['subagent', 'running'], 'ran in a subagent (still running there): did not count'],
    ['a side-chain run says how it went there too', ['sidechain', 'passed'], 'ran in a side chain (passed there): did not count'],
    ['a run of a different command does not say how it went', ['different command', 'failed'], 'ran as a different command: did not count'],
    ['a run before the goal does not say how it went', ['before the goal', 'passed'], 'ran before the goal was frozen: did not count'],
  ];
  for (const [name, args, want] of rows) {
    it(name, () => assert.equal(notCountedRunText(...args), want));
  }
});
