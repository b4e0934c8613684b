// A plan is refused before it is parsed when it is longer than any real plan (256 Ki characters),
// wherever it is read; below that the parser's cost stays linear in the plan's length (the
// budgets are in bench/planSize.ts: here only that nothing crashes and each path refuses).
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_PLAN_CHARS, tooLargeMessage } from '../../../src/core/plan/planSize';
import { freezePlan } from '../../../src/workspace/freezeGoal';
import { parsePlanText } from '../../../src/workspace/planParser';
import { cli } from '../helpers/cli';
import { denyReason, gate, payload, workspace } from '../hooks/helpers';

const ITEM = (i: number) => `- S${i}. Add the parser step ${i} and its tests. Proof: \`npm test -- --grep step${i}\`\n`;

/** A plan of many ordinary items, exactly `size` characters long (padded with a prose line). */
function planOf(size: number): string {
  const head = '# Big plan\n\n## Steps\n';
  const parts = [head];
  let len = head.length;
  for (let i = 1; len + ITEM(i).length + 2 <= size; i++) {
    parts.push(ITEM(i));
    len += ITEM(i).length;
  }
  parts.push(`\n${'x'.repeat(size - len - 2)}\n`);
  const text = parts.join('');
  assert.equal(text.length, size);
  return text;
}

// About the size that took the plan gate to a full heap (exit 134 after a minute).
const HUGE = planOf(20 << 20);
const tooLarge = (chars: number) => ({ id: null, rule: 'too-large', line: 1, message: tooLargeMessage(chars) });

describe('plan size', () => {
  it('the refusal writes a count of millions with a comma before each group of three digits', () => {
    assert.equal(
      tooLargeMessage(1234567),
      'The plan has 1,234,567 characters, more than the 262,144 (256 Ki) Proofmeter reads, so it was not read; keep only the steps and their proofs in the plan and move logs, pasted output or data to other files.',
    );
  });

  it('a plan one character over the limit is refused with one line, and no items are read', () => {
    const p = parsePlanText(planOf(MAX_PLAN_CHARS + 1));
    assert.deepEqual(p.findings, [tooLarge(MAX_PLAN_CHARS + 1)]);
    assert.deepEqual(p.items, []);
    assert.equal(p.title, null);
    assert.match(p.findings[0]!.message, /^The plan has 262,145 characters, more than the 262,144 \(256 Ki\) Proofmeter reads, so it was not read; /);
  });

  it('a plan at the limit is parsed', () => {
    const p = parsePlanText(planOf(MAX_PLAN_CHARS));
    assert.deepEqual(p.findings, []);
    assert.ok(p.items.length > 2000, `${p.items.length} items`);
  });

  it('a plan at the limit that says Proof: thousands of times in one item is parsed in seconds, not minutes', function () {
    this.timeout(20000);
    const head = '# P\n\n## Steps\n- S1. ';
    const unit = (i: number) => `Proof: x${i} `;
    let text = head;
    for (let i = 1; text.length + unit(i).length < MAX_PLAN_CHARS; i++) text += unit(i);
    const t = Date.now();
    const p = parsePlanText(text);
    assert.equal(p.findings[0]?.rule, 'missing-proof');
    assert.match(p.findings[0].message, /^S1: the proof "x\d+" is not a code span/);
    assert.ok(Date.now() - t < 10000, `${Date.now() - t} ms`);
  });

  describe('a 20 MiB plan is refused quickly wherever it is read', () => {
    it('check-plan', async () => {
      const ws = mkdtempSync(join(tmpdir(), 'pm-plansize-'));
      writeFileSync(join(ws, 'PLAN.md'), HUGE);
      const r = await cli(['check-plan', 'PLAN.md'], { cwd: ws, env: { HOME: ws } });
      assert.equal(r.code, 1);
      assert.equal(r.out, `PLAN.md: 1 problem(s)\n  line 1: - [too-large] ${tooLargeMessage(HUGE.length)}`);
    });

    it('the plan gate, with the plan inline', async () => {
      const w = workspace();
      const r = await gate('plan-gate', payload('pretool-exitplanmode', { cwd: w.ws, tool_input: { plan: HUGE } }), w);
      assert.equal(r.json?.hookSpecificOutput?.permissionDecision, 'deny');
      assert.equal(
        denyReason(r),
        `Proofmeter refused this plan: 1 problem. Fix it in the plan file and call ExitPlanMode again:\n- line 1: ${tooLargeMessage(HUGE.length)}`,
      );
    });

    it('freezing it as the goal (adopt, the approval, /goal, the extension)', () => {
      const w = workspace();
      const r = freezePlan({ workspace: w.ws, planText: HUGE, planFile: null, frozenBy: 'adopt', sessionId: null, now: new Date() });
      assert.deepEqual(r, { kind: 'refused', findings: [tooLarge(HUGE.length)] });
    });
  });
});
