// The CodeLens words on plan items, from a real tally of the recorded lab session.
import { strict as assert } from 'node:assert';
import { lensFor } from '../../../src/extension/lensText';
import { underWayTally } from '../../webview/fixtures';

describe('plan item lenses', function () {
  const t = underWayTally();
  const lens = (id: string) => lensFor(t.items.find((i) => i.id === id)!, t);

  it('a proved item: ✓ proved, its exit and time; a click opens the deciding run', function () {
    const l = lens('S1');
    assert.match(l.title, /^✓ proved · exit 0 · \d\d:\d\d$/);
    const run = t.items.find((i) => i.id === 'S1')!.run!;
    assert.deepEqual(l.run, { file: run.file, line: run.line });
  });

  it('a failed item: ✗ failed with its exit; taken back by a re-run: ✗ failed on re-run', function () {
    assert.match(lens('S3').title, /^✗ failed · exit 3 · /);
    const s3 = t.items.find((i) => i.id === 'S3')!;
    const rerun = lensFor(s3, { ledger: t.ledger, verifier: { reopened: ['S3'] } });
    assert.equal(rerun.title, '✗ failed on re-run');
  });

  it('a proof run in a subagent that passed there: ○ ran in a subagent (passed there): did not count, and the click opens that run', function () {
    const l = lens('S6');
    assert.equal(l.title, '○ ran in a subagent (passed there): did not count');
    const sub = t.ledger.find((e) => e.reason === 'subagent')!;
    assert.deepEqual(l.run, { file: sub.run.file, line: sub.run.line });
  });

  it('never run, and the person’s items', function () {
    assert.deepEqual(lens('V2'), { title: '○ not run yet', run: null });
    assert.equal(lens('S9').title, '○ waits for you');
    assert.equal(lens('S10').title, '○ waits for a later event');
  });
});

describe('the lens of an item closed through Close…', function () {
  it('says closed by you, with no run to open (the person’s word has no transcript line)', function () {
    const t = underWayTally();
    const s9 = { ...t.items.find((i) => i.id === 'S9')!, state: 'closed' as const, closedBy: { source: 'close', time: '2026-12-03T10:00:00.000Z', file: '', line: 0 } };
    assert.deepEqual(lensFor(s9, t), { title: '✓ closed by you', run: null });
  });
});
