// Taking the seal: when a goal is frozen (freezePlan), when the person installs or uninstalls
// the meter, and on `proofmeter doctor --reseal`. Each retakes only the parts it may change and
// carries the others from the previous seal, so a change nobody reviewed (a settings edit before
// a new plan was approved) stays a finding instead of being sealed in.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GUARD_SCRIPT_REL } from '../../core/install/guardScript';
import { RUNNER_REL } from '../../core/install/entries';
import { nodeOfCommand } from '../../core/install/nodeEntry';
import { hintedNode } from '../nodeHint';
import { RECEIPT_SCRIPT_REL } from '../../core/install/receiptScript';
import { HOOK_SCRIPT_REL } from '../../core/install/hookScript';
import { GOAL_TEXT_BYTES, SEAL_VERSION, type SealPart, type SealReason, type SealRecord, type SettingsSeal } from '../../core/sealRecord/record';
import { writeFileAtomic } from '../atomicWrite';
import { goalPath, goalSchema, STATE_DIR, type GoalState } from '../goalState';
import { gitEnv } from '../treeKey';
import { gitAtFreeze } from '../gitPast';
import { sealedContentText, snapshotText } from './content';
import { fileSeal, settingsFiles, settingsNow, sha256, statOf, type SettingsPlaces } from './observe';
import { contentPathBeside, outsideSealPath, realWorkspace, workspaceSealPath } from './paths';
import { readSealCopies } from './copies';

const GOAL_REL = join(STATE_DIR, 'goal.json');

/** CI files by their conventional places; every workflow under .github/workflows. */
const CI_FILES = ['.gitlab-ci.yml', '.travis.yml', 'azure-pipelines.yml', 'bitbucket-pipelines.yml', 'Jenkinsfile', '.circleci/config.yml', '.buildkite/pipeline.yml', '.drone.yml'];
const CI_DIRS = ['.github/workflows'];

export interface TakeOptions {
  by: SealReason;
  /** The parts to take afresh; the rest come from the previous seal when there is one. */
  parts: readonly SealPart[];
  env: NodeJS.ProcessEnv;
  now: Date;
  places?: SettingsPlaces;
  /** Acceptance entries that came with a checkout sealed elsewhere, kept by the person's reseal (record.ts). */
  carriedAcceptances?: readonly string[];
}

function settingsPart(workspace: string, env: NodeJS.ProcessEnv, places: SettingsPlaces | undefined): SettingsSeal[] {
  return settingsFiles(workspace, env, places).map(({ level, path }) => {
    const now = settingsNow(level, path);
    return { level: now.level, path: now.path, stat: now.stat, state: now.state, arming: now.arming };
  });
}

function meterPart(workspace: string, settings: SettingsSeal[]): SealRecord['meter'] {
  const commands = settings.flatMap((s) => s.arming.entries.map((e) => e.command));
  // Shared settings name no node: the one install recorded for this machine's launcher is what runs.
  const node = commands.map(nodeOfCommand).find((n): n is string => n !== null) ?? hintedNode(workspace);
  return {
    runner: fileSeal(join(workspace, RUNNER_REL), RUNNER_REL, 0),
    guard: fileSeal(join(workspace, GUARD_SCRIPT_REL), GUARD_SCRIPT_REL),
    receipt: fileSeal(join(workspace, RECEIPT_SCRIPT_REL), RECEIPT_SCRIPT_REL),
    launcher: fileSeal(join(workspace, HOOK_SCRIPT_REL), HOOK_SCRIPT_REL),
    node: node ? { path: node, stat: statOf(node) } : null,
  };
}

function listCi(workspace: string): string[] {
  const out = [...CI_FILES];
  for (const dir of CI_DIRS) {
    try {
      for (const n of readdirSync(join(workspace, dir))) if (/\.ya?ml$/.test(n)) out.push(`${dir}/${n}`);
    } catch {
      // no such folder
    }
  }
  return out;
}

function gitHead(workspace: string, env: NodeJS.ProcessEnv): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', '--verify', '-q', 'HEAD'], { cwd: workspace, env: gitEnv(env), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
    return /^[0-9a-f]{40,64}$/.test(out.trim()) ? out.trim() : null;
  } catch {
    return null; // not a repository, or no commit yet
  }
}

function contentPart(workspace: string, env: NodeJS.ProcessEnv, goal: SealRecord['goal']): { part: SealRecord['content']; text: string | null } {
  const ci = listCi(workspace).map((rel) => fileSeal(join(workspace, rel), rel)).filter((f) => f !== null);
  let parsed: GoalState | null;
  try {
    const r = goal?.text ? goalSchema.safeParse(JSON.parse(goal.text)) : null;
    parsed = r?.success ? r.data : null;
  } catch {
    parsed = null;
  }
  const text = snapshotText(workspace, parsed);
  const part: SealRecord['content'] = { gitHead: gitHead(workspace, env), ci, snapshot: text === null ? null : { sha256: sha256(text), bytes: Buffer.byteLength(text) } };
  // The remotes and the ignore files outside the tree, for the commit and push stages (gitPast.ts).
  const git = gitAtFreeze(workspace, env);
  if (git) part.git = git;
  return { part, text };
}

export interface BuiltSeal {
  seal: SealRecord;
  /** seal-content.json's text, written beside both copies; null when the seal names none. */
  contentText: string | null;
}

/** The seal as it should be now: fresh parts where asked, the previous seal's elsewhere. */
export function buildSeal(workspace: string, opts: TakeOptions): BuiltSeal {
  const previous = readSealCopies(workspace, opts.env).reference;
  const fresh = (p: SealPart) => previous === null || opts.parts.includes(p);
  const settings = fresh('settings') ? settingsPart(workspace, opts.env, opts.places) : previous!.settings;
  const goal = fresh('goal') ? fileSeal(goalPath(workspace), GOAL_REL, GOAL_TEXT_BYTES) : previous!.goal;
  // Carried content is written again too: a moved workspace's outside copy lives under a new key.
  const content = fresh('content') ? contentPart(workspace, opts.env, goal) : { part: previous!.content, text: sealedContentText(workspace, previous!, opts.env) };
  const seal: SealRecord = {
    version: SEAL_VERSION,
    takenBy: opts.by,
    takenAt: opts.now.toISOString(),
    workspace: realWorkspace(workspace),
    goal,
    meter: fresh('meter') ? meterPart(workspace, settings) : previous!.meter,
    settings,
    content: content.part,
  };
  const carried = [...new Set([...(previous?.carriedAcceptances ?? []), ...(opts.carriedAcceptances ?? [])])];
  if (carried.length) seal.carriedAcceptances = carried;
  return { seal, contentText: content.text };
}

/**
 * Writes both copies, the content snapshot first and the outside copy before the workspace one,
 * so a crash between writes leaves copies that disagree (a finding the person clears with
 * --reseal), never a workspace copy with nothing behind it.
 */
export function writeSeal(workspace: string, built: BuiltSeal, env: NodeJS.ProcessEnv): void {
  const text = JSON.stringify(built.seal, null, 2) + '\n';
  const outside = outsideSealPath(built.seal.workspace, env);
  mkdirSync(dirname(outside), { recursive: true, mode: 0o700 });
  try {
    chmodSync(dirname(outside), 0o700);
  } catch {
    // a folder the user made: its mode is theirs
  }
  const inside = workspaceSealPath(workspace);
  if (built.contentText !== null) {
    writeFileAtomic(contentPathBeside(outside), built.contentText, { mode: 0o600 });
    writeFileAtomic(contentPathBeside(inside), built.contentText, { mode: 0o600 });
  }
  writeFileAtomic(outside, text, { mode: 0o600 });
  writeFileAtomic(inside, text, { mode: 0o600 });
}

export function takeSeal(workspace: string, opts: TakeOptions): SealRecord {
  const built = buildSeal(workspace, opts);
  writeSeal(workspace, built, opts.env);
  return built.seal;
}

/**
 * After install or uninstall, run by the person: the meter's files and the settings are sealed
 * as they now are, the goal's part carried. A goal frozen before the seal existed is sealed whole.
 * Nothing is sealed where no goal was ever frozen.
 */
export function resealMeter(workspace: string, env: NodeJS.ProcessEnv, by: 'install' | 'uninstall', now = new Date()): boolean {
  const previous = readSealCopies(workspace, env).reference;
  if (!previous && statOf(goalPath(workspace)) === null) return false;
  takeSeal(workspace, { by, parts: previous ? ['meter', 'settings'] : ['goal', 'meter', 'settings', 'content'], env, now });
  return true;
}
