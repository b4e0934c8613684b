import { strict as assert } from 'node:assert';
import { addSession, freeze, gate, MAIN_PLAN, payload, workspace } from './helpers';

describe('session-start ledger (SessionStart)', () => {
  it('no goal: nothing is injected', async () => {
    const w = workspace();
    const r = await gate('session-start', payload('session-start-startup', { cwd: w.ws }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'no-goal' });
  });

  for (const source of ['startup', 'resume', 'compact']) {
    it(`source ${source}: the short ledger as additional context`, async () => {
      const w = workspace();
      addSession(w, 'main');
      freeze(w, MAIN_PLAN, { at: new Date('2026-11-29T08:00:00.000Z') });
      const p = payload(`session-start-${source}`, { cwd: w.ws });
      assert.equal(p.source, source);
      const r = await gate('session-start', p, w);
      assert.equal(r.answer.outcome, `context-${source}`);
      assert.deepEqual(r.json, {
        hookSpecificOutput: {
          hookEventName: 'SessionStart',
          additionalContext: [
            "Proofmeter progress ledger (from the meter's records of this workspace; trust it over memory of earlier turns):",
            'Goal: Ship it (PLAN.md), adopted 2026-11-29T08:00:00.000Z.',
            "2 of 4 of Claude's part done.",
            'Open for Claude (item, state, the proof that closes it):',
            '- S2 (failed: exit code 3): run `echo before-exit; echo err-before-exit >&2; exit 3`',
            '- V2 (not run yet): run `npm test`',
            'Waiting on the person (closed only by their own words naming the id): S3 (human — your answer names S3)',
            'Done: S1 V1',
            "An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.",
            // The test workspace has no sandbox settings.
            'Protection: guard only',
          ].join('\n'),
        },
      });
    });
  }
});
