// What a settings change may not do while a session runs: Claude Code 2.1.332 reloads a settings
// file it sees change and asks the ConfigChange hooks first, so an agent's script that writes
// `disableAllHooks`, drops a hook entry, sets `env`, switches the sandbox off or loosens the
// permission rules would otherwise take effect in the very session the meter watches (the sandbox
// and the deny rules are what keep the agent's shell off the meter's files). A view keeps only
// digests of the parts that matter (env values may be secrets), so the session's starting view can
// be saved and compared later. Pure: the caller brings the digest function.
import { z } from 'zod';
import { isMeterCommand } from './entries';
import { settingsFileStateSchema } from './settingsFileState';
import { isObject, meterEntries, parseSettings, type Settings } from './settingsMerge';

export type Digest = (text: string) => string;

export const settingsViewSchema = z.object({
  state: settingsFileStateSchema,
  /** Digest of the whole `hooks` object (key order ignored): the meter's entries and every other hook. */
  hooks: z.string(),
  /** Digest of the meter's own entries alone, to say which part changed. */
  meter: z.string(),
  env: z.string(),
  disableAllHooks: z.string(),
  allowManagedHooksOnly: z.string(),
  /** Digest of a statusLine that runs the meter (another statusLine is the person's own). */
  statusLine: z.string(),
  /**
   * Digests of the `sandbox` and `permissions` objects (key order ignored); null when the file has
   * none. Missing from a view an older runner saved: read as none, so a session that started then
   * refuses a file that now holds either (see refusedChanges).
   */
  sandbox: z.string().nullable().optional(),
  permissions: z.string().nullable().optional(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** JSON with object keys sorted, so two objects that differ only in key order read the same. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * The permission keys that fence the agent off the meter's files: the deny rules (the Edit rules
 * on the meter's folders), the folders the file tools may write, and the switch that closes the
 * settings files to them. `allow`, `ask` and `defaultMode` are left out: Claude Code itself writes
 * `allow` when the person answers "don't ask again", deny rules win over allow rules, and bypass
 * mode keeps both the sandbox and the deny rules (measured with 2.1.332).
 */
export const FENCED_PERMISSION_KEYS = ['deny', 'additionalDirectories', 'blockWritesOutsideWorkingDirectories'] as const;

/** The fenced part of a `permissions` value; a value that is not an object is kept whole, and none is undefined. */
export function fencedPermissions(p: unknown): unknown {
  if (!isObject(p)) return p;
  const out: Record<string, unknown> = {};
  for (const k of FENCED_PERMISSION_KEYS) if (p[k] !== undefined) out[k] = p[k];
  return Object.keys(out).length ? out : undefined;
}

/** null for a part the file does not have, so a view saved before the part was kept compares as "none". */
const partDigest = (v: unknown, digest: Digest): string | null => (v === undefined || v === null ? null : digest(canonicalJson(v)));

function viewOf(state: SettingsView['state'], s: Settings, digest: Digest): SettingsView {
  const sl = isObject(s.statusLine) && isMeterCommand(s.statusLine.command) ? s.statusLine : null;
  return {
    state,
    hooks: digest(canonicalJson(s.hooks ?? null)),
    meter: digest(canonicalJson(meterEntries(s))),
    env: digest(canonicalJson(s.env ?? null)),
    disableAllHooks: canonicalJson(s.disableAllHooks ?? null),
    allowManagedHooksOnly: canonicalJson(s.allowManagedHooksOnly ?? null),
    statusLine: digest(canonicalJson(sl)),
    sandbox: partDigest(s.sandbox, digest),
    permissions: partDigest(fencedPermissions(s.permissions), digest),
  };
}

/** The view of a settings file's text; null for a file that is not there. */
export function settingsView(text: string | null, digest: Digest): SettingsView {
  if (text === null) return viewOf('absent', {}, digest);
  const p = parseSettings(text);
  // Text that is not a JSON object arms nothing, so it reads like an empty file, flagged.
  return p.ok ? viewOf('ok', p.value, digest) : viewOf('invalid', {}, digest);
}

/**
 * What the change from `before` (the session's starting view of the file) to `after` does that the
 * running session must not take: one short phrase per part, empty when the change may go through.
 */
export function refusedChanges(before: SettingsView, after: SettingsView): string[] {
  const out: string[] = [];
  if (before.meter !== after.meter) out.push("it removes or alters the meter's hook entries");
  else if (before.hooks !== after.hooks) out.push('it changes the hooks');
  if (before.disableAllHooks !== after.disableAllHooks) out.push(`it sets disableAllHooks to ${after.disableAllHooks}`);
  if (before.allowManagedHooksOnly !== after.allowManagedHooksOnly) out.push(`it sets allowManagedHooksOnly to ${after.allowManagedHooksOnly}`);
  if (before.env !== after.env) out.push('it edits env');
  if (before.statusLine !== after.statusLine) out.push("it changes the meter's statusLine");
  // A starting view without these parts (an older runner's) reads as a file that had none: failing
  // closed costs that one session a restart, where reading "unknown" as "same" would let a sandbox
  // switched off go through.
  if ((before.sandbox ?? null) !== (after.sandbox ?? null)) out.push('it changes the sandbox settings');
  if ((before.permissions ?? null) !== (after.permissions ?? null)) out.push('it changes the permission rules');
  if (out.length && after.state === 'invalid' && before.state !== 'invalid') out.push('the file is no longer a JSON object');
  return out;
}
