// The person's decisions typed as a prompt: "allow G-3fa9c2" lifts one guard refusal for that one
// action, "accept F-1a2b3c4" accepts an integrity finding so it no longer holds the verdict. The
// prompt hook records them itself, since it is the one call that sees the words as Claude Code
// hands them over. Only in a genuine hook of a top-level session: words piped into the runner
// from the agent's shell, or typed into a Claude Code the agent started, decide nothing. A prompt
// from a launcher (claude -p, the SDK) decides only when the goal counts launcher prompts.
// The prompt's receipt (receipts.ts, written first) lists the findings it accepts: the witness
// without which the tally does not count the acceptance recorded here.
import { acceptedIds } from '../core/findings/acceptance';
import type { Caller } from '../workspace/processAncestry';
import { recordAcceptance } from '../workspace/acceptances';
import { allowDenied } from '../workspace/allowances';
import { readGoal } from '../workspace/goalState';
import type { HookContext } from './context';
import { allowedIds } from './guardAllowance';
import { str, type HookInput } from './payload';

export interface Decisions {
  lines: string[];
  /** allow, accept, or null when the prompt decided nothing. */
  outcome: string | null;
}

export function personDecisions(input: HookInput, prompt: string, ctx: HookContext, caller: () => Caller): Decisions {
  const allow = allowedIds(prompt);
  const accept = acceptedIds(prompt);
  if (!allow.length && !accept.length) return { lines: [], outcome: null };
  const named = [...allow, ...accept].join(' ');
  const c = caller();
  if (c.kind !== 'hook') {
    const why = c.kind === 'nested-hook' ? 'this Claude Code was started from inside another Claude Code session' : 'these words did not come from Claude Code as the person typed them';
    return { lines: [`Proofmeter: ${named} not recorded: ${why}.`], outcome: 'not-person' };
  }
  const goal = readGoal(ctx.workspace);
  const launcher = (ctx.env.CLAUDE_CODE_ENTRYPOINT ?? '').startsWith('sdk') && !(goal.kind === 'ok' && goal.goal.countSdkPrompts);
  if (launcher) {
    return { lines: [`Proofmeter: ${named} not recorded: this prompt came from a launcher (claude -p or the SDK), and only the person's typed words decide (adopt the goal with --count-sdk-prompts to count a launcher's).`], outcome: 'launcher' };
  }
  const at = ctx.now().toISOString();
  const meta = { session: str(input.session_id), promptId: str(input.prompt_id), at };
  const lines: string[] = [];
  for (const id of allow) {
    const r = allowDenied(ctx.workspace, id, meta);
    lines.push(
      r.kind === 'allowed'
        ? `Proofmeter: the person allowed ${id} once: the guard lets that exact ${r.denial.tool} call through one time (the same command in the same folder, or the same edit of the same file).`
        : r.kind === 'ambiguous'
          ? `Proofmeter: ${id} names two different refused actions, so neither is allowed; the next refusal shows a fresh id.`
          : `Proofmeter: no refusal of the guard has the id ${id}, so nothing was allowed.`,
    );
  }
  for (const id of accept) {
    const r = recordAcceptance(ctx.workspace, { id, at, source: 'words', session: meta.session, promptId: meta.promptId });
    lines.push(`Proofmeter: the person ${r === 'already' ? 'had already accepted' : 'accepted'} finding ${id}; it no longer holds the verdict.`);
  }
  return { lines, outcome: allow.length ? 'allow' : 'accept' };
}
