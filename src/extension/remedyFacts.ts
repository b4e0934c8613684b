// What the remedies show before they act, read from the workspace: the sealed text of a file a
// finding is about (the left side of its diff), the goal a reseal will seal, and what Uninstall
// Hooks will take out. Reads only; no vscode, so the unit tests run it on temp folders.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { GUARD_SCRIPT_REL } from '../core/install/guardScript';
import { HOOK_SCRIPT_REL } from '../core/install/hookScript';
import { RECEIPT_SCRIPT_REL } from '../core/install/receiptScript';
import { RUNNER_REL } from '../core/install/entries';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { sealSnapshotSchema } from '../core/seal/snapshot';
import type { SealRecord } from '../core/sealRecord/record';
import type { Proof } from '../core/types';
import { goalPath, readGoal } from '../workspace/goalState';
import { readInstallRecord, type SettingsName } from '../workspace/installRecord';
import { sealedContentText } from '../workspace/sealRecord/content';
import { readSealCopies } from '../workspace/sealRecord/copies';
import { installedWhere, settingsFile } from './installChoice';
import type { SealedGoalView, UninstallPlace } from './remedyQuestions';

/** The seal this workspace is compared against, or null when neither copy can be read. */
export function sealOf(cwd: string, env: NodeJS.ProcessEnv): SealRecord | null {
  return readSealCopies(cwd, env).reference;
}

/** `/`-separated, relative to the workspace: how the seal names a file. */
function relOf(cwd: string, file: string): string {
  return relative(cwd, file).split(sep).join('/');
}

/**
 * The text a file had when the seal was taken, when the seal kept it: the goal, the meter's small
 * files, CI files, and the files the proofs depend on (the content snapshot). null when it did not.
 */
export function sealedTextOf(cwd: string, env: NodeJS.ProcessEnv, file: string): string | null {
  const seal = sealOf(cwd, env);
  if (!seal) return null;
  if (file === goalPath(cwd)) return seal.goal?.text ?? null;
  const rel = relOf(cwd, file);
  const kept = [seal.meter.runner, seal.meter.guard, seal.meter.receipt, ...seal.content.ci].find((f) => f?.path === rel);
  if (kept) return kept.text;
  const text = sealedContentText(cwd, seal, env);
  if (!text) return null;
  try {
    const snap = sealSnapshotSchema.safeParse(JSON.parse(text));
    return snap.success ? (snap.data.files.find((f) => f.path === rel)?.content ?? null) : null;
  } catch {
    return null;
  }
}

function proofText(p: Proof | null): string | null {
  if (!p) return null;
  return p.kind === 'command' ? p.command : p.kind === 'human' ? `you: ${p.what}` : `later: ${p.event}`;
}

/** The goal as goal.json holds it now (what a reseal seals), or null when there is none or it cannot be read. */
export function goalNow(cwd: string): SealedGoalView | null {
  const g = readGoal(cwd);
  if (g.kind !== 'ok') return null;
  return { title: g.goal.title, planPath: g.goal.planPath, items: g.goal.items.map((i) => ({ id: i.id, owner: i.owner, proof: proofText(i.proof) })) };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function readJson(path: string): Json | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Json;
  } catch {
    return undefined;
  }
}

/** Every hook command in a settings file that runs a file of the meter's state folder. */
function meterEntries(settings: Json | undefined): number {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return 0;
  const hooks = settings.hooks;
  if (!hooks || typeof hooks !== 'object' || Array.isArray(hooks)) return 0;
  let n = 0;
  for (const groups of Object.values(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) {
      const list = g && typeof g === 'object' && !Array.isArray(g) ? g.hooks : null;
      if (!Array.isArray(list)) continue;
      for (const h of list) if (h && typeof h === 'object' && !Array.isArray(h) && typeof h.command === 'string' && h.command.includes(METER_STATE_DIR)) n++;
    }
  }
  return n;
}

function statusLineIsMeter(settings: Json | undefined): boolean {
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) return false;
  const s = settings.statusLine;
  return !!s && typeof s === 'object' && !Array.isArray(s) && typeof s.command === 'string' && /proofmeter/.test(s.command);
}

/** What Uninstall Hooks takes out of this workspace: the entries of each settings file that has them, install's sandbox keys, the meter's files. */
export function uninstallScope(cwd: string): { places: UninstallPlace[]; files: string[] } {
  const record = readInstallRecord(cwd);
  const places = installedWhere(cwd).map((where): UninstallPlace => {
    const file = settingsFile(where);
    const json = readJson(join(cwd, file));
    const added = record.files[(where === 'local' ? 'settings.local.json' : 'settings.json') satisfies SettingsName]?.sandbox;
    const sandbox = added ? [...added.scalars.map((s) => s.key), ...added.items.map((i) => `${i.key} (${i.values.length} added)`)] : [];
    return { file, entries: meterEntries(json), statusLine: statusLineIsMeter(json), sandbox };
  });
  const names: Record<string, string> = {
    [RUNNER_REL]: 'the hook runner',
    [GUARD_SCRIPT_REL]: "the guard's sh front",
    [RECEIPT_SCRIPT_REL]: 'the Bash receipt script',
    [HOOK_SCRIPT_REL]: 'the hook script',
  };
  const files = Object.entries(names)
    .filter(([rel]) => existsSync(join(cwd, rel)))
    .map(([rel, what]) => `${rel} (${what})`);
  return { places, files };
}
