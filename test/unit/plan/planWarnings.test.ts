// Warnings refuse nothing: check-plan prints them as `warning:` lines and exits 0, the plan gate
// lets such a plan through to the person, and only a plan it refuses carries them to the agent.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { cli } from '../helpers/cli';
import { denyReason, gate, payload, workspace } from '../hooks/helpers';

const WARNED = '# P\n\n## Steps\n- S1. Build it. Proof: `npm test`\n- S2. Ship the report. Proof: `test -f REPORT.md`\n';
const REFUSED = '# P\n\n## Steps\n- S1. Build it. Proof: `npm test || true`\n- S2. Ship the report. Proof: `test -f REPORT.md`\n';

/** check-plan --json, as far as these tests read it (src/cli/commands/checkPlan.ts prints it). */
const CHECK_PLAN_JSON = z.object({ ok: z.boolean(), findings: z.array(z.unknown()), warnings: z.array(z.object({ id: z.string().nullable(), rule: z.string() }).passthrough()) }).passthrough();

function planFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-warn-'));
  writeFileSync(join(dir, 'PLAN.md'), text);
  return dir;
}

describe('check-plan warnings', () => {
  it('an existence-only proof is a warning line and the plan is still accepted (exit 0)', async () => {
    const r = await cli(['check-plan', 'PLAN.md'], { cwd: planFile(WARNED) });
    assert.equal(r.code, 0);
    const lines = r.out.split('\n');
    assert.match(lines[0]!, /^PLAN\.md: OK, 2 items/);
    assert.deepEqual(lines.slice(1).map((l) => l.replace(/\] .*/, ']')), ['warning: line 5: S2 [existence-only]']);
  });

  it('a refusal exits 1 and the warnings still follow it', async () => {
    const r = await cli(['check-plan', 'PLAN.md'], { cwd: planFile(REFUSED) });
    assert.equal(r.code, 1);
    assert.deepEqual(r.out.split('\n').map((l) => l.replace(/\] .*/, ']')), ['PLAN.md: 1 problem(s)', '  line 4: S1 [cannot-fail]', 'warning: line 5: S2 [existence-only]']);
  });

  it('--json gives the warnings apart from the findings', async () => {
    const j = CHECK_PLAN_JSON.parse(JSON.parse((await cli(['check-plan', 'PLAN.md', '--json'], { cwd: planFile(WARNED) })).out));
    assert.equal(j.ok, true);
    assert.deepEqual(j.findings, []);
    assert.deepEqual(j.warnings.map((w) => [w.id, w.rule]), [['S2', 'existence-only']]);
  });
});

describe('plan gate and warnings', () => {
  it('a plan with only warnings gets no decision, so Claude Code asks the person as usual', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: WARNED } }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'pass' });
  });

  it('a refused plan counts only its problems and lists the warnings after them', async () => {
    const w = workspace();
    const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: REFUSED } }), w);
    const lines: string[] = denyReason(r).split('\n');
    assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny');
    assert.match(lines[0]!, /^Proofmeter refused this plan: 1 problem\./);
    assert.match(lines[1]!, /^- line 4: S1: the proof `npm test \|\| true` always exits 0/);
    assert.match(lines[2]!, /^- line 5 \(a warning, not a refusal\): S2: the proof `test -f REPORT\.md` only checks/);
    assert.equal(lines.length, 3);
  });

  it('adopt refuses a proof that cannot fail, as check-plan does', async () => {
    const dir = planFile(REFUSED);
    const r = await cli(['adopt', 'PLAN.md'], { cwd: dir, env: { ...process.env, HOME: dir, CLAUDE_CONFIG_DIR: '' } });
    assert.equal(r.code, 1);
    assert.match(r.err, /S1: the proof `npm test \|\| true` always exits 0/);
  });
});
