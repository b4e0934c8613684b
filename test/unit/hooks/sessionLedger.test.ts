// The session-start ledger of a goal whose part for Claude is done: how the goal was frozen, ALL
// DONE, no open lines and no proof rule, what waits on the person and what is done. The tally is
// computed inside the test (its count set to 2 of 2 here), so a mutant in ledgerText is live.
import { strict as assert } from 'node:assert';
import { ledgerText } from '../../../src/hooks/sessionStart';
import { evaluate, labTranscript } from '../helpers/fixtures';
import { MAIN_PLAN } from './helpers';

const DONE_PLAN = MAIN_PLAN.replace(/\n- \*\*S2\.\*\*.*\n/, '\n').replace(/\n- \*\*V2\.\*\*.*\n?/, '\n');

describe('the session-start ledger of a done goal', () => {
  it('says it was approved, ALL DONE, what waits on the person and what is done, and no proof rule', () => {
    const t = evaluate(DONE_PLAN, [labTranscript('main')]);
    const text = ledgerText({ ...t, headline: { ...t.headline, done: 2, total: 2 }, goal: { ...t.goal, frozenBy: 'approval', frozenAt: '2026-12-01T10:00:00.000Z' } });
    assert.deepEqual(text.split('\n'), [
      "Proofmeter progress ledger (from the meter's records of this workspace; trust it over memory of earlier turns):",
      'Goal: Ship it (PLAN.md), approved 2026-12-01T10:00:00.000Z.',
      "2 of 2 of Claude's part done: ALL DONE.",
      'Waiting on the person (closed only by their own words naming the id): S3 (human — your answer names S3)',
      'Done: S1 V1',
    ]);
  });

  it('says frozen for a goal neither approved nor adopted', () => {
    const t = evaluate(DONE_PLAN, [labTranscript('main')]);
    const text = ledgerText({ ...t, goal: { ...t.goal, frozenBy: 'given', frozenAt: '2026-12-01T10:00:00.000Z' } });
    assert.equal(text.split('\n')[1], 'Goal: Ship it (PLAN.md), frozen 2026-12-01T10:00:00.000Z.');
  });
});
