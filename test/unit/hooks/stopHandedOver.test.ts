// The stop gate's block reason names what is handed over: with only handed-over items open, the
// reason's Open list was empty, so the agent was told to run proofs and shown none.
import { strict as assert } from 'node:assert';
import { decideStop } from '../../../src/hooks/stopGate';
import type { Tally } from '../../../src/core/tally/tally';
import { evaluate } from '../helpers/fixtures';

const PLAN = '# Deploy\n\n## Steps\n- S1. Deploy it. Proof: `test -f deployed.txt`\n- H1. You look. Proof: human — your words name H1\n';

function handedOver(t: Tally, id: string, why: string): Tally {
  return { ...t, items: t.items.map((i) => (i.id === id ? { ...i, state: 'handed-over', handover: { why, time: null, line: 1 } } : i)) };
}

describe('stop gate: handed-over items in the block reason', () => {
  // Evaluated inside each test, not in the describe body, so a mutant in the tally is live while it runs.
  const unrun = (): Tally => evaluate(PLAN, [], { transcripts: [] });

  it('names each handed-over item and whose words close it', () => {
    const d = decideStop(handedOver(unrun(), 'S1', 'needs the production key'), 1, 2);
    assert.equal(d.kind, 'block');
    const lines = d.kind === 'block' ? d.reason.split('\n') : [];
    assert.match(lines[0]!, /^Proofmeter: Claude's part of the goal is not done \(\d+ of \d+\)\. Open:$/);
    assert.equal(lines[1], "- S1 (handed over: needs the production key): waiting for the person's own words naming S1");
    assert.ok(!lines.some((l) => l.startsWith('- S1 (not run yet)')));
    // The person's own items never block, so they are not listed.
    assert.ok(!lines.some((l) => l.includes('H1')));
  });

  it('an item not handed over is listed with its proof, as before', () => {
    const d = decideStop(unrun(), 1, 2);
    const lines = d.kind === 'block' ? d.reason.split('\n') : [];
    assert.equal(lines[1], '- S1 (not run yet): run `test -f deployed.txt`');
    assert.ok(!lines.some((l) => l.includes('handed over')));
  });
});
