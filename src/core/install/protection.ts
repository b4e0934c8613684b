// One word for what keeps the agent off the meter's files, worked out from the settings of every
// level and the platform:
//   `kernel, locked`  the session was started by `proofmeter run`, whose --settings file holds the
//                     sandbox block with absolute paths: project settings can no longer switch the
//                     sandbox off or add `excludedCommands` (measured with 2.1.332);
//   `kernel`          Claude Code's sandbox is on with the block in force;
//   `guard only`      no sandbox: the guard's reading of bash is all there is.
// Pure: the caller reads the files and says what the platform has.
import { z } from 'zod';
import { METER_STATE_DIR } from '../meterStateDir';
import { isObject, type Json, type Settings } from './settingsMerge';

export const PROTECTION_LEVELS = ['kernel, locked', 'kernel', 'guard only'] as const;
export type ProtectionLevel = (typeof PROTECTION_LEVELS)[number];

export const protectionSchema = z.object({
  level: z.enum(PROTECTION_LEVELS),
  /** Why it is not stronger, one short phrase each. */
  reasons: z.array(z.string()),
  /** What the person can do about it, one line; null when nothing is missing. */
  remedy: z.string().nullable(),
});
export type Protection = z.infer<typeof protectionSchema>;

/** Where a settings object came from; the launcher's `--settings` file sits above local settings. */
export type ProtectionSource = 'user' | 'project' | 'local' | 'launcher' | 'managed';

export interface ProtectionInput {
  /** false where Claude Code has no sandbox (not Linux or macOS), or bwrap/socat are missing. */
  supported: boolean;
  /** The programs the sandbox needs that are missing here (bwrap, socat). */
  missing: string[];
  levels: Array<{ source: ProtectionSource; settings: Settings | null }>;
  /** This session was started by `proofmeter run` (its --settings file is one of `levels`). */
  launched: boolean;
  workspace: string;
  outsideDir: string;
  home: string;
}

// Claude Code's precedence for one key: managed, then the command line, then local, project, user.
const PRECEDENCE: readonly ProtectionSource[] = ['managed', 'launcher', 'local', 'project', 'user'];

function valueAt(s: Settings | null, path: string[]): Json | undefined {
  let at: Json | undefined = s;
  for (const k of path) {
    if (!isObject(at)) return undefined;
    at = (at)[k];
  }
  return at;
}

/** The value Claude Code would use for a key, and the level it comes from. */
function effective(input: ProtectionInput, path: string[]): { value: Json | undefined; source: ProtectionSource | null } {
  for (const source of PRECEDENCE) {
    for (const l of input.levels) {
      if (l.source !== source) continue;
      const v = valueAt(l.settings, path);
      if (v !== undefined) return { value: v, source };
    }
  }
  return { value: undefined, source: null };
}

function listsAt(input: ProtectionInput, path: string[]): Array<{ source: ProtectionSource; items: string[] }> {
  return input.levels.map((l) => {
    const v = valueAt(l.settings, path);
    return { source: l.source, items: Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [] };
  });
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/**
 * The absolute folder a path in a settings list means, or null where Claude Code would not read it
 * as this machine's folder. A relative path is the project only in project and local settings.
 */
export function anchored(entry: string, source: ProtectionSource, input: Pick<ProtectionInput, 'workspace' | 'home'>): string | null {
  if (entry.startsWith('//')) return trimSlash(entry.slice(1));
  if (entry.startsWith('~/')) return trimSlash(`${input.home}/${entry.slice(2)}`);
  const projectLevel = source === 'project' || source === 'local';
  if (entry.startsWith('/')) return trimSlash(projectLevel ? `${input.workspace}${entry}` : entry);
  return projectLevel ? trimSlash(`${input.workspace}/${entry.replace(/^\.\//, '')}`) : null;
}

function covers(dir: string, target: string): boolean {
  return target === dir || target.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

/**
 * A denyWrite entry's folder. `//abs`, `~/…` and (in project settings) a relative path are read as
 * Claude Code reads them; a single-slash path is taken as absolute outside project settings, where
 * it was measured to work, and as unknown inside them, where Claude Code reads it from the
 * settings file's folder.
 */
function denyWriteFolder(entry: string, source: ProtectionSource, input: ProtectionInput): string | null {
  const projectLevel = source === 'project' || source === 'local';
  if (entry.startsWith('/') && !entry.startsWith('//')) return projectLevel ? null : trimSlash(entry);
  return anchored(entry, source, input);
}

/** The folder an `Edit(…/**)` rule closes, read as Claude Code anchors it. */
function editRuleFolder(rule: string, source: ProtectionSource, input: ProtectionInput): string | null {
  const m = /^Edit\((.+?)(?:\/\*\*)?\)$/.exec(rule.trim());
  return m ? anchored(m[1]!, source, input) : null;
}

function folderClosed(input: ProtectionInput, target: string): { bash: boolean; tools: boolean } {
  const bash = listsAt(input, ['sandbox', 'filesystem', 'denyWrite']).some((l) => l.items.some((e) => {
    const d = denyWriteFolder(e, l.source, input);
    return d !== null && covers(d, target);
  }));
  const tools = listsAt(input, ['permissions', 'deny']).some((l) => l.items.some((r) => {
    const d = editRuleFolder(r, l.source, input);
    return d !== null && covers(d, target);
  }));
  return { bash, tools };
}

/** The launcher's own file holds the whole block: what the lock rests on, whatever the other levels say. */
function launcherHolds(input: ProtectionInput, state: string): boolean {
  const own: ProtectionInput = { ...input, levels: input.levels.filter((l) => l.source === 'launcher') };
  const s = own.levels[0]?.settings ?? null;
  if (valueAt(s, ['sandbox', 'enabled']) !== true || valueAt(s, ['sandbox', 'allowUnsandboxedCommands']) !== false) return false;
  if (valueAt(s, ['permissions', 'blockWritesOutsideWorkingDirectories']) !== true) return false;
  return [state, trimSlash(input.outsideDir)].every((d) => {
    const c = folderClosed(own, d);
    return c.bash && c.tools;
  });
}

const REINSTALL = 'run proofmeter install (without --no-sandbox) to write the sandbox settings';
const INSTALL_TOOLS = 'install them (Debian/Ubuntu: apt-get install bubblewrap socat), then run proofmeter install';

export function protectionOf(input: ProtectionInput): Protection {
  if (!input.supported) {
    const what = input.missing.length ? `${input.missing.join(' and ')} ${input.missing.length > 1 ? 'are' : 'is'} not installed` : 'Claude Code has no sandbox on this platform';
    return { level: 'guard only', reasons: [what], remedy: input.missing.length ? INSTALL_TOOLS : 'use Linux (with bubblewrap and socat) or macOS for the kernel boundary' };
  }
  const enabled = effective(input, ['sandbox', 'enabled']);
  // With the sandbox off, what else the settings lack does not matter yet.
  if (enabled.value !== true) {
    const why = enabled.source ? `sandbox.enabled is ${JSON.stringify(enabled.value)} in ${enabled.source} settings` : "Claude Code's sandbox is not enabled";
    return { level: 'guard only', reasons: [why], remedy: REINSTALL };
  }
  const reasons: string[] = [];
  const unsandboxed = effective(input, ['sandbox', 'allowUnsandboxedCommands']);
  if (unsandboxed.value !== false) reasons.push('allowUnsandboxedCommands is not false, so a Bash call can ask to leave the sandbox');
  const blockWrites = input.levels.some((l) => valueAt(l.settings, ['permissions', 'blockWritesOutsideWorkingDirectories']) === true);
  if (!blockWrites) reasons.push('blockWritesOutsideWorkingDirectories is not set, so the Write tool can change the settings files');
  const state = trimSlash(`${input.workspace}/${METER_STATE_DIR}`);
  for (const [dir, name] of [[state, 'the state folder'], [trimSlash(input.outsideDir), "the seal's outside folder"]] as const) {
    const closed = folderClosed(input, dir);
    if (!closed.bash) reasons.push(`${name} is not in sandbox.filesystem.denyWrite`);
    if (!closed.tools) reasons.push(`${name} has no Edit(…) deny rule`);
  }
  for (const l of input.levels) {
    const excluded = valueAt(l.settings, ['sandbox', 'excludedCommands']);
    // Under the launcher's lock Claude Code ignores the project's own list (measured); not a user's or managed one.
    const ignored = input.launched && (l.source === 'project' || l.source === 'local');
    if (Array.isArray(excluded) && excluded.length && !ignored) reasons.push(`sandbox.excludedCommands in ${l.source} settings runs those commands outside the sandbox`);
  }
  for (const key of ['allowNestedUserNamespaces', 'enableWeakerNestedSandbox']) {
    const v = effective(input, ['sandbox', key]);
    if (v.value === true) reasons.push(`sandbox.${key} is true in ${v.source} settings`);
  }
  if (reasons.length) return { level: 'guard only', reasons, remedy: REINSTALL };
  if (input.launched && launcherHolds(input, state)) return { level: 'kernel, locked', reasons: [], remedy: null };
  return { level: 'kernel', reasons: ['project settings can still switch the sandbox off for a new session'], remedy: 'start Claude Code with proofmeter run -- claude to lock it' };
}
