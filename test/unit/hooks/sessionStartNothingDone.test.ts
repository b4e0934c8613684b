// The session-start gate's two duties beyond the done goal's ledger: a ledger with nothing done
// has no "Done:" line, and the handler itself (not only recordStartingSettings called directly)
// takes the view of the settings the session starts with, even when there is no goal.
import { strict as assert } from 'node:assert';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import type { HookContext } from '../../../src/hooks/context';
import { hookInput } from '../../../src/hooks/payload';
import { ledgerText, sessionStart } from '../../../src/hooks/sessionStart';
import { readSessionView } from '../../../src/workspace/sessionSettingsView';
import { evaluate } from '../helpers/fixtures';
import { workspace } from './helpers';

const PLAN = '# Deploy\n\n## Steps\n- S1. Deploy it. Proof: `test -f deployed.txt`\n- H1. You look. Proof: human — your words name H1\n';

describe('the session-start gate with nothing done yet', () => {
  it('the ledger of a goal none of whose items is done has no Done line', () => {
    const text = ledgerText(evaluate(PLAN, [], { transcripts: [] }));
    assert.deepEqual(text.split('\n'), [
      "Proofmeter progress ledger (from the meter's records of this workspace; trust it over memory of earlier turns):",
      'Goal: Deploy (PLAN.md), frozen.',
      "0 of 1 of Claude's part done.",
      'Open for Claude (item, state, the proof that closes it):',
      '- S1 (not run yet): run `test -f deployed.txt`',
      'Waiting on the person (closed only by their own words naming the id): H1 (human — your words name H1)',
      "An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.",
    ]);
  });

  it('a SessionStart from a genuine hook takes the starting settings view, even with no goal', () => {
    const w = workspace();
    const now = new Date('2026-12-01T09:00:00.000Z');
    const caller: Caller = { kind: 'hook', nested: false, claudePid: 42, why: 'test' };
    const ctx: HookContext = { workspace: w.ws, env: w.env, now: () => now, callerOf: () => caller };
    const input = hookInput.parse({ session_id: 's1', hook_event_name: 'SessionStart', source: 'startup', cwd: w.ws });
    assert.equal(readSessionView(w.ws, 's1'), null);
    const answer = sessionStart(input, ctx, { tally: () => assert.fail('no goal, no tally') });
    assert.equal(answer.outcome, 'no-goal');
    assert.equal(readSessionView(w.ws, 's1')?.at, '2026-12-01T09:00:00.000Z');
  });
});
