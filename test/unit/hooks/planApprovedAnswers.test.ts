// What plan-approved answers in the cases the freeze tests (planGate.test.ts) do not reach: another
// tool's PostToolUse, an approval whose plan cannot be read, and the exact words of a refusal and
// of a repeated approval (mutation testing found each unguarded).
import { strict as assert } from 'node:assert';
import { readGoal } from '../../../src/workspace/goalState';
import { addedContext, gate, payload, workspace } from './helpers';

const GOOD = '# Parser\n\n## Steps\n- S1. Parse. Proof: `npm test -- --grep parser`\n- S2. The person signs off. Proof: human — you approve the wording\n';
const COUNT = "2 items (1 Claude's, 1 for the person or later)";
const RULE = "An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.";

describe('plan approval answers', () => {
  it('the PostToolUse of another tool is not an approval: silent, nothing frozen', async () => {
    const w = workspace();
    const r = await gate('plan-approved', payload('posttool-exitplanmode', { cwd: w.ws, tool_name: 'Bash', tool_response: { plan: GOOD } }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'not-plan' });
    assert.equal(readGoal(w.ws).kind, 'none');
  });

  const unreadable: Array<[string, Record<string, unknown>]> = [
    ['a response without a plan and no plan in the input', { tool_response: {}, tool_input: {} }],
    ['a response that is not an object', { tool_response: 'approved', tool_input: {} }],
  ];
  for (const [name, over] of unreadable) {
    it(`${name} freezes nothing and tells the agent to adopt the plan file`, async () => {
      const w = workspace();
      const r = await gate('plan-approved', payload('posttool-exitplanmode', { cwd: w.ws, ...over }), w);
      assert.equal(r.answer.outcome, 'no-plan');
      assert.deepEqual(r.json, {
        hookSpecificOutput: {
          hookEventName: 'PostToolUse',
          additionalContext: 'Proofmeter saw the plan approved but could not read it, so nothing was frozen. Run `proofmeter adopt PLAN.md` on the plan file.',
        },
      });
      assert.equal(readGoal(w.ws).kind, 'none');
    });
  }

  it('a null response still freezes the plan the tool input carries', async () => {
    const w = workspace();
    const r = await gate('plan-approved', payload('posttool-exitplanmode', { cwd: w.ws, tool_response: null, tool_input: { plan: GOOD } }), w);
    assert.equal(r.answer.outcome, 'frozen');
    assert.equal(readGoal(w.ws).kind, 'ok');
  });

  it('a refusal ends with what to do next', async () => {
    const w = workspace();
    const r = await gate('plan-approved', payload('posttool-exitplanmode', { cwd: w.ws }), w);
    const lines = addedContext(r).split('\n');
    assert.equal(lines.at(-1), 'Fix the plan and have it approved again.');
  });

  it('the same list approved again says it is already the goal, with its count and the proof rule', async () => {
    const w = workspace();
    const p = payload('posttool-exitplanmode', { cwd: w.ws, tool_response: { plan: GOOD } });
    await gate('plan-approved', p, w);
    const again = await gate('plan-approved', p, w);
    assert.deepEqual(again.json, {
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `Proofmeter: this plan is already the frozen goal (${COUNT}). ${RULE}` },
    });
  });
});
