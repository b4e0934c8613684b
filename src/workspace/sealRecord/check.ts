// The seal check, on every hook call and every tally. Cheap by construction: both copies of the
// seal are read (a few KB), every sealed file is stat-ed, and only a file whose stat moved (size,
// mtime, ctime or inode; ctime cannot be set back by a script) is read and hashed again. A
// settings file whose stat moved is parsed and its arming compared, so a change to a key the seal
// does not keep (a model choice) is not a finding; a permission rule is kept (arming.ts).
import { join } from 'node:path';
import { armingChanges, recordedPart, sameArming } from '../../core/sealRecord/arming';
import { disarmed, sealedElsewhere, tampered, UNSEALED_RECOVER, type TamperSubject } from '../../core/sealRecord/findings';
import type { FileSeal, SealRecord } from '../../core/sealRecord/record';
import type { Finding } from '../../core/findings/finding';
import { RUNNER_REL } from '../../core/install/entries';
import { GUARD_SCRIPT_REL } from '../../core/install/guardScript';
import { RECEIPT_SCRIPT_REL } from '../../core/install/receiptScript';
import { HOOK_SCRIPT_REL } from '../../core/install/hookScript';
import { METER_STATE_DIR } from '../../core/meterStateDir';
import { goalPath, goalSchema, readGoal, type GoalState } from '../goalState';
import { currentDigest, settingsFiles, settingsNow, statOf, unmoved, type SettingsPlaces } from './observe';
import { keepOutsideCopyHere, readSealCopies } from './copies';
import { goalSealedElsewhere } from './elsewhere';

export interface SealCheck {
  /** Some copy of the seal could be read. */
  sealed: boolean;
  /** A goal is frozen here: goal.json exists, or the seal says one was frozen. */
  frozen: boolean;
  findings: Finding[];
  seal: SealRecord | null;
  /**
   * The goal as the person froze it, from the seal, when goal.json is missing, corrupt or changed
   * and the seal kept its text: the tally counts that one, never the changed file.
   */
  sealedGoal: GoalState | null;
}

export interface CheckOptions {
  places?: SettingsPlaces;
  /** The gates' call: a moved workspace's outside copy is kept under its own key too (copies.ts). */
  keepMoved?: boolean;
}

function sealedGoalOf(seal: SealRecord | null): GoalState | null {
  const text = seal?.goal?.text;
  if (!text) return null;
  try {
    const r = goalSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const NAMES: Record<Exclude<TamperSubject, 'seal' | 'node' | 'goal'>, string> = { runner: 'runner', guard: "guard's sh front", receipt: 'Bash receipt script', launcher: 'hook launcher' };

/** A sealed meter file against the disk: a finding when it is gone, changed, or there when the seal says it was not. */
function checkFile(workspace: string, subject: keyof typeof NAMES, sealed: FileSeal | null, rel: string, takenAtMs: number): Finding | null {
  const abs = join(workspace, sealed?.path ?? rel);
  if (sealed && unmoved(sealed.stat, statOf(abs), takenAtMs)) return null;
  const now = currentDigest(abs);
  if (sealed === null) return now ? tampered(subject, `appeared\0${now.sha256}`, `The meter's ${NAMES[subject]} ${rel} appeared after the seal was taken, not through proofmeter install.`, abs) : null;
  if (!now) return tampered(subject, 'missing', `The meter's ${NAMES[subject]} ${sealed.path} is missing.`, abs);
  if (now.sha256 === sealed.sha256) return null;
  return tampered(subject, now.sha256, `The meter's ${NAMES[subject]} ${sealed.path} was changed outside proofmeter install (SHA-256 ${now.sha256.slice(0, 12)}, sealed ${sealed.sha256.slice(0, 12)}).`, abs);
}

function checkGoal(workspace: string, seal: SealRecord): Finding | null {
  const path = goalPath(workspace);
  const sealed = seal.goal;
  if (sealed && unmoved(sealed.stat, statOf(path), Date.parse(seal.takenAt))) return null;
  const now = currentDigest(path);
  if (!sealed) return now ? tampered('goal', `appeared\0${now.sha256}`, 'goal.json appeared without a freeze that sealed it (adopt, a plan approval or /goal).', path) : null;
  if (!now) return tampered('goal', 'missing', `The frozen goal ${METER_STATE_DIR}/goal.json is missing; the seal says it was frozen ${seal.takenAt}.`, path);
  if (now.sha256 === sealed.sha256) return null;
  const read = readGoal(workspace);
  return read.kind === 'ok'
    ? tampered('goal', now.sha256, `The frozen goal ${METER_STATE_DIR}/goal.json was changed outside a freeze; the goal as sealed is what counts.`, path)
    : tampered('goal', now.sha256, `The frozen goal ${METER_STATE_DIR}/goal.json is corrupt (not a Proofmeter goal); the goal as sealed is what counts.`, path);
}

function checkNode(seal: SealRecord): Finding | null {
  const node = seal.meter.node;
  if (!node) return null;
  const now = statOf(node.path);
  if (!now) return tampered('node', 'missing', `The node the meter's hook entries run (${node.path}) is gone.`, node.path);
  // By size, mtime and inode: a package manager touching the file is no change to what runs.
  if (node.stat && (now.size !== node.stat.size || now.mtimeMs !== node.stat.mtimeMs || now.ino !== node.stat.ino)) {
    return tampered('node', `${now.size}\0${now.mtimeMs}\0${now.ino}`, `The node the meter's hook entries run (${node.path}) was replaced since the seal.`, node.path);
  }
  return null;
}

function checkSettings(workspace: string, env: NodeJS.ProcessEnv, seal: SealRecord, places: SettingsPlaces | undefined): Finding[] {
  const out: Finding[] = [];
  for (const { level, path } of settingsFiles(workspace, env, places)) {
    const sealed = seal.settings.find((s) => s.level === level);
    if (!sealed) continue;
    if (sealed.path === path && unmoved(sealed.stat, statOf(path), Date.parse(seal.takenAt))) continue;
    const now = settingsNow(level, path);
    if (sameArming(sealed.arming, now.arming)) continue;
    const changes = armingChanges(sealed.arming, now.arming, now.env);
    out.push(disarmed(level, JSON.stringify(recordedPart(sealed.arming, now.arming)), changes.length ? changes : ['its hook settings changed'], path));
  }
  return out;
}

/**
 * goal.json with neither copy of the seal: replaced (a goal dropping an item, a proof made `true`)
 * after both copies were removed, or a goal from before the seal. The id follows the goal's bytes.
 */
function unsealedGoal(workspace: string): Finding {
  const path = goalPath(workspace);
  const now = currentDigest(path);
  return tampered(
    'goal',
    `unsealed\0${now?.sha256 ?? ''}`,
    `The frozen goal ${METER_STATE_DIR}/goal.json has no seal (neither copy exists): every freeze seals its goal, so it was replaced or its seal removed, or it was frozen before the seal existed.`,
    path,
    UNSEALED_RECOVER,
  );
}

/** goal.json as HEAD holds it, with no seal on this machine: its own state, not tampering (elsewhere.ts). */
function elsewhere(workspace: string): Finding {
  const path = goalPath(workspace);
  return sealedElsewhere(currentDigest(path)?.sha256 ?? '', path);
}

/** The whole check. Never throws: what cannot be read is itself the finding. */
export function checkSeal(workspace: string, env: NodeJS.ProcessEnv, opts: CheckOptions = {}): SealCheck {
  const copies = readSealCopies(workspace, env);
  if (opts.keepMoved) keepOutsideCopyHere(copies, env);
  const seal = copies.reference;
  const findings = [...copies.findings];
  if (!seal) {
    // No seal that can be read. Every freeze takes a seal in the same path (freezeGoal.ts), so a
    // goal here without one was replaced with its seal removed, or frozen before the seal existed:
    // either way nothing says it is the goal the person froze, and the person seals it once. One
    // that came with the checkout, sealed on another machine, is said as that (elsewhere.ts).
    const g = readGoal(workspace);
    if (g.kind === 'bad') findings.push(tampered('goal', 'corrupt-unsealed', `The goal file ${METER_STATE_DIR}/goal.json is corrupt (not a Proofmeter goal), and no seal holds the goal.`, goalPath(workspace)));
    if (g.kind === 'ok' && copies.inside.state === 'absent' && copies.outside.state === 'absent') findings.push(goalSealedElsewhere(workspace, env) ? elsewhere(workspace) : unsealedGoal(workspace));
    // Both copies there but unreadable still say a goal was sealed.
    const sealed = copies.inside.state !== 'absent' || copies.outside.state !== 'absent';
    return { sealed, frozen: sealed || g.kind !== 'none', findings, seal: null, sealedGoal: null };
  }
  const goal = checkGoal(workspace, seal);
  if (goal) findings.push(goal);
  for (const f of [
    checkFile(workspace, 'runner', seal.meter.runner, RUNNER_REL, Date.parse(seal.takenAt)),
    checkFile(workspace, 'guard', seal.meter.guard, GUARD_SCRIPT_REL, Date.parse(seal.takenAt)),
    checkFile(workspace, 'receipt', seal.meter.receipt, RECEIPT_SCRIPT_REL, Date.parse(seal.takenAt)),
    seal.meter.launcher === undefined ? null : checkFile(workspace, 'launcher', seal.meter.launcher, HOOK_SCRIPT_REL, Date.parse(seal.takenAt)),
    checkNode(seal),
  ]) {
    if (f) findings.push(f);
  }
  findings.push(...checkSettings(workspace, env, seal, opts.places));
  return {
    sealed: true,
    frozen: seal.goal !== null || statOf(goalPath(workspace)) !== null,
    findings,
    seal,
    sealedGoal: goal ? sealedGoalOf(seal) : null,
  };
}
