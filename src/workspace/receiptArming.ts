// armed.json: when install first wrote the receipt entries. Kept across re-installs (the first
// time stands), removed by uninstall, and outside the receipts folder, so that deleting the
// receipts takes nothing back (core/evidence/armed.ts has the rule).
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Arming } from '../core/evidence/armed';
import { meterHookOf } from '../core/install/entries';
import { meterEntries, parseSettings } from '../core/install/settingsMerge';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { readJsonFile } from './readJsonFile';

const armedSchema = z.object({ version: z.literal(1), receiptsSince: z.string().refine((s) => !Number.isNaN(Date.parse(s))) });

export function armedPath(workspace: string): string {
  return join(workspace, STATE_DIR, 'armed.json');
}

/** The recorded time, or null when there is no readable record. */
export function readArmedSince(workspace: string): string | null {
  return readJsonFile(armedPath(workspace), armedSchema)?.receiptsSince ?? null;
}

/** Records the arming time unless a readable record already has one. */
export function recordArmed(workspace: string, now: Date): void {
  if (readArmedSince(workspace) !== null) return;
  writeFileAtomic(armedPath(workspace), JSON.stringify({ version: 1, receiptsSince: now.toISOString() }, null, 2) + '\n');
}

export function removeArmed(workspace: string): void {
  try {
    unlinkSync(armedPath(workspace));
  } catch {
    // nothing recorded
  }
}

/** Whether the workspace's settings files hold the meter's Bash receipt entry. */
export function receiptEntriesInstalled(workspace: string): boolean {
  for (const name of ['settings.json', 'settings.local.json']) {
    let text: string;
    try {
      text = readFileSync(join(workspace, '.claude', name), 'utf8');
    } catch {
      continue;
    }
    const p = parseSettings(text);
    if (p.ok && meterEntries(p.value).some((e) => e.event === 'PostToolUse' && meterHookOf(e.command) === 'receipt')) return true;
  }
  return false;
}

export function readArming(workspace: string): Arming {
  return { since: readArmedSince(workspace), installed: receiptEntriesInstalled(workspace) };
}
