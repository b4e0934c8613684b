// Installs and uninstalls the meter in a workspace's settings file: the runner copied into
// .claude/proofmeter/, the entries merged into .claude/settings.json (or settings.local.json).
// Merge rules live in ../core/install/settingsMerge.ts; this file does the I/O around them:
// a file that is not valid JSON is refused and left untouched, every write is atomic, the file as
// it was before the meter is kept as a backup, and uninstall gives those exact bytes back when
// nothing else changed since. The settings files are the person's: they are written through
// symlinks and keep their hard links, mode and owner (writeUserFileAtomic), and their backups are
// readable by the owner only. One install or uninstall runs at a time (installLock.ts).
import { createHash } from './lazyCrypto';
import { existsSync, lstatSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RUNNER_REL, isMeterCommand } from '../core/install/entries';
import type { HookNode } from '../core/install/nodeEntry';
import { GUARD_SCRIPT, GUARD_SCRIPT_REL } from '../core/install/guardScript';
import { RECEIPT_SCRIPT, RECEIPT_SCRIPT_REL } from '../core/install/receiptScript';
import { HOOK_SCRIPT, HOOK_SCRIPT_REL } from '../core/install/hookScript';
import { nodeHintPath } from './nodeHint';
import { METER_GITIGNORE, isMeterGitignore } from '../core/install/meterGitignore';
import { keepOutOfGit, stopKeepingOutOfGit, type ExcludeResult } from './gitExclude';
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
import { NOTHING_ADDED, joinAdded, mergeSandbox, splitRetired, unmergeSandbox, type SandboxAdded } from '../core/install/sandboxMerge';
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


export interface InstallResult {
  settingsFile: string;
  createdFile: boolean;
  changed: boolean;
  backup: string | null;
  merge: MergeReport;
  runner: 'copied' | 'updated' | 'unchanged';
  userStatusLine: string | null;
  /** `added`: install merged (some of) the block; `present`: it was all there; `removed`: --no-sandbox took out what an earlier install added; `none`. */
  sandbox: 'added' | 'present' | 'removed' | 'none';
  /** The person's own values install kept where the block wanted others (`sandbox.enabled is false ...`). */
  sandboxKept: string[];
  /** settings.local.json only: the lines that keep its files out of git (.git/info/exclude). */
  excluded: ExcludeResult | null;
}

/** The sandbox block to merge (core/install/sandboxBlock.ts), or null to install without it. */
export interface InstallOptions {
  node?: HookNode | null;
  sandbox?: Settings | null;
}

/** `node`: the absolute node the entries run (hookNode.ts); null writes `node`, found on PATH. */
export function installMeter(workspace: string, name: SettingsName, runnerSource: string, now = new Date(), opts: InstallOptions = {}): InstallResult {
  return withInstallLock(workspace, () => install(workspace, name, runnerSource, now, opts));
}

/** The hook entries and, when asked, the sandbox block merged; or without it, what an earlier install added of it taken out. */
function mergeAll(workspace: string, name: SettingsName, before: Settings, prior: SandboxAdded, opts: InstallOptions, runnerSha256: string) {
  const path = settingsPath(workspace, name);
  // Settings a team shares find node on each machine; the person's own file names this machine's node.
  const merged = mergeMeter(before, { node: opts.node ?? null, runnerSha256, portable: name === 'settings.json' });
  if (!merged.ok) throw new UserError(`${relative(workspace, path)}: ${merged.error}; fix it or move it aside. Nothing was changed.`);
  if (opts.sandbox) {
    // A key an earlier install added that this block leaves out (failIfUnavailable, out of shared settings now) goes.
    const { kept: stays, retired } = splitRetired(prior, opts.sandbox);
    const out = unmergeSandbox(merged.settings, retired);
    const sm = mergeSandbox(out.settings, opts.sandbox);
    if (!sm.ok) throw new UserError(`${relative(workspace, path)}: ${sm.error}; fix it or move it aside. Nothing was changed.`);
    const changed = sm.changed || out.changed;
    const sandbox: InstallResult['sandbox'] = changed ? 'added' : 'present';
    return { ...merged, settings: sm.settings, changed: merged.changed || changed, sandbox, added: joinAdded(stays, sm.added), kept: sm.kept };
  }
  const un = unmergeSandbox(merged.settings, prior);
  const sandbox: InstallResult['sandbox'] = un.changed ? 'removed' : 'none';
  return { ...merged, settings: un.settings, changed: merged.changed || un.changed, sandbox, added: NOTHING_ADDED, kept: [] };
}

function install(workspace: string, name: SettingsName, runnerSource: string, now: Date, opts: InstallOptions): InstallResult {
  const path = settingsPath(workspace, name);
  const text = readText(path);
  const before = parseOrRefuse(workspace, path, text);
  const bundle = readFileSync(runnerSource);
  const record = readInstallRecord(workspace);
  // The Stop entry names the runner's digest: a runner replaced later blocks the stop (nodeEntry.ts).
  const merged = mergeAll(workspace, name, before, record.files[name]?.sandbox ?? NOTHING_ADDED, opts, createHash('sha256').update(bundle).digest('hex'));

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
  const launcher = join(workspace, HOOK_SCRIPT_REL);
  if (readText(launcher) !== HOOK_SCRIPT) {
    writeFileAtomic(launcher, HOOK_SCRIPT, { mode: 0o755 });
    if (runner === 'unchanged') runner = 'updated';
  }
  writeNodeHint(workspace, opts.node ?? null);
  // Install's own .gitignore is brought up to date; one the person wrote is theirs.
  const ignore = join(workspace, STATE_DIR, '.gitignore');
  const ignoreText = readText(ignore);
  if (ignoreText === null || (ignoreText !== METER_GITIGNORE && isMeterGitignore(ignoreText))) writeFileAtomic(ignore, METER_GITIGNORE);
  const excluded = name === 'settings.local.json' ? keepOutOfGit(workspace) : null;

  let backup: string | null = null;
  if (merged.changed) {
    const bak = installBackupPath(workspace, name);
    const sandbox = merged.added.scalars.length || merged.added.items.length ? { sandbox: merged.added } : {};
    if (!hasMeter(before)) {
      // The file as it was before the meter: what uninstall gives back.
      if (text !== null) {
        backup = bak;
        writeBackup(bak, text, path);
      } else {
        // A backup from an earlier install would say the file existed; now it did not.
        removeFile(bak);
      }
      record.files[name] = { existed: text !== null, backup: backup && relative(workspace, backup), at: now.toISOString(), ...sandbox };
      writeInstallRecord(workspace, record, now);
    } else if (!record.files[name] && existsSync(bak)) {
      // The meter is partly there and the record of its install is lost. The text now already
      // holds meter entries, so it is no backup; the backup install kept still holds the bytes
      // from before the meter, and stays.
      // What install added of the sandbox block is lost with the record too: it is what the block
      // adds to the file as it was before the meter.
      const derived = sandboxToRemove(undefined, parsedOrNull(readText(bak)), opts.sandbox ?? null);
      const added = joinAdded(derived, merged.added);
      const kept = added.scalars.length || added.items.length ? { sandbox: added } : {};
      record.files[name] = { existed: true, backup: relative(workspace, bak), at: now.toISOString(), ...kept };
      writeInstallRecord(workspace, record, now);
    } else if (record.files[name]) {
      const { sandbox: _was, ...rest } = record.files[name];
      record.files[name] = { ...rest, ...sandbox };
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
    sandbox: merged.sandbox,
    sandboxKept: merged.kept,
    excluded,
  };
}

/** The node the launcher tries first on this machine (hookScript.ts); kept out of git by the state folder's .gitignore. */
function writeNodeHint(workspace: string, node: HookNode | null): void {
  const path = nodeHintPath(workspace);
  if (!node || !node.path.startsWith('/') || node.path.includes('\n')) return removeFile(path);
  const text = `${node.electron ? 'electron ' : ''}${node.path}\n`;
  if (readText(path) !== text) writeFileAtomic(path, text);
}

export interface UninstallResult {
  settingsFile: string;
  changed: boolean;
  removed: string[];
  restored: 'backup' | 'deleted' | 'rewritten' | 'none';
  backup: string | null;
  runnerRemoved: boolean;
  /** settings.local.json only: install's lines in .git/info/exclude were taken out. */
  excludeRemoved: boolean;
}

/**
 * `block`: the sandbox block as install would write it now. With the record of what install added
 * lost, uninstall takes out what install would have added to the file as it was before the meter.
 */
export function uninstallMeter(workspace: string, name: SettingsName, block: Settings | null = null): UninstallResult {
  return withInstallLock(workspace, () => uninstall(workspace, name, block));
}

function parsedOrNull(text: string | null): Settings | null {
  const p = text === null ? null : parseSettings(text);
  return p?.ok ? p.value : null;
}

function sandboxToRemove(recorded: SandboxAdded | undefined, original: Settings | null, block: Settings | null): SandboxAdded {
  if (recorded) return recorded;
  if (!block) return NOTHING_ADDED;
  const would = mergeSandbox(original ?? {}, block);
  return would.ok ? would.added : NOTHING_ADDED;
}

function uninstall(workspace: string, name: SettingsName, block: Settings | null): UninstallResult {
  const path = settingsPath(workspace, name);
  const text = readText(path);
  const current = parseOrRefuse(workspace, path, text);
  const record = readInstallRecord(workspace);
  // A damaged or lost entry is rebuilt from the backup, so the bytes still come back.
  const rec = derivedEntry(workspace, record, name);
  // The file as it was before install, when its backup is still there and readable.
  const original = rec?.backup ? readText(join(workspace, rec.backup)) : null;
  const originalParsed = original !== null ? parseSettings(original) : null;
  const hooksOut = unmergeMeter(current, originalParsed?.ok ? originalParsed.value : null);
  if (!hooksOut.ok) throw new UserError(`${relative(workspace, path)}: ${hooksOut.error}; fix it or move it aside. Nothing was changed.`);
  const recorded = record.files[name] ? (record.files[name].sandbox ?? NOTHING_ADDED) : undefined;
  const sandboxOut = unmergeSandbox(hooksOut.settings, sandboxToRemove(recorded, originalParsed?.ok ? originalParsed.value : null, block));
  const un = { settings: sandboxOut.settings, changed: hooksOut.changed || sandboxOut.changed, removed: [...hooksOut.removed, ...(sandboxOut.changed ? ['sandbox block'] : [])] };
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
  if (!otherUses && existsSync(join(workspace, HOOK_SCRIPT_REL))) unlinkSync(join(workspace, HOOK_SCRIPT_REL));
  if (!otherUses) removeFile(nodeHintPath(workspace));
  const included = name === 'settings.local.json' ? stopKeepingOutOfGit(workspace) : false;
  if (!otherUses) removeArmed(workspace);
  if (!otherUses && existsSync(runnerPath(workspace))) {
    unlinkSync(runnerPath(workspace));
    removeCodeCaches(workspace);
    runnerRemoved = true;
  }
  return { settingsFile: path, changed: un.changed, removed: un.removed, restored, backup, runnerRemoved, excludeRemoved: included };
}

/** A file install created may go, unless the person has linked it somewhere meanwhile (a hard link). */
function deletable(path: string): boolean {
  try {
    return lstatSync(resolveLinks(path)).nlink === 1;
  } catch {
    return false;
  }
}
