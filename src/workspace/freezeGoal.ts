// Freezing a plan as the workspace's goal, shared by `proofmeter adopt`, the extension's Adopt Plan,
// the approval at ExitPlanMode and a /goal line. A goal file that cannot be read is never
// overwritten; the same list frozen again is left as it was, so its freeze time stands.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedPlan, PlanFinding } from '../core/types';
import { writeFileAtomic } from './atomicWrite';
import { recordEnv } from './goalEnv';
import { STATE_DIR, readGoal, writeGoal, type GoalState } from './goalState';
import { NotThePersonError, personOnlyRefusal } from './personOnly';
import { relativeIfInside } from './insidePath';
import { parsePlanText } from './planParser';
import { readSealCopies } from './sealRecord/copies';
import { takeSeal } from './sealRecord/take';

export type FreezeResult =
  | { kind: 'refused'; findings: PlanFinding[] }
  | { kind: 'same'; goal: GoalState }
  | { kind: 'frozen'; goal: GoalState; replaced: GoalState | null }
  | { kind: 'bad-goal'; error: string };

export interface FreezeRequest {
  workspace: string;
  planText: string;
  /** Where the plan lives, when it is a file; null when it came inline only. */
  planFile: string | null;
  frozenBy: GoalState['frozenBy'];
  sessionId: string | null;
  now: Date;
  /** Count prompts passed with -p as the person's words; unset keeps what the goal had. */
  countSdkPrompts?: boolean;
  /** Whose PATH, HOME and locale the verifier re-runs proofs in; process.env when unset. */
  env?: NodeJS.ProcessEnv;
  /** Where the seal's outside copy and the user's settings are found (HOME, XDG_STATE_HOME); `env`, else process.env, when unset. */
  stateEnv?: NodeJS.ProcessEnv;
  /** The hook that asks, when a hook does; unset for a command the person runs. */
  via?: 'plan-approved' | 'prompt';
}

const stateEnv = (req: FreezeRequest): NodeJS.ProcessEnv => req.stateEnv ?? req.env ?? process.env;

export function sameList(a: { key: string }[], b: { key: string }[]): boolean {
  return a.length === b.length && a.every((x, i) => x.key === b[i]!.key);
}

function planFileMatches(file: string | null, text: string): file is string {
  if (!file) return false;
  try {
    return existsSync(file) && readFileSync(file, 'utf8').trim() === text.trim();
  } catch {
    return false;
  }
}

export function freezePlan(req: FreezeRequest, parsed: ParsedPlan = parsePlanText(req.planText)): FreezeResult {
  if (parsed.findings.length) return { kind: 'refused', findings: parsed.findings };
  // Callers ask first and say so in their own words; this is for a path that did not.
  const refusal = personOnlyRefusal(req.workspace, 'goal', req.via ?? null);
  if (refusal) throw new NotThePersonError(refusal);
  const existing = readGoal(req.workspace);
  if (existing.kind === 'bad') return { kind: 'bad-goal', error: existing.error };
  const sdk = req.countSdkPrompts ?? (existing.kind === 'ok' ? existing.goal.countSdkPrompts : false);
  if (existing.kind === 'ok' && sameList(existing.goal.items, parsed.items) && existing.goal.countSdkPrompts === sdk) {
    // A goal frozen before the seal existed is sealed the first time the person freezes it again.
    if (!readSealCopies(req.workspace, stateEnv(req)).reference) takeSeal(req.workspace, { by: req.frozenBy, parts: ['goal', 'meter', 'settings', 'content'], env: stateEnv(req), now: req.now });
    return { kind: 'same', goal: existing.goal };
  }
  const stamp = req.now.toISOString();
  let planAbs: string;
  if (planFileMatches(req.planFile, req.planText)) {
    planAbs = req.planFile;
  } else {
    // The plan came inline (or its file says something else now): keep the text that was frozen.
    planAbs = join(req.workspace, STATE_DIR, 'plans', `${req.frozenBy}-${stamp.replace(/[:.]/g, '-')}.md`);
    writeFileAtomic(planAbs, req.planText.endsWith('\n') ? req.planText : req.planText + '\n');
  }
  const goal: GoalState = {
    version: 1,
    planPath: relativeIfInside(req.workspace, planAbs),
    title: parsed.title,
    frozenBy: req.frozenBy,
    frozenAt: stamp,
    sessionId: req.sessionId,
    countSdkPrompts: sdk,
    items: parsed.items,
    env: recordEnv(req.env ?? process.env),
  };
  writeGoal(req.workspace, goal);
  // The goal's part of the seal, and what its proofs depend on; the meter's parts and the settings
  // are carried from the previous seal, so a change nobody reviewed stays visible (sealRecord/take.ts).
  takeSeal(req.workspace, { by: req.frozenBy, parts: ['goal', 'content'], env: stateEnv(req), now: req.now });
  return { kind: 'frozen', goal, replaced: existing.kind === 'ok' ? existing.goal : null };
}
