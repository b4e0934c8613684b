// What each gate answers when its handler fails (runHook's fail-safes), word for word, what the
// incident records, and which workspace the handler is given (mutation testing found these unguarded).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { HookName } from '../../../src/core/install/entries';
import { HookFault } from '../../../src/workspace/health';
import type { HookContext } from '../../../src/hooks/context';
import { blockReason, freeze, gate, health, incidentSchema, MAIN_PLAN, payload, systemMessage, workspace } from './helpers';

const boom = () => {
  throw new HookFault('bad-state', 'goal.json is broken');
};
const WHAT = 'bad-state: goal.json is broken';
const base = (w: { ws: string }, event: string) => ({ session_id: 's1', cwd: w.ws, hook_event_name: event });

describe('the fail-safe answer of each gate', () => {
  const cases: Array<[HookName, (w: { ws: string }) => unknown, (where: string) => unknown, string]> = [
    ['plan-gate', (w) => payload('pretool-exitplanmode', { cwd: w.ws }), (where) => ({ systemMessage: `Proofmeter's plan gate failed (${WHAT}); this plan was not checked.${where}` }), 'no decision; Claude Code asks the person as usual'],
    ['plan-approved', (w) => payload('posttool-exitplanmode', { cwd: w.ws }), (where) => ({
      systemMessage: `Proofmeter could not freeze the approved plan (${WHAT}); nothing was frozen.${where}`,
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'Proofmeter could not freeze the approved plan, so nothing is counted yet. Ask the person to run `proofmeter adopt PLAN.md` on the plan file.' },
    }), 'nothing frozen; adopt the plan by hand'],
    ['guard', (w) => payload('pretool-bash', { cwd: w.ws }), (where) => ({ systemMessage: `Proofmeter's guard failed (${WHAT}); this tool call was not checked.${where}` }), 'tool call not checked'],
    ['stop', (w) => payload('stop-first', { cwd: w.ws }), (where) => ({ systemMessage: `Proofmeter's stop gate failed (${WHAT}); the stop was let through UNCHECKED. This is not a pass: run \`proofmeter tally\`.${where}` }), 'stop let through unchecked (no goal frozen), with a message'],
    ['prompt', (w) => payload('prompt-typed', { cwd: w.ws }), (where) => ({ systemMessage: `Proofmeter could not read this prompt's /goal line or item ids (${WHAT}).${where}` }), 'prompt passed without context'],
    ['session-start', (w) => payload('session-start-startup', { cwd: w.ws }), (where) => ({ systemMessage: `Proofmeter could not build the progress ledger (${WHAT}).${where}` }), 'no ledger injected'],
    ['config-change', (w) => base(w, 'ConfigChange'), (where) => ({
      decision: 'block',
      reason: `Proofmeter's settings gate failed (${WHAT}); the change was refused and the session keeps its settings. Restart Claude Code to apply it.${where}`,
      systemMessage: `Proofmeter's settings gate failed (${WHAT}); this settings change was refused for the running session.${where}`,
    }), 'settings change refused for the running session'],
    ['receipt', (w) => ({ ...base(w, 'PostToolUse'), tool_name: 'Bash' }), () => ({}), 'no receipt written; the run goes unwitnessed'],
  ];
  for (const [name, input, answer, summary] of cases) {
    it(`${name}: answers as documented and records the incident with its fail-safe`, async () => {
      const w = workspace();
      const r = await gate(name, input(w), w, { handler: boom });
      assert.equal(r.answer.outcome, 'fault');
      const [incident] = health(w).filter((h) => h.outcome === 'fault');
      assert.ok(incident, 'a health record of the fault');
      const path = /Details: (\S+?\.json)/.exec(r.answer.stdout)?.[1] ?? null;
      if (name !== 'receipt') assert.ok(path, 'the answer points at the incident');
      assert.deepEqual(r.json, answer(path ? ` Details: ${path}` : ''));
      if (path) {
        const written = incidentSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
        assert.equal(written.failSafe, summary);
        assert.equal(written.faultClass, 'bad-state');
        assert.ok(written.durationMs >= 0 && written.durationMs < 60_000, `a duration measured from the call: ${written.durationMs}`);
      }
    });
  }

  it('stop with a frozen goal stays blocked, and its incident says so', async () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w, { handler: boom });
    assert.equal(r.json?.decision, 'block');
    const path = /Details: (\S+?\.json)/.exec(blockReason(r))![1]!;
    assert.equal(incidentSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).failSafe, 'stop blocked: a goal is frozen');
  });
});

describe('the call around a gate', () => {
  it('a gate is given the workspace of CLAUDE_PROJECT_DIR, else the payload’s cwd', async () => {
    const w = workspace();
    const other = workspace();
    const seen: string[] = [];
    const handler = (_: unknown, ctx: HookContext) => {
      seen.push(ctx.workspace);
      return { code: 0, stdout: '', stderr: '', outcome: 'pass' };
    };
    await gate('guard', payload('pretool-bash', { cwd: other.ws }), w, { handler });
    await gate('guard', payload('pretool-bash', { cwd: other.ws }), w, { handler, env: { PATH: process.env.PATH, HOME: w.home } });
    assert.deepEqual(seen, [w.ws, other.ws]);
  });

  it('the health record counts the bytes of both outputs and the time since the call began', async () => {
    const w = workspace();
    const t0 = performance.now();
    await gate('guard', payload('pretool-bash', { cwd: w.ws }), w, { handler: () => ({ code: 0, stdout: '{}', stderr: 'de', outcome: 'pass' }) });
    const took = performance.now() - t0;
    const [rec] = health(w);
    assert.ok(rec, 'a health record');
    assert.equal(rec.outputBytes, 4);
    assert.ok(rec.durationMs >= 0 && rec.durationMs <= took + 1, `a duration measured from the call: ${rec.durationMs} of ${took} ms`);
  });

  const shapes: Array<[string, string]> = [
    ['{"session_id": 5}', 'hook input has the wrong shape at session_id (invalid_type)'],
    ['[]', 'hook input has the wrong shape at the top (invalid_type)'],
  ];
  for (const [raw, reason] of shapes) {
    it(`input ${raw} is a bad-input fault that names where its shape is wrong`, async () => {
      const w = workspace();
      const r = await gate('guard', null, w, { raw });
      assert.match(systemMessage(r), new RegExp(`^Proofmeter's guard failed \\(bad-input: ${reason.replace(/[()]/g, '\\$&')}\\); this tool call was not checked\\.`));
    });
  }

  it("a fault of another gate with a goal frozen keeps that gate's own fail-safe", async () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws }), w, { handler: boom });
    const path = /Details: (\S+?\.json)/.exec(systemMessage(r))![1]!;
    assert.equal(incidentSchema.parse(JSON.parse(readFileSync(path, 'utf8'))).failSafe, 'tool call not checked');
  });
});
