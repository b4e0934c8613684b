// The ledger lines when a goal or an item lacks a field: a goal with no title, no plan file and
// no freeze time (session-start ledger), an item Claude handed over (the person's line), and a
// handed-over item whose record has no reason (the stop gate's block reason).
import { strict as assert } from 'node:assert';
import type { Tally } from '../../../src/core/tally/tally';
import { personLine } from '../../../src/hooks/ledger';
import { ledgerText } from '../../../src/hooks/sessionStart';
import { decideStop } from '../../../src/hooks/stopGate';
import { evaluate } from '../helpers/fixtures';

const PLAN = '# Deploy\n\n## Steps\n- S1. Deploy it. Proof: `test -f deployed.txt`\n- H1. You look. Proof: human — your words name H1\n';

function handedOver(t: Tally, id: string, handover: { why: string; time: null; line: number } | null): Tally {
  return { ...t, items: t.items.map((i) => (i.id === id ? { ...i, state: 'handed-over', handover } : i)) };
}

describe('ledger lines with a field missing', () => {
  // Evaluated inside each test, so a mutant in the tally is live while it runs.
  const unrun = (): Tally => evaluate(PLAN, [], { transcripts: [] });

  it('a goal with no title, no plan file and no freeze time says so, with no time after how it was frozen', () => {
    const t = unrun();
    const text = ledgerText({ ...t, goal: { ...t.goal, title: null, planPath: null, frozenBy: 'approval', frozenAt: null } });
    assert.equal(text.split('\n')[1], 'Goal: (untitled plan) (no plan file), approved.');
  });

  it("the person's line names an item Claude handed over as handed over by Claude", () => {
    assert.equal(
      personLine(handedOver(unrun(), 'S1', { why: 'needs the key', time: null, line: 1 })),
      'Waiting on the person (closed only by their own words naming the id): S1 (handed over by Claude); H1 (human — your words name H1)',
    );
  });

  it('a handed-over item with no recorded reason is listed with an empty reason', () => {
    const d = decideStop(handedOver(unrun(), 'S1', null), 1, 2);
    const lines = d.kind === 'block' ? d.reason.split('\n') : [];
    assert.equal(lines[1], "- S1 (handed over: ): waiting for the person's own words naming S1");
  });
});
