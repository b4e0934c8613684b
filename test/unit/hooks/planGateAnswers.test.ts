// What plan-gate answers in the cases its own tests (planGate.test.ts) do not reach: another
// tool's PreToolUse, a blank inline plan beside a plan file, and the outcome of a refusal.
import { strict as assert } from 'node:assert';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { gate, payload, workspace } from './helpers';

const GOOD = '# Parser\n\n## Steps\n- S1. Parse. Proof: `npm test -- --grep parser`\n- S2. The person signs off. Proof: human — you approve the wording\n';

describe('plan gate answers', () => {
  it('the PreToolUse of another tool is not a plan: silent', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_name: 'Bash', tool_input: { plan: '# nothing' } }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'not-plan' });
  });

  it('a blank inline plan reads the plan file instead', async () => {
    const w = workspace();
    const file = join(w.root, 'plan.md');
    writeFileSync(file, GOOD);
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: '  \n', planFilePath: file } }), w);
    assert.equal(r.answer.outcome, 'pass');
  });

  it('a refused plan is answered with the outcome deny', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws }), w);
    assert.equal(r.answer.outcome, 'deny');
    assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny');
  });
});
