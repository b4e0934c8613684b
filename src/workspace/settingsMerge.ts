// Installs and uninstalls the meter in a workspace's settings file: the runner copied into
// .claude/proofmeter/, the entries merged into .claude/settings.json (or settings.local.json).
// Merge rules live in ../core/install/settingsMerge.ts; this file does the I/O around them:
// a file that is not valid JSON is refused and left untouched, every write is atomic, the file as
// it was before the meter is kept as a backup, and uninstall gives those exact bytes back when
// nothing else changed since.
import { chmodSync, existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RUNNER_REL, isMeterCommand } from '../core/install/entries';
import { GUARD_SCRIPT, GUARD_SCRIPT_REL } from '../core/install/guardScript';
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
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { UserError } from './workspaceTally';

export type SettingsName = 'settings.json' | 'settings.local.json';

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

function backupPath(workspace: string, name: SettingsName, kind: 'install' | 'uninstall'): string {
  return join(workspace, STATE_DIR, 'backup', kind === 'install' ? `${name}.bak` : `${name}.before-uninstall.bak`);
}

const RECORD = 'install.json';

interface InstallRecord {
  version: 1;
  files: Partial<Record<SettingsName, { existed: boolean; backup: string | null; at: string }>>;
}

function readRecord(workspace: string): InstallRecord {
  try {
    const j = JSON.parse(readFileSync(join(workspace, STATE_DIR, RECORD), 'utf8')) as InstallRecord;
    if (j?.version === 1 && isObject(j.files)) return j;
  } catch {
    // none yet
  }
  return { version: 1, files: {} };
}

function writeRecord(workspace: string, rec: InstallRecord): void {
  writeFileAtomic(join(workspace, STATE_DIR, RECORD), JSON.stringify(rec, null, 2) + '\n');
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
backup/
install.json
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

export function installMeter(workspace: string, name: SettingsName, runnerSource: string, now = new Date()): InstallResult {
  const path = settingsPath(workspace, name);
  const text = readText(path);
  const before = parseOrRefuse(workspace, path, text);
  const merged = mergeMeter(before);
  if (!merged.ok) throw new UserError(`${relative(workspace, path)}: ${merged.error}; fix it or move it aside. Nothing was changed.`);

  // The runner first: entries without a runner would fail, a runner without entries is inert.
  const bundle = readFileSync(runnerSource);
  const target = runnerPath(workspace);
  let runner: InstallResult['runner'] = 'copied';
  if (existsSync(target)) runner = readFileSync(target).equals(bundle) ? 'unchanged' : 'updated';
  if (runner !== 'unchanged') {
    removeCodeCaches(workspace);
    writeFileAtomic(target, bundle);
    chmodSync(target, 0o755);
  }
  const guard = join(workspace, GUARD_SCRIPT_REL);
  if (readText(guard) !== GUARD_SCRIPT) {
    writeFileAtomic(guard, GUARD_SCRIPT);
    chmodSync(guard, 0o755);
    if (runner === 'unchanged') runner = 'updated';
  }
  const ignore = join(workspace, STATE_DIR, '.gitignore');
  if (!existsSync(ignore)) writeFileAtomic(ignore, GITIGNORE);

  let backup: string | null = null;
  if (merged.changed) {
    const record = readRecord(workspace);
    if (!hasMeter(before) || !record.files[name]) {
      // The file as it was before the meter: what uninstall gives back.
      if (text !== null) {
        backup = backupPath(workspace, name, 'install');
        writeFileAtomic(backup, text);
      }
      record.files[name] = { existed: text !== null, backup: backup && relative(workspace, backup), at: now.toISOString() };
      writeRecord(workspace, record);
    }
    writeFileAtomic(path, formatSettings(merged.settings, detectFormat(text)));
  }
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
  const path = settingsPath(workspace, name);
  const text = readText(path);
  const current = parseOrRefuse(workspace, path, text);
  const record = readRecord(workspace);
  const rec = record.files[name];
  // The file as it was before install, when its backup is still there and readable.
  const original = rec?.backup ? readText(join(workspace, rec.backup)) : null;
  const originalParsed = original !== null ? parseSettings(original) : null;
  const un = unmergeMeter(current, originalParsed?.ok ? originalParsed.value : null);
  if (!un.ok) throw new UserError(`${relative(workspace, path)}: ${un.error}; fix it or move it aside. Nothing was changed.`);
  let restored: UninstallResult['restored'] = 'none';
  let backup: string | null = null;
  if (un.changed && text !== null) {
    backup = backupPath(workspace, name, 'uninstall');
    writeFileAtomic(backup, text);
    if (rec && !rec.existed && Object.keys(un.settings).length === 0) {
      unlinkSync(path);
      restored = 'deleted';
    } else if (original !== null && originalParsed?.ok && jsonEqual(originalParsed.value, un.settings)) {
      // Nothing else changed since install: the exact bytes the person had.
      writeFileAtomic(path, original);
      restored = 'backup';
    } else {
      writeFileAtomic(path, formatSettings(un.settings, detectFormat(text)));
      restored = 'rewritten';
    }
  }
  if (rec) {
    delete record.files[name];
    writeRecord(workspace, record);
  }
  // The runner goes when no settings file of the workspace uses it any more.
  const other: SettingsName = name === 'settings.json' ? 'settings.local.json' : 'settings.json';
  let otherUses = false;
  try {
    const t = readText(settingsPath(workspace, other));
    const p = t === null ? null : parseSettings(t);
    otherUses = p !== null && p.ok && hasMeter(p.value);
  } catch {
    otherUses = true; // unreadable: leave the runner
  }
  let runnerRemoved = false;
  if (!otherUses && existsSync(join(workspace, GUARD_SCRIPT_REL))) unlinkSync(join(workspace, GUARD_SCRIPT_REL));
  if (!otherUses && existsSync(runnerPath(workspace))) {
    unlinkSync(runnerPath(workspace));
    removeCodeCaches(workspace);
    runnerRemoved = true;
  }
  return { settingsFile: path, changed: un.changed, removed: un.removed, restored, backup, runnerRemoved };
}
