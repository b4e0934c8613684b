// install.json: for each settings file, whether it existed before install and where its
// pre-install bytes are kept, so uninstall can give them back. It is the meter's own file, but a
// damaged one must not cost the person those bytes: each entry is checked on its own, a damaged
// file is set aside (never overwritten) and replaced by the entries that were still good.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { UserError } from '../core/userError';
import { sandboxAddedSchema } from '../core/install/sandboxMerge';

export type SettingsName = 'settings.json' | 'settings.local.json';
export const SETTINGS_NAMES: readonly SettingsName[] = ['settings.json', 'settings.local.json'];

const entrySchema = z.object({
  existed: z.boolean(),
  backup: z.string().nullable(),
  at: z.string(),
  /** What install merged of the sandbox block (core/install/sandboxMerge.ts), for uninstall to take out exactly. */
  sandbox: sandboxAddedSchema.optional(),
});
export type FileRecord = z.infer<typeof entrySchema>;

const recordSchema = z.object({ version: z.literal(1), files: z.record(z.unknown()) });

export interface InstallRecord {
  files: Partial<Record<SettingsName, FileRecord>>;
  /** The file on disk could not be read as a record, wholly or in part. */
  damaged: boolean;
}

const RECORD = 'install.json';

function recordPath(workspace: string): string {
  return join(workspace, STATE_DIR, RECORD);
}

export function installBackupPath(workspace: string, name: SettingsName): string {
  return join(workspace, STATE_DIR, 'backup', `${name}.bak`);
}

export function readInstallRecord(workspace: string): InstallRecord {
  let text: string;
  try {
    text = readFileSync(recordPath(workspace), 'utf8');
  } catch (e) {
    // Missing is the normal state before the first install; anything else is damage.
    return { files: {}, damaged: (e as NodeJS.ErrnoException).code !== 'ENOENT' };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { files: {}, damaged: true };
  }
  const rec = recordSchema.safeParse(parsed);
  if (!rec.success) return { files: {}, damaged: true };
  const out: InstallRecord = { files: {}, damaged: false };
  for (const name of SETTINGS_NAMES) {
    const raw = rec.data.files[name];
    if (raw === undefined) continue;
    const entry = entrySchema.safeParse(raw);
    // Install only ever names its own backup; any other path is not one to restore from.
    const ownBackup = relative(workspace, installBackupPath(workspace, name));
    if (entry.success && (entry.data.backup === null || entry.data.backup === ownBackup)) out.files[name] = entry.data;
    else out.damaged = true;
  }
  return out;
}

/**
 * What a lost or damaged entry can be rebuilt from: install keeps a backup exactly when the file
 * existed, so a backup means it did. Without one, only a damaged record may be read as "install
 * created the file"; a record that simply has no entry says nothing either way.
 */
export function derivedEntry(workspace: string, record: InstallRecord, name: SettingsName): FileRecord | undefined {
  const own = record.files[name];
  if (own) return own;
  const backup = installBackupPath(workspace, name);
  if (existsSync(backup)) return { existed: true, backup: relative(workspace, backup), at: '' };
  return record.damaged ? { existed: false, backup: null, at: '' } : undefined;
}

export function writeInstallRecord(workspace: string, record: InstallRecord, now = new Date()): void {
  const path = recordPath(workspace);
  if (record.damaged && existsSync(path)) {
    const aside = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
    try {
      renameSync(path, aside);
    } catch (e) {
      throw new UserError(`cannot set the damaged ${relative(workspace, path)} aside: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  writeFileAtomic(path, JSON.stringify({ version: 1, files: record.files }, null, 2) + '\n');
  record.damaged = false;
}
