// The tamper notice joins only the answers the person reads of a gate that ran: the plan, prompt
// and session-start gates' own answers. The guard stays silent, and a gate's fail-safe answer is
// left as written, even while the frozen goal was changed outside a freeze.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HookFault } from '../../../src/workspace/health';
import { freeze, gate, MAIN_PLAN, payload, systemMessage, workspace, type Workspace } from './helpers';

const NOTICE = 'Proofmeter: meter-tampered: The frozen goal .claude/proofmeter/goal.json was changed outside a freeze; the goal as sealed is what counts. Run `proofmeter doctor`.';

function changedGoal(): Workspace {
  const w = workspace();
  freeze(w, MAIN_PLAN);
  const g = join(w.ws, '.claude', 'proofmeter', 'goal.json');
  writeFileSync(g, readFileSync(g, 'utf8').replace('Ship it', 'Ship less'));
  return w;
}

describe('which answers carry the tamper notice', () => {
  it('the guard letting a command through prints nothing', async () => {
    const w = changedGoal();
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: 'Bash', tool_input: { command: 'ls' } }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'allow' });
  });

  it("the plan gate's fail-safe answer is its one line, without the notice", async () => {
    const w = changedGoal();
    const r = await gate('plan-gate', payload('pretool-bash', { cwd: w.ws, tool_name: 'ExitPlanMode', tool_input: { plan: 'x' } }), w, {
      handler: () => {
        throw new HookFault('bad-state', 'broken on purpose');
      },
    });
    assert.equal(r.answer.outcome, 'fault');
    assert.match(systemMessage(r), /^Proofmeter's plan gate failed \(bad-state: broken on purpose\); this plan was not checked\. Details: \S+plan-gate\.json$/);
  });

  it("the plan gate's own refusal carries the notice on a line of its own", async () => {
    const w = changedGoal();
    const r = await gate('plan-gate', payload('pretool-bash', { cwd: w.ws, tool_name: 'ExitPlanMode', tool_input: { plan: MAIN_PLAN } }), w);
    assert.equal(r.answer.outcome, 'deny');
    assert.equal(systemMessage(r), NOTICE);
  });
});
