// PostToolUse ExitPlanMode: the person approved the plan (the tool ran), so the list is frozen
// now, with the session that approved it. A plan that changed between the gate and the approval
// and no longer passes is not frozen; the agent is told why.
import { parsePlanText } from '../workspace/planParser';
import { refusalLine } from '../workspace/personOnly';
import { addContext, silent, type HookAnswer } from './answer';
import { hookCaller, notAHook } from './caller';
import type { HookContext } from './context';
import { PROOF_RULE, countLine, findingLines } from './goalMessages';
import { freezePlan } from '../workspace/freezeGoal';
import { planTextOf } from './planGate';
import { str, type HookInput } from './payload';
import { HookFault } from '../workspace/health';

function field(v: unknown, key: string): unknown {
  return v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
}

export function planApproved(input: HookInput, ctx: HookContext): HookAnswer {
  if (input.tool_name !== 'ExitPlanMode') return silent('not-plan');
  // Only Claude Code's own PostToolUse, after the person approved, may freeze: not a payload the
  // agent pipes into the runner, and not the approval inside a Claude Code the agent started.
  const who = hookCaller(ctx, 'plan-approved');
  if (who.kind === 'agent-shell') return notAHook(`Proofmeter did not freeze this plan: ${refusalLine('goal', who)}`);
  if (who.kind === 'nested-hook') return addContext('PostToolUse', `Proofmeter did not freeze this plan: ${refusalLine('goal', who)}`, 'nested');
  const resp = input.tool_response;
  const ti = input.tool_input ?? {};
  const plan = planTextOf(field(resp, 'plan') ?? ti.plan, field(resp, 'filePath') ?? ti.planFilePath);
  if (!plan) {
    return addContext('PostToolUse', 'Proofmeter saw the plan approved but could not read it, so nothing was frozen. Run `proofmeter adopt PLAN.md` on the plan file.', 'no-plan');
  }
  const parsed = parsePlanText(plan.text);
  const r = freezePlan({
    workspace: ctx.workspace,
    stateEnv: ctx.env,
    planText: plan.text,
    planFile: plan.file,
    frozenBy: 'approval',
    sessionId: str(input.session_id),
    now: ctx.now(),
    via: 'plan-approved',
  }, parsed);
  switch (r.kind) {
    case 'refused':
      return addContext(
        'PostToolUse',
        ['Proofmeter did not freeze the approved plan, because it no longer passes check-plan:', ...findingLines(r.findings), 'Fix the plan and have it approved again.'].join('\n'),
        'refused',
      );
    case 'bad-goal':
      throw new HookFault('bad-state', r.error);
    case 'same':
      return addContext('PostToolUse', `Proofmeter: this plan is already the frozen goal (${countLine(r.goal)}). ${PROOF_RULE}`, 'same');
    case 'frozen':
      return addContext(
        'PostToolUse',
        `Proofmeter froze the approved plan as this workspace's goal: ${countLine(r.goal)}. ${PROOF_RULE}`,
        'frozen',
        `Proofmeter: plan approved and frozen (${countLine(r.goal)}).`,
      );
  }
}
