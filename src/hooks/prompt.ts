// UserPromptSubmit: the person's prompt. Two things only, both decided elsewhere:
// - a `/goal` line that names a plan file adopts that plan (a walk-away window never saw the
//   approval). Claude Code 2.1.332 passes its built-in `/goal ...` to this hook unchanged, in
//   print, SDK and TUI sessions alike (see test/realcli/hooks.test.ts);
// - words naming an item's id are acknowledged: the engine reads them from the transcript and
//   decides what they close; this hook tells the agent what the meter will make of them.
// Task notifications also arrive here as prompts; they are nobody's words and are ignored.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { affirmedIds } from '../core/evidence/affirmedIds';
import { namesId } from '../core/evidence/namesId';
import type { Tally } from '../core/tally/tally';
import { readGoal, type GoalState } from '../workspace/goalState';
import { HookFault } from '../workspace/health';
import { tallyWorkspace } from '../workspace/workspaceTally';
import { mayChangeGate, refusalLine } from '../workspace/personOnly';
import type { Caller } from '../workspace/processAncestry';
import { addContext, silent, type HookAnswer } from './answer';
import { hookCaller, notAHook } from './caller';
import type { HookContext } from './context';
import { PROOF_RULE, countLine, findingLines } from './goalMessages';
import { freezePlan } from '../workspace/freezeGoal';
import { isHarnessText } from '../core/transcript/harnessText';
import { str, type HookInput } from './payload';
import { personDecisions } from './personDecisions';
import { recordPrompt } from './receipts';

const GOAL_LINE = /^[ \t]*\/goal[ \t]+(.+)$/m;
const PLAN_NAME = /\.(md|markdown)$/i;

export interface GoalLine {
  /** The plan file token as written, or null when the line names none. */
  named: string | null;
  /** The file it resolves to, when that file exists. */
  path: string | null;
}

/** The plan file a `/goal` line names, if the prompt has such a line. */
export function goalLineOf(prompt: string, workspace: string, home = homedir()): GoalLine | null {
  const m = GOAL_LINE.exec(prompt);
  if (!m) return null;
  for (const raw of m[1]!.split(/\s+/)) {
    const tok = raw.replace(/^[("'`<]+/, '').replace(/[)"'`>.,;:!?]+$/, '');
    if (!PLAN_NAME.test(tok)) continue;
    const expanded = tok.startsWith('~/') ? join(home, tok.slice(2)) : tok;
    const abs = isAbsolute(expanded) ? expanded : join(workspace, expanded);
    let isFile: boolean;
    try {
      isFile = existsSync(abs) && statSync(abs).isFile();
    } catch {
      isFile = false;
    }
    return { named: tok, path: isFile ? abs : null };
  }
  return { named: null, path: null };
}

function adopt(line: GoalLine, input: HookInput, ctx: HookContext): { text: string; outcome: string } {
  if (!line.path) return { text: `Proofmeter: the /goal line names ${line.named}, but there is no such file in the workspace, so no plan was adopted.`, outcome: 'goal-missing-file' };
  const r = freezePlan({
    workspace: ctx.workspace,
    stateEnv: ctx.env,
    planText: readFileSync(line.path, 'utf8'),
    planFile: line.path,
    frozenBy: 'adopt',
    sessionId: str(input.session_id),
    now: ctx.now(),
    via: 'prompt',
  });
  switch (r.kind) {
    case 'refused':
      return { text: [`Proofmeter did not adopt ${line.named}: it does not pass check-plan yet.`, ...findingLines(r.findings)].join('\n'), outcome: 'goal-refused' };
    case 'bad-goal':
      throw new HookFault('bad-state', r.error);
    case 'same':
      return { text: `Proofmeter: ${line.named} is already this workspace's frozen goal (${r.goal.frozenBy === 'approval' ? 'approved' : 'adopted'} ${r.goal.frozenAt}; ${countLine(r.goal)}). ${PROOF_RULE}`, outcome: 'goal-same' };
    case 'frozen':
      return {
        text: `Proofmeter adopted ${line.named} as this workspace's goal: ${countLine(r.goal)}${r.replaced ? `, replacing "${r.replaced.title ?? r.replaced.planPath}"` : ''}. ${PROOF_RULE}`,
        outcome: 'goal-adopted',
      };
  }
}

function namesAny(goal: GoalState, prompt: string): boolean {
  const ids = affirmedIds(prompt);
  return goal.items.some((i) => namesId(ids, i.id));
}

/** What the meter will make of words naming these items. */
function acknowledge(goal: GoalState, prompt: string, ctx: HookContext, tally: () => Tally): string[] {
  // Only ids the words affirm: "Is S2 done?" or "S2 is not done" closes nothing, so says nothing.
  const ids = affirmedIds(prompt);
  const named = goal.items.filter((i) => namesId(ids, i.id));
  if (!named.length) return [];
  const fromLauncher = (ctx.env.CLAUDE_CODE_ENTRYPOINT ?? '').startsWith('sdk') && !goal.countSdkPrompts;
  if (fromLauncher) {
    return [`Proofmeter: this prompt names ${named.map((i) => i.id).join(' ')}, but it came from a launcher (claude -p or the SDK), and this goal counts only the person's typed words, so it closes nothing.`];
  }
  const lines: string[] = [];
  const states = named.some((i) => i.owner === 'claude') ? tally().items : [];
  for (const i of named) {
    if (i.owner !== 'claude') {
      const what = i.proof?.kind === 'human' ? i.proof.what : i.proof?.kind === 'later' ? i.proof.event : '';
      lines.push(`Proofmeter: the person's words name ${i.id}, which is theirs to close (${i.owner} — ${what}); the meter counts ${i.id} closed from this prompt.`);
      continue;
    }
    const state = states.find((s) => s.id === i.id)?.state;
    if (state === 'handed-over') {
      lines.push(`Proofmeter: the person's words name ${i.id}, which Claude handed over; the meter counts ${i.id} closed from this prompt.`);
    } else if (state === 'proved') {
      lines.push(`Proofmeter: ${i.id} is already proved by its own run.`);
    } else {
      const cmd = i.proof?.kind === 'command' ? i.proof.command : '';
      lines.push(`Proofmeter: ${i.id} is Claude's item; words do not close it. It closes when \`${cmd}\` passes in this session's own Bash.`);
    }
  }
  return lines;
}

export interface PromptDeps {
  tally: (ws: string, env: NodeJS.ProcessEnv) => Tally;
}

export function promptSubmit(input: HookInput, ctx: HookContext, deps: PromptDeps = { tally: (cwd, env) => tallyWorkspace({ cwd, env }) }): HookAnswer {
  // Every prompt and task notice gets its receipt, before anything else can fail (receipts.ts).
  recordPrompt(input, ctx);
  const prompt = str(input.prompt) ?? '';
  if (!prompt.trim() || isHarnessText(prompt)) return silent('not-person');
  const lines: string[] = [];
  let outcome = 'none';
  let who: Caller | undefined;
  const caller = () => (who ??= hookCaller(ctx, 'prompt'));
  const goalLine = goalLineOf(prompt, ctx.workspace);
  if (goalLine?.named) {
    // A /goal piped into the runner by the agent, or typed into a Claude Code the agent started,
    // is not the person's: it adopts nothing.
    const c = caller();
    if (c.kind === 'agent-shell') return notAHook(`Proofmeter did not adopt ${goalLine.named}: ${refusalLine('goal', c)}`);
    const r = mayChangeGate(c) ? adopt(goalLine, input, ctx) : { text: `Proofmeter did not adopt ${goalLine.named}: ${refusalLine('goal', c)}`, outcome: 'nested' };
    lines.push(r.text);
    outcome = r.outcome;
  }
  // A slash command is recorded as a command, not as the person's words, so it closes nothing.
  if (!prompt.trimStart().startsWith('/')) {
    // "allow G-…" and "accept F-…": the person's decisions, recorded here (personDecisions.ts).
    const d = personDecisions(input, prompt, ctx, caller);
    lines.push(...d.lines);
    if (d.outcome && outcome === 'none') outcome = d.outcome;
    const goal = readGoal(ctx.workspace);
    // Words in a nested session, or piped in by the agent, are nobody's: nothing to acknowledge.
    const nobodys = goal.kind === 'ok' && namesAny(goal.goal, prompt) && !mayChangeGate(caller());
    if (nobodys && outcome === 'none') outcome = caller().kind === 'nested-hook' ? 'nested' : 'not-person';
    if (goal.kind === 'ok' && !nobodys) {
      const ack = acknowledge(goal.goal, prompt, ctx, () => deps.tally(ctx.workspace, ctx.env));
      if (ack.length) {
        lines.push(...ack);
        if (outcome === 'none') outcome = 'words';
      }
    }
  }
  return lines.length ? addContext('UserPromptSubmit', lines.join('\n'), outcome) : silent(outcome);
}
