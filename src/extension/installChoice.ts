// Where Install Hooks writes, asked before anything is written: the project's settings (shared,
// meant to be committed) or only this person's (settings.local.json), whether Claude's Bash
// commands run in Claude Code's sandbox, then the list of files it will add or change. Kept free of
// the vscode module for the unit tests.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNNER_REL } from '../core/install/entries';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { GUARD_SCRIPT_REL } from '../core/install/guardScript';
import { RECEIPT_SCRIPT_REL } from '../core/install/receiptScript';
import { HOOK_SCRIPT_REL } from '../core/install/hookScript';
import { LOCAL_EXCLUDES } from '../workspace/gitExclude';

export type InstallWhere = 'project' | 'local';

export const WHERE_CHOICES: ReadonlyArray<{ where: InstallWhere; label: string; detail: string }> = [
  { where: 'project', label: 'Project (shared; commit it)', detail: '.claude/settings.json: everyone who opens this folder in Claude Code gets the gates; the entries find node on each machine' },
  { where: 'local', label: 'Only me (settings.local.json)', detail: '.claude/settings.local.json: only on this machine, kept out of git through .git/info/exclude' },
];

/** The where-choices, a place the hooks are installed now first and named so: choosing it repairs them. */
export function whereChoices(installed: readonly InstallWhere[]): typeof WHERE_CHOICES {
  const marked = WHERE_CHOICES.map((c) => (installed.includes(c.where) ? { ...c, label: `${c.label}: installed here now, installs it again (repair)` } : c));
  return [...marked.filter((c) => installed.includes(c.where)), ...marked.filter((c) => !installed.includes(c.where))];
}

export function settingsFile(where: InstallWhere): string {
  return where === 'local' ? '.claude/settings.local.json' : '.claude/settings.json';
}

/**
 * The CLI arguments of the install or uninstall. `sandbox: false` (the person unticked it) is
 * `--no-sandbox`; uninstall takes out what install recorded, so it takes no such flag.
 */
export function hookArgs(which: 'install' | 'uninstall', where: InstallWhere, cwd: string, opts: { sandbox: boolean } = { sandbox: true }): string[] {
  return [which, ...(where === 'local' ? ['--local'] : []), ...(which === 'install' && !opts.sandbox ? ['--no-sandbox'] : []), '--dir', cwd];
}

/** What the install will add or change, one line each, as the confirmation lists them. */
export function installFiles(cwd: string, where: InstallWhere, sandbox: boolean): string[] {
  const settings = settingsFile(where);
  const state = (rel: string): string => (existsSync(join(cwd, rel)) ? 'updated' : 'added');
  const entries = sandbox ? "hook entries, the status line and Claude Code's sandbox settings" : 'hook entries and the status line';
  return [
    `${settings} (${existsSync(join(cwd, settings)) ? `${entries} merged in; your other settings kept, a backup made` : `added, with the ${entries}`})`,
    `${RUNNER_REL} (the hook runner, ${state(RUNNER_REL)})`,
    `${GUARD_SCRIPT_REL} (${state(GUARD_SCRIPT_REL)})`,
    `${RECEIPT_SCRIPT_REL} (${state(RECEIPT_SCRIPT_REL)})`,
    `${HOOK_SCRIPT_REL} (finds node on the machine a hook runs on, ${state(HOOK_SCRIPT_REL)})`,
    `${METER_STATE_DIR}/.gitignore (what a team commits: the runner, its scripts, the goal and plan; this machine's records stay out)`,
    ...(where === 'local' ? [`.git/info/exclude (adds ${LOCAL_EXCLUDES.join(' and ')}: nothing of this install is offered to git)`] : []),
  ];
}

/** Where the meter's hooks are installed now (a settings file that runs the meter's runner). */
export function installedWhere(cwd: string): InstallWhere[] {
  const has = (where: InstallWhere): boolean => {
    try {
      const text = readFileSync(join(cwd, settingsFile(where)), 'utf8');
      return text.includes(RUNNER_REL) || text.includes(HOOK_SCRIPT_REL);
    } catch {
      return false;
    }
  };
  return (['project', 'local'] as const).filter(has);
}
