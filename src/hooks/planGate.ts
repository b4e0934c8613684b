// PreToolUse ExitPlanMode, the plan gate: a plan whose items lack real proofs cannot reach the
// person's approval. A plan that passes gets no decision from the meter, so Claude Code asks the
// person as usual: the meter never approves a plan itself. The list is frozen only after the
// person approved it (planApproved.ts).
import { readFileSync } from 'node:fs';
import { parsePlanText } from '../workspace/planParser';
import { denyTool, silent, type HookAnswer } from './answer';
import type { HookContext } from './context';
import { findingLines } from './goalMessages';
import { str, type HookInput } from './payload';

/** The plan text: inline when given, else the plan file's text, else null. */
export function planTextOf(inline: unknown, file: unknown): { text: string; file: string | null } | null {
  const path = str(file) || null;
  const text = str(inline);
  if (text && text.trim()) return { text, file: path };
  if (path) {
    try {
      return { text: readFileSync(path, 'utf8'), file: path };
    } catch {
      return null;
    }
  }
  return null;
}

export function planGate(input: HookInput, _ctx: HookContext): HookAnswer {
  if (input.tool_name !== 'ExitPlanMode') return silent('not-plan');
  const ti = input.tool_input ?? {};
  const plan = planTextOf(ti.plan, ti.planFilePath);
  const parsed = parsePlanText(plan?.text ?? '');
  if (parsed.findings.length === 0) return silent('pass');
  const n = parsed.findings.length;
  const reason = [
    `Proofmeter refused this plan: ${n} problem${n === 1 ? '' : 's'}. Fix ${n === 1 ? 'it' : 'each'} in the plan file and call ExitPlanMode again:`,
    ...findingLines(parsed.findings),
    // The agent is rewriting the plan anyway, so the warnings come along; alone they refuse nothing
    // and add nothing to an approval the meter does not decide.
    ...parsed.warnings.map((w) => `- line ${w.line} (a warning, not a refusal): ${w.message}`),
  ].join('\n');
  return denyTool(reason, 'deny');
}
