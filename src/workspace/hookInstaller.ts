// Installs and uninstalls the meter in a workspace's settings file: the runner copied into
// .claude/proofmeter/, the entries merged into .claude/settings.json (or settings.local.json).
// Merge rules live in ../core/install/settingsMerge.ts; this file does the I/O around them:
// a file that is not valid JSON is refused and left untouched, every write is atomic, the file as
// it was before the meter is kept as a backup, and uninstall gives those exact bytes back when
// nothing else changed since. The settings files are the person's: they are written through
// symlinks and keep their hard links, mode and owner (writeUserFileAtomic), and their backups are
// readable by the owner only. One install or uninstall runs at a time (installLock.ts).
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RUNNER_REL, isMeterCommand } from '../core/install/entries';
import type { HookNode } from '../core/install/nodeEntry';
import { GUARD_SCRIPT, GUARD_SCRIPT_REL } from '../core/install/guardScript';
import { RECEIPT_SCRIPT, RECEIPT_SCRIPT_REL } from '../core/install/receiptScript';
import {
  detectFormat,
  formatSettings,
  isObject,
  jsonEqual,
  meterEntries,
  mergeMeter,
  parseSettings,
  unmergeMeter,
  type MergeReport,
  type Settings,
} from '../core/install/settingsMerge';
import { ownerOf, resolveLinks, writeFileAtomic, writeUserFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { withInstallLock } from './installLock';
import { derivedEntry, installBackupPath, readInstallRecord, writeInstallRecord, type SettingsName } from './installRecord';
import { UserError } from '../core/userError';
import { recordArmed, removeArmed } from './receiptArming';

export type { SettingsName } from './installRecord';

export function settingsPath(workspace: string, name: SettingsName): string {
  return join(workspace, '.claude', name);
}

export function runnerPath(workspace: string): string {
  return join(workspace, RUNNER_REL);
}

/** The runner's V8 code caches (proofmeter.js.<command>.v8cache), written beside it on first use. */
function removeCodeCaches(workspace: string): void {
  const dir = join(workspace, STATE_DIR);
  try {
    for (const n of readdirSync(dir)) if (/^proofmeter\.js\..*\.v8cache$/.test(n)) unlinkSync(join(dir, n));
  } catch {
    // nothing to remove
  }
}

function uninstallBackupPath(workspace: string, name: SettingsName): string {
  return join(workspace, STATE_DIR, 'backup', `${name}.before-uninstall.bak`);
}

/**
 * A copy of a settings file's text. Such files often hold secrets (env), so the copy is 0600
 * whatever the file's mode, and belongs to the file's owner, who can still read it.
 */
function writeBackup(backup: string, text: string, of: string): void {
  writeFileAtomic(backup, text, { mode: 0o600, owner: ownerOf(of), sync: true });
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new UserError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function parseOrRefuse(workspace: string, path: string, text: string | null): Settings {
  if (text === null) return {};
  const p = parseSettings(text);
  if (!p.ok) throw new UserError(`${relative(workspace, path)} is ${p.error}; fix it or move it aside. Nothing was changed.`);
  return p.value;
}

function hasMeter(s: Settings): boolean {
  return meterEntries(s).length > 0 || (isObject(s.statusLine) && isMeterCommand(s.statusLine.command));
}

const GITIGNORE = `# Written by proofmeter install: the meter's runtime records stay out of git.
# The runner (proofmeter.js) and the frozen goal (goal.json, plans/) may be committed.
health*.jsonl
incidents/
stop-blocks.json
scan/
verify.json
backup/
install.json
install.json.damaged-*
install.lock*
receipts/
armed.json
seal.json
seal-content.json
*.v8cache
*.tmp
`;

export interface InstallResult {
  settingsFile: string;
  createdFile: boolean;
  changed: boolean;
  backup: string | null;
  merge: MergeReport;
  runner: 'copied' | 'updated' | 'unchanged';
  userStatusLine: string | null;
}

/** `node`: the absolute node the entries run (hookNode.ts); null writes `node`, found on PATH. */
export function installMeter(workspace: string, name: SettingsName, runnerSource: string, now = new Date(), node: HookNode | null = null): InstallResult {
  return withInstallLock(workspace, () => install(workspace, name, runnerSource, now, node));
}

function install(workspace: string, name: SettingsName, runnerSource: string, now: Date, node: HookNode | null): InstallResult {
  const path = settingsPath(workspace, name);
  const text = readText(path);
  const before = parseOrRefuse(workspace, path, text);
  const bundle = readFileSync(runnerSource);
  // The Stop entry names the runner's digest: a runner replaced later blocks the stop (nodeEntry.ts).
  const merged = mergeMeter(before, { node, runnerSha256: createHash('sha256').update(bundle).digest('hex') });
  if (!merged.ok) throw new UserError(`${relative(workspace, path)}: ${merged.error}; fix it or move it aside. Nothing was changed.`);

  // The runner first: entries without a runner would fail, a runner without entries is inert.
  const target = runnerPath(workspace);
  let runner: InstallResult['runner'] = 'copied';
  if (existsSync(target)) runner = readFileSync(target).equals(bundle) ? 'unchanged' : 'updated';
  if (runner !== 'unchanged') {
    removeCodeCaches(workspace);
    writeFileAtomic(target, bundle, { mode: 0o755 });
  }
  const guard = join(workspace, GUARD_SCRIPT_REL);
  if (readText(guard) !== GUARD_SCRIPT) {
    writeFileAtomic(guard, GUARD_SCRIPT, { mode: 0o755 });
    if (runner === 'unchanged') runner = 'updated';
  }
  const receipt = join(workspace, RECEIPT_SCRIPT_REL);
  if (readText(receipt) !== RECEIPT_SCRIPT) {
    writeFileAtomic(receipt, RECEIPT_SCRIPT, { mode: 0o755 });
    if (runner === 'unchanged') runner = 'updated';
  }
  const ignore = join(workspace, STATE_DIR, '.gitignore');
  if (!existsSync(ignore)) writeFileAtomic(ignore, GITIGNORE);

  let backup: string | null = null;
  if (merged.changed) {
    const record = readInstallRecord(workspace);
    const bak = installBackupPath(workspace, name);
    if (!hasMeter(before)) {
      // The file as it was before the meter: what uninstall gives back.
      if (text !== null) {
        backup = bak;
        writeBackup(bak, text, path);
      } else {
        // A backup from an earlier install would say the file existed; now it did not.
        removeFile(bak);
      }
      record.files[name] = { existed: text !== null, backup: backup && relative(workspace, backup), at: now.toISOString() };
      writeInstallRecord(workspace, record, now);
    } else if (!record.files[name] && existsSync(bak)) {
      // The meter is partly there and the record of its install is lost. The text now already
      // holds meter entries, so it is no backup; the backup install kept still holds the bytes
      // from before the meter, and stays.
      record.files[name] = { existed: true, backup: relative(workspace, bak), at: now.toISOString() };
      writeInstallRecord(workspace, record, now);
    }
    writeUserFileAtomic(path, formatSettings(merged.settings, detectFormat(text)));
  }
  // From now on sessions are held to their receipts (receiptArming.ts); the first time stands.
  recordArmed(workspace, now);
  const sl = merged.report.statusLine === 'kept-user' && isObject(before.statusLine) ? before.statusLine.command : null;
  return {
    settingsFile: path,
    createdFile: text === null && merged.changed,
    changed: merged.changed,
    backup,
    merge: merged.report,
    runner,
    userStatusLine: typeof sl === 'string' ? sl : sl === null ? null : JSON.stringify(sl),
  };
}

export interface UninstallResult {
  settingsFile: string;
  changed: boolean;
  removed: string[];
  restored: 'backup' | 'deleted' | 'rewritten' | 'none';
  backup: string | null;
  runnerRemoved: boolean;
}

export function uninstallMeter(workspace: string, name: SettingsName): UninstallResult {
  return withInstallLock(workspace, () => uninstall(workspace, name));
}

function uninstall(workspace: string, name: SettingsName): UninstallResult {
  const path = settingsPath(workspace, name);
  const text = readText(path);
  const current = parseOrRefuse(workspace, path, text);
  const record = readInstallRecord(workspace);
  // A damaged or lost entry is rebuilt from the backup, so the bytes still come back.
  const rec = derivedEntry(workspace, record, name);
  // The file as it was before install, when its backup is still there and readable.
  const original = rec?.backup ? readText(join(workspace, rec.backup)) : null;
  const originalParsed = original !== null ? parseSettings(original) : null;
  const un = unmergeMeter(current, originalParsed?.ok ? originalParsed.value : null);
  if (!un.ok) throw new UserError(`${relative(workspace, path)}: ${un.error}; fix it or move it aside. Nothing was changed.`);
  let restored: UninstallResult['restored'] = 'none';
  let backup: string | null = null;
  if (un.changed && text !== null) {
    backup = uninstallBackupPath(workspace, name);
    writeBackup(backup, text, path);
    if (rec && !rec.existed && Object.keys(un.settings).length === 0 && deletable(path)) {
      // The file install created goes; through a symlink that is its target, and the link stays as it was.
      unlinkSync(resolveLinks(path));
      restored = 'deleted';
    } else if (original !== null && originalParsed?.ok && jsonEqual(originalParsed.value, un.settings)) {
      // Nothing else changed since install: the exact bytes the person had.
      writeUserFileAtomic(path, original);
      restored = 'backup';
    } else {
      writeUserFileAtomic(path, formatSettings(un.settings, detectFormat(text)));
      restored = 'rewritten';
    }
  }
  if (record.files[name] || record.damaged) {
    delete record.files[name];
    writeInstallRecord(workspace, record);
  }
  // The runner goes when no settings file of the workspace uses it any more.
  const other: SettingsName = name === 'settings.json' ? 'settings.local.json' : 'settings.json';
  let otherUses: boolean;
  try {
    const t = readText(settingsPath(workspace, other));
    const p = t === null ? null : parseSettings(t);
    otherUses = p !== null && p.ok && hasMeter(p.value);
  } catch {
    otherUses = true; // unreadable: leave the runner
  }
  let runnerRemoved = false;
  if (!otherUses && existsSync(join(workspace, GUARD_SCRIPT_REL))) unlinkSync(join(workspace, GUARD_SCRIPT_REL));
  if (!otherUses && existsSync(join(workspace, RECEIPT_SCRIPT_REL))) unlinkSync(join(workspace, RECEIPT_SCRIPT_REL));
  if (!otherUses) removeArmed(workspace);
  if (!otherUses && existsSync(runnerPath(workspace))) {
    unlinkSync(runnerPath(workspace));
    removeCodeCaches(workspace);
    runnerRemoved = true;
  }
  return { settingsFile: path, changed: un.changed, removed: un.removed, restored, backup, runnerRemoved };
}

/** A file install created may go, unless the person has linked it somewhere meanwhile (a hard link). */
function deletable(path: string): boolean {
  try {
    return lstatSync(resolveLinks(path)).nlink === 1;
  } catch {
    return false;
  }
}
