import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readGoal } from '../../../src/workspace/goalState';
import { addedContext, denyReason, systemMessage, gate, payload, workspace } from './helpers';

const PLANS = resolve(__dirname, '..', '..', 'fixtures', 'plans');
const GOOD = '# Parser\n\n## Steps\n- S1. Parse. Proof: `npm test -- --grep parser`\n- S2. The person signs off. Proof: human — you approve the wording\n';

function denial(reason: string) {
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
}

describe('plan gate (PreToolUse ExitPlanMode)', () => {
  it('the recorded lab plan has no items: refused with one line per step, each step rewritten with its id and the proof it needs', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws }), w);
    const fill = ' with the command that fails until it is done in the backticks (or Proof: human — what you confirm).';
    assert.deepEqual(r.json, denial(
      'Proofmeter refused this plan: 3 problems. Fix each in the plan file and call ExitPlanMode again:\n' +
        '- line 1: The plan has no items: every step needs an id and a proof; the 2 lines below show each item rewritten.\n' +
        '- line 6: The item "Create out.txt" on line 6 has no id and no proof; write line 6 as: 1. **S1.** Create `out.txt`. Proof: `<a command that fails until this is done>`' + fill + '\n' +
        '- line 7: The item "Run the tests" on line 7 has no id and no proof; write line 7 as: 2. **S2.** Run the tests. Proof: `<a command that fails until this is done>`' + fill,
    ));
    assert.equal(r.answer.code, 0);
  });

  it('a refused plan gets one actionable line per finding', async () => {
    const w = workspace();
    const text = readFileSync(join(PLANS, 'refused.md'), 'utf8');
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: text } }), w);
    const lines = denyReason(r).split('\n');
    const { parsePlan } = await import('../../../src/core/plan/parsePlan');
    const findings = parsePlan(text).findings;
    assert.ok(findings.length >= 8);
    assert.equal(lines[0], `Proofmeter refused this plan: ${findings.length} problems. Fix each in the plan file and call ExitPlanMode again:`);
    assert.deepEqual(lines.slice(1), findings.map((f) => `- line ${f.line}: ${f.message}`));
    assert.match(lines[1] ?? '', /^- line 5: S1 has no proof; end the item with Proof: `npm test -- --grep parser`/);
  });

  it('a passing plan gets no decision at all, so Claude Code still asks the person', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: GOOD } }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'pass' });
    assert.equal(readGoal(w.ws).kind, 'none', 'nothing is frozen before the approval');
  });

  it('with no inline plan it reads the file at planFilePath', async () => {
    const w = workspace();
    const file = join(w.root, 'plan-file.md');
    writeFileSync(file, '# P\n\n## Steps\n- S1. Do it.\n');
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: '', planFilePath: file } }), w);
    assert.match(denyReason(r), /\n- line 4: S1 has no proof;/);
    writeFileSync(file, GOOD);
    const ok = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { planFilePath: file } }), w);
    assert.equal(ok.answer.outcome, 'pass');
  });

  it('an internal fault gives no decision and a message to the person, never a silent approval', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws }), w, {
      handler: () => {
        throw new TypeError('boom');
      },
    });
    assert.equal(r.answer.code, 0);
    assert.equal(r.json?.hookSpecificOutput, undefined, 'no permission decision');
    assert.match(systemMessage(r), /^Proofmeter's plan gate failed \(internal: TypeError .*\); this plan was not checked\. Details: /);
  });
});

describe('plan approval (PostToolUse ExitPlanMode)', () => {
  it('freezes the approved list with the approving session, pointing at the plan file', async () => {
    const w = workspace();
    const file = join(w.root, 'approved.md');
    writeFileSync(file, GOOD);
    const p = payload('posttool-exitplanmode', { cwd: w.ws, tool_response: { plan: GOOD, isAgent: false, filePath: file } });
    const now = new Date('2026-11-29T12:00:00.000Z');
    const r = await gate('plan-approved', p, w, { now });
    const goal = readGoal(w.ws);
    assert.equal(goal.kind, 'ok');
    if (goal.kind !== 'ok') return;
    assert.equal(goal.goal.frozenBy, 'approval');
    assert.equal(goal.goal.sessionId, p.session_id);
    assert.equal(goal.goal.frozenAt, now.toISOString());
    assert.equal(goal.goal.planPath, file);
    assert.deepEqual(goal.goal.items.map((i) => i.id), ['S1', 'S2']);
    assert.deepEqual(r.json, {
      hookSpecificOutput: {
        hookEventName: 'PostToolUse',
        additionalContext:
          "Proofmeter froze the approved plan as this workspace's goal: 2 items (1 Claude's, 1 for the person or later). An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.",
      },
      systemMessage: "Proofmeter: plan approved and frozen (2 items (1 Claude's, 1 for the person or later)).",
    });
  });

  it('a plan that came only inline is saved under .claude/proofmeter/plans/', async () => {
    const w = workspace();
    const p = payload('posttool-exitplanmode', { cwd: w.ws, tool_response: { plan: GOOD, isAgent: false } });
    await gate('plan-approved', p, w, { now: new Date('2026-11-29T12:00:00.000Z') });
    const goal = readGoal(w.ws);
    assert.ok(goal.kind === 'ok');
    assert.equal(goal.goal.planPath, join('.claude', 'proofmeter', 'plans', 'approval-2026-11-29T12-00-00-000Z.md'));
    assert.equal(readFileSync(join(w.ws, goal.goal.planPath), 'utf8'), GOOD);
  });

  it('the recorded lab approval (a plan without items) freezes nothing and says why', async () => {
    const w = workspace();
    const r = await gate('plan-approved', payload('posttool-exitplanmode', { cwd: w.ws }), w);
    assert.equal(r.answer.outcome, 'refused');
    assert.match(addedContext(r), /^Proofmeter did not freeze the approved plan, because it no longer passes check-plan:\n- line 1: The plan has no items:/);
    assert.equal(readGoal(w.ws).kind, 'none');
  });

  it('the same list approved again keeps its first approval', async () => {
    const w = workspace();
    const p = payload('posttool-exitplanmode', { cwd: w.ws, tool_response: { plan: GOOD } });
    await gate('plan-approved', p, w, { now: new Date('2026-11-29T12:00:00.000Z') });
    const again = await gate('plan-approved', p, w, { now: new Date('2026-11-29T13:00:00.000Z') });
    assert.equal(again.answer.outcome, 'same');
    const goal = readGoal(w.ws);
    assert.ok(goal.kind === 'ok' && goal.goal.frozenAt === '2026-11-29T12:00:00.000Z');
  });

  it('an unreadable goal file is never overwritten: fail-safe context and an incident', async () => {
    const w = workspace();
    mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
    writeFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), '[]');
    const r = await gate('plan-approved', payload('posttool-exitplanmode', { cwd: w.ws, tool_response: { plan: GOOD } }), w);
    assert.equal(r.answer.outcome, 'fault');
    assert.equal(addedContext(r), 'Proofmeter could not freeze the approved plan, so nothing is counted yet. Ask the person to run `proofmeter adopt PLAN.md` on the plan file.');
    assert.equal(readFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'), '[]');
    assert.equal(readdirSync(join(w.ws, '.claude', 'proofmeter', 'incidents')).length, 1);
    assert.ok(!existsSync(join(w.ws, '.claude', 'proofmeter', 'plans')));
  });
});
