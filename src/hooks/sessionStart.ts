// SessionStart (startup, resume, clear, compact): re-injects a short progress ledger, so a session
// that was compacted or resumed continues from the meter's record instead of from step 1.
import { isDoneState } from '../core/evidence/evidenceSchema';
import type { Tally } from '../core/tally/tally';
import { readGoal } from '../workspace/goalState';
import { markSessionProtection } from '../workspace/kernelMarkerFile';
import { protectionNow } from '../workspace/protectionNow';
import { str } from './payload';
import { HookFault } from '../workspace/health';
import { tallyWorkspace } from '../workspace/workspaceTally';
import { addContext, silent, type HookAnswer } from './answer';
import { recordStartingSettings } from './startingSettings';
import type { HookContext } from './context';
import { PROOF_RULE } from './goalMessages';
import { doneOf, openLines, personLine } from './ledger';
import type { HookInput } from './payload';

export function ledgerText(t: Tally): string {
  // The level only: what to install or run is the person's to read, in doctor and the tally.
  const protection = t.protection ? [`Protection: ${t.protection.level}`] : [];
  const g = t.goal;
  const how = g.frozenBy === 'approval' ? 'approved' : g.frozenBy === 'adopt' ? 'adopted' : 'frozen';
  const out = [
    'Proofmeter progress ledger (from the meter\'s records of this workspace; trust it over memory of earlier turns):',
    `Goal: ${g.title ?? '(untitled plan)'} (${g.planPath ?? 'no plan file'}), ${how}${g.frozenAt ? ` ${g.frozenAt}` : ''}.`,
    `${doneOf(t)} of Claude's part done${t.verdict === 'done' ? ': ALL DONE' : ''}.`,
  ];
  const open = openLines(t);
  if (open.length) out.push('Open for Claude (item, state, the proof that closes it):', ...open);
  const person = personLine(t);
  if (person) out.push(person);
  const done = t.items.filter((i) => isDoneState(i.state)).map((i) => i.id);
  if (done.length) out.push(`Done: ${done.join(' ')}`);
  if (t.verdict !== 'done') out.push(PROOF_RULE);
  out.push(...protection);
  return out.join('\n');
}

export interface SessionStartDeps {
  tally: (ws: string, env: NodeJS.ProcessEnv) => Tally;
}

export function sessionStart(input: HookInput, ctx: HookContext, deps: SessionStartDeps = { tally: (cwd, env) => tallyWorkspace({ cwd, env }) }): HookAnswer {
  // The settings this session starts with, for the ConfigChange gate (configChange.ts).
  recordStartingSettings(input, ctx);
  // The guard's sh front reads this session's protection from a marker only a hook can write.
  const protection = protectionNow(ctx.workspace, ctx.env);
  const session = str(input.session_id);
  if (session) markSessionProtection(ctx.workspace, session, protection);
  const goal = readGoal(ctx.workspace);
  if (goal.kind === 'bad') throw new HookFault('bad-state', goal.error);
  if (goal.kind === 'none') return silent('no-goal');
  const t = { ...deps.tally(ctx.workspace, ctx.env), protection };
  return addContext('SessionStart', ledgerText(t), `context-${input.source ?? 'unknown'}`);
}
