// The stop gate's count of consecutive blocks on each of its three ways to block (the seal's
// findings, a re-run that disagrees, open work), which goes on only while stop_hook_active is true;
// a corrupt goal is a fault, and a stop with no goal ends the run. stopGate is called directly with
// its dependencies replaced; mutation testing found these unguarded.
import { strict as assert } from 'node:assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding } from '../../../src/core/findings/finding';
import type { HookContext } from '../../../src/hooks/context';
import type { HookInput } from '../../../src/hooks/payload';
import { stopGate, type StopDeps } from '../../../src/hooks/stopGate';
import { recordBlock, stopStatePath } from '../../../src/hooks/stopState';
import type { SealCheck } from '../../../src/workspace/sealRecord/check';
import { evaluate, labTranscript } from '../helpers/fixtures';
import { answerJson, blockReason, freeze, MAIN_PLAN, workspace, type Workspace } from './helpers';

const DONE_PLAN = MAIN_PLAN.replace(/\n- \*\*S2\.\*\*.*\n/, '\n').replace(/\n- \*\*V2\.\*\*.*\n?/, '\n');
const tampered: Finding = { id: 'F-0000001', kind: 'meter-tampered', severity: 'error', message: 'the runner changed', action: 'run proofmeter doctor', file: null, line: null, evidence: null };
const sealSays = (findings: Finding[]) => (): SealCheck => ({ sealed: true, frozen: true, findings, seal: null, sealedGoal: null });

function ctxOf(w: Workspace): HookContext {
  return { workspace: w.ws, env: w.env, now: () => new Date() };
}
const stop = (active: boolean): HookInput => ({ session_id: 's1', prompt_id: 'p1', stop_hook_active: active });
const lastLine = async (p: Promise<{ stdout: string }>) => blockReason({ json: answerJson(await p) }).split('\n').at(-1);
const of8 = (n: number) => `Stop blocked ${n} of 8 times in a row (Claude Code's cap).`;

describe('the stop gate counts a run of blocks only while stop_hook_active is true', () => {
  const ways: Array<[string, (w: Workspace) => StopDeps]> = [
    ['the seal holds the gate', () => ({ seal: sealSays([tampered]), tally: () => evaluate(MAIN_PLAN, [labTranscript('main')]), rerun: () => Promise.reject(new Error('not reached')) })],
    [
      'the re-run could not run a proof',
      () => ({
        seal: sealSays([]),
        tally: () => evaluate(DONE_PLAN, [labTranscript('main')]),
        rerun: () => Promise.resolve({ results: [], failed: [], notRun: [{ id: 'S1', proof: 'echo hi' }], reused: [], envSource: 'goal', budgetMs: 0 }),
      }),
    ],
    ['work is open', () => ({ seal: sealSays([]), tally: () => evaluate(MAIN_PLAN, [labTranscript('main')]), rerun: () => Promise.reject(new Error('not reached')) })],
  ];
  for (const [why, depsOf] of ways) {
    it(`when ${why}: a fresh stop is block 1, an active one continues the run, a fresh one starts it again`, async () => {
      const w = workspace();
      freeze(w, MAIN_PLAN);
      const deps = depsOf(w);
      const got = [];
      for (const active of [false, false, true, true, false]) got.push(await lastLine(stopGate(stop(active), ctxOf(w), deps)));
      assert.deepEqual(got, [of8(1), of8(1), of8(2), of8(3), of8(1)]);
    });
  }

  it('a corrupt goal is a fault of the state, not a stop let through', async () => {
    const w = workspace();
    freeze(w, MAIN_PLAN);
    writeFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), '{');
    const deps: StopDeps = { seal: sealSays([]), tally: () => evaluate(DONE_PLAN, [labTranscript('main')]), rerun: () => Promise.reject(new Error('not reached')) };
    await assert.rejects(stopGate(stop(false), ctxOf(w), deps), (e: unknown) => e instanceof Error && e.name === 'HookFault');
  });

  it('a stop with no goal ends the run of blocks', async () => {
    const w = workspace();
    recordBlock(w.ws, 's1', 'p1', false, new Date());
    const deps: StopDeps = { seal: sealSays([]), tally: () => evaluate(MAIN_PLAN, [labTranscript('main')]), rerun: () => Promise.reject(new Error('not reached')) };
    const r = await stopGate(stop(true), ctxOf(w), deps);
    assert.deepEqual([r.outcome, existsSync(stopStatePath(w.ws, 's1'))], ['no-goal', false]);
  });
});
