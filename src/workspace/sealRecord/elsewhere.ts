// A goal sealed on another machine: a clone of a project whose goal.json was committed has no
// seal here (both copies are ignored by git or live in that machine's state folder). Told apart
// from a goal replaced after its seal was removed by git's own plumbing, not by anything the
// workspace says about itself: goal.json must be HEAD's blob, byte for byte, and this machine must
// hold no trace of a seal of this workspace (noSealTrace).
// A goal.json that differs from HEAD's, or that HEAD lacks, stays the tamper finding. Either way
// nothing counts until the person reseals here (computeTally holds the verdict).
import { existsSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import type { Acceptance } from '../../core/findings/acceptance';
import { acceptanceKey } from '../../core/findings/acceptanceWitness';
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { dashboardReceiptsPath, parseAcceptances } from '../acceptances';
import { sameAsHead, textAtHead } from '../git';
import { gitEnv } from '../treeKey';
import { contentPathBeside, outsideSealDir, realWorkspace, workspaceSealPath } from './paths';

/** Relative to the workspace, as git reads a path (`/` on every platform). */
export const GOAL_GIT_REL = `${METER_STATE_DIR}/goal.json`;
const ACCEPTANCES_GIT_REL = `${METER_STATE_DIR}/acceptances.json`;

/**
 * No trace of a seal of this workspace on this machine: neither copy, no content snapshot beside
 * the workspace copy, and no folder for it in the state folder but one holding only the receipts
 * of `proofmeter accept` (the person may accept a finding here before resealing).
 */
function noSealTrace(workspace: string, env: NodeJS.ProcessEnv): boolean {
  const inside = workspaceSealPath(workspace);
  if ([inside, contentPathBeside(inside)].some((p) => existsSync(p))) return false;
  let names: string[];
  try {
    names = readdirSync(outsideSealDir(realWorkspace(workspace), env));
  } catch {
    return true; // no folder: this machine never sealed it
  }
  return names.length > 0 && names.every((n) => n === basename(dashboardReceiptsPath(workspace, env)));
}

/**
 * Whether the goal here came with the checkout and was sealed elsewhere. Called only where no
 * seal copy exists, so the git calls cost nothing on the hooks' usual path. GIT_* variables are
 * dropped: they could point git at another repository whose HEAD holds these bytes.
 */
export function goalSealedElsewhere(workspace: string, env: NodeJS.ProcessEnv): boolean {
  return noSealTrace(workspace, env) && sameAsHead(workspace, GOAL_GIT_REL, gitEnv(env));
}

/** The acceptances.json entries HEAD holds: the ones that came with the checkout. */
export function acceptancesAtHead(workspace: string, env: NodeJS.ProcessEnv): Acceptance[] {
  const text = textAtHead(workspace, ACCEPTANCES_GIT_REL, gitEnv(env));
  return text === null ? [] : parseAcceptances(text);
}

/** Their keys (acceptanceKey), the form the seal keeps and the witness check reads. */
export function carriedKeysAtHead(workspace: string, env: NodeJS.ProcessEnv): string[] {
  return [...new Set(acceptancesAtHead(workspace, env).map(acceptanceKey))];
}
