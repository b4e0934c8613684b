// Hook inputs that lack a field Claude Code normally sends: a SessionStart with no source is
// answered as from source "unknown", and a Stop with no session id counts its blocks under the
// session "unknown".
import { strict as assert } from 'node:assert';
import type { Finding } from '../../../src/core/findings/finding';
import type { HookContext } from '../../../src/hooks/context';
import { hookInput, type HookInput } from '../../../src/hooks/payload';
import { sessionStart } from '../../../src/hooks/sessionStart';
import { stopGate, type StopDeps } from '../../../src/hooks/stopGate';
import type { SealCheck } from '../../../src/workspace/sealRecord/check';
import { evaluate, labTranscript } from '../helpers/fixtures';
import { answerJson, blockReason, freeze, MAIN_PLAN, payload, workspace } from './helpers';

const tampered: Finding = { id: 'F-0000001', kind: 'meter-tampered', severity: 'error', message: 'the runner changed', action: 'run proofmeter doctor', file: null, line: null, evidence: null };

describe('hook inputs without the usual ids', () => {
  it('a SessionStart with no source gets the ledger, with the outcome context-unknown', () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    const input = hookInput.parse(payload('session-start-startup', { cwd: w.ws, source: undefined }));
    const ctx: HookContext = { workspace: w.ws, env: w.env, now: () => new Date() };
    const answer = sessionStart(input, ctx, { tally: () => evaluate(MAIN_PLAN, [labTranscript('main')]) });
    assert.equal(answer.outcome, 'context-unknown');
    assert.equal(answerJson(answer)?.hookSpecificOutput?.hookEventName, 'SessionStart');
  });

  it('a Stop with no session id continues the run of blocks of the session named "unknown"', async () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    const ctx: HookContext = { workspace: w.ws, env: w.env, now: () => new Date() };
    const deps: StopDeps = {
      seal: (): SealCheck => ({ sealed: true, frozen: true, findings: [tampered], seal: null, sealedGoal: null }),
      tally: () => evaluate(MAIN_PLAN, [labTranscript('main')]),
      rerun: () => Promise.reject(new Error('not reached')),
    };
    const last = async (input: HookInput) => blockReason({ json: answerJson(await stopGate(input, ctx, deps)) }).split('\n').at(-1);
    assert.equal(await last({ session_id: 'unknown', prompt_id: 'p1', stop_hook_active: false }), "Stop blocked 1 of 8 times in a row (Claude Code's cap).");
    assert.equal(await last({ prompt_id: 'p1', stop_hook_active: true }), "Stop blocked 2 of 8 times in a row (Claude Code's cap).");
  });
});
