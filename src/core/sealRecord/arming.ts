// What one settings file does to the meter's gates, as the seal keeps it, and what changed between
// two such views, in words. Pure: the caller reads the file and brings a digest function.
import { canonicalJson, fencedPermissions } from '../install/configRule';
import { isMeterCommand } from '../install/entries';
import { isObject, meterEntries, type Settings } from '../install/settingsMerge';
import type { Arming } from './record';

export type Digest = (text: string) => string;

/** Claude Code 2.1.332's cap on consecutive stop blocks when CLAUDE_CODE_STOP_HOOK_BLOCK_CAP is unset. */
export const DEFAULT_STOP_CAP = 8;

/**
 * Env keys Claude Code writes into the user's settings itself (2.1.332 moves DISABLE_AUTOUPDATER
 * there at its first interactive start) and that no hook reads: left out, so that is no finding.
 */
const HOUSEKEEPING_ENV: ReadonlySet<string> = new Set(['DISABLE_AUTOUPDATER']);

/** Events whose other hooks can end a turn past the meter's block. */
const STOP_EVENTS = ['Stop', 'SubagentStop'];

function otherStopHooks(settings: Settings): unknown[] {
  if (!isObject(settings.hooks)) return [];
  const out: unknown[] = [];
  for (const event of STOP_EVENTS) {
    const groups = (settings.hooks as Record<string, unknown>)[event];
    if (!Array.isArray(groups)) continue;
    for (const g of groups) {
      if (!isObject(g) || !Array.isArray(g.hooks)) {
        out.push([event, g]);
        continue;
      }
      const own = g.hooks.filter((h) => !(isObject(h) && isMeterCommand(h.command)));
      if (own.length) out.push([event, g.matcher ?? null, own]);
    }
  }
  return out;
}

/** The two objects that fence the agent in, as the seal names them in a finding. */
const FENCES = [
  ['sandbox', 'the sandbox settings'],
  ['permissions', 'the permission rules'],
] as const;
type Fence = (typeof FENCES)[number][0];

/**
 * A digest per top-level key, so a change can be named by key without keeping a value; a value
 * that is not an object is kept whole under the key '' (Claude Code reads no rules from it, but
 * an object put back in its place must still read as a change).
 */
function fenceOf(v: unknown, digest: Digest): Record<string, string> | null {
  if (v === undefined || v === null) return null;
  if (!isObject(v)) return { '': digest(canonicalJson(v)) };
  const out: Record<string, string> = {};
  for (const k of Object.keys(v).sort()) out[k] = digest(canonicalJson(v[k]));
  return out;
}

/** The arming of a settings object; null (absent or not valid JSON, which Claude Code skips) arms nothing. */
export function armingOf(settings: Settings | null, digest: Digest): Arming {
  const s = settings ?? {};
  const sl = isObject(s.statusLine) && typeof s.statusLine.command === 'string' && isMeterCommand(s.statusLine.command) ? s.statusLine.command : null;
  const env: Record<string, string> = {};
  if (isObject(s.env)) for (const [k, v] of Object.entries(s.env)) if (!HOUSEKEEPING_ENV.has(k)) env[k] = digest(typeof v === 'string' ? v : JSON.stringify(v));
  const others = otherStopHooks(s);
  return {
    entries: meterEntries(s),
    statusLine: sl,
    disableAllHooks: JSON.stringify(s.disableAllHooks ?? null),
    allowManagedHooksOnly: JSON.stringify(s.allowManagedHooksOnly ?? null),
    env,
    stopHooks: others.length ? digest(JSON.stringify(others)) : '',
    sandbox: fenceOf(s.sandbox, digest),
    permissions: fenceOf(fencedPermissions(s.permissions), digest),
  };
}

/**
 * `now` as far as the seal recorded it: a part a seal taken before it was kept (undefined there)
 * is left out, so an upgrade of the meter is no finding until install or a reseal records it.
 */
export function recordedPart(sealed: Arming, now: Arming): Arming {
  const out: Arming = { ...now };
  for (const [part] of FENCES) if (sealed[part] === undefined) delete out[part];
  return out;
}

/** Two armings that arm the meter the same way, compared on what the sealed one recorded (key order ignored). */
export function sameArming(sealed: Arming, now: Arming): boolean {
  return canonicalJson(recordedPart(sealed, sealed)) === canonicalJson(recordedPart(sealed, now));
}

function fenceChanges(part: Fence, label: string, was: Arming[Fence], is: Arming[Fence]): string[] {
  // Not recorded by the seal (taken before this part was kept): nothing to compare with.
  if (was === undefined) return [];
  const now = is ?? null;
  if (canonicalJson(was) === canonicalJson(now)) return [];
  const name = (k: string) => (k === '' ? part : `${part}.${k}`);
  if (was === null) return [`${label} were added (${Object.keys(now ?? {}).map(name).join(', ')})`];
  if (now === null) return [`${label} were removed`];
  const keys: string[] = [];
  for (const k of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (was[k] === now[k]) continue;
    keys.push(`${name(k)} ${was[k] === undefined ? 'set' : now[k] === undefined ? 'removed' : 'changed'}`);
  }
  return [`${label} were changed (${keys.join(', ')})`];
}

const entryKey = (e: Arming['entries'][number]) => `${e.event}${e.matcher ? ` ${e.matcher}` : ''}`;

/**
 * One line per change that loosens or moves the gate, naming keys and entries, never env values
 * (only the stop cap's, which is a number). `currentEnv` holds the values as they are now.
 */
export function armingChanges(sealed: Arming, now: Arming, currentEnv: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const was = new Map(sealed.entries.map((e) => [entryKey(e) + '\0' + e.command, e]));
  const is = new Map(now.entries.map((e) => [entryKey(e) + '\0' + e.command, e]));
  for (const [k, e] of was) {
    const n = is.get(k);
    if (!n) {
      const moved = now.entries.find((x) => entryKey(x) === entryKey(e));
      out.push(moved ? `the meter's ${entryKey(e)} entry was changed` : `the meter's ${entryKey(e)} entry was removed`);
    } else if (n.timeout !== e.timeout) out.push(`the meter's ${entryKey(e)} entry's timeout went from ${e.timeout ?? 'unset'} to ${n.timeout ?? 'unset'}`);
  }
  for (const [k, e] of is) if (!was.has(k) && !sealed.entries.some((x) => entryKey(x) === entryKey(e))) out.push(`a meter ${entryKey(e)} entry was added`);
  if (sealed.statusLine !== now.statusLine) out.push(now.statusLine === null ? "the meter's statusLine was removed" : "the meter's statusLine was changed");
  if (sealed.disableAllHooks !== now.disableAllHooks) out.push(`disableAllHooks went from ${sealed.disableAllHooks} to ${now.disableAllHooks}`);
  if (sealed.allowManagedHooksOnly !== now.allowManagedHooksOnly) out.push(`allowManagedHooksOnly went from ${sealed.allowManagedHooksOnly} to ${now.allowManagedHooksOnly}`);
  for (const k of new Set([...Object.keys(sealed.env), ...Object.keys(now.env)])) {
    if (sealed.env[k] === now.env[k]) continue;
    const verb = sealed.env[k] === undefined ? 'set' : now.env[k] === undefined ? 'removed' : 'changed';
    if (k === 'CLAUDE_CODE_STOP_HOOK_BLOCK_CAP' && now.env[k] !== undefined) {
      const v = String(currentEnv[k]);
      out.push(`env CLAUDE_CODE_STOP_HOOK_BLOCK_CAP ${verb} to ${/^-?\d{1,6}$/.test(v) ? v : 'a new value'} (Claude Code's cap on stop blocks, ${DEFAULT_STOP_CAP} by default)`);
    } else if (k === 'PATH') out.push(`env PATH ${verb} for hooks`);
    else out.push(`env ${k} ${verb} (hooks run with it)`);
  }
  if (sealed.stopHooks !== now.stopHooks) out.push('another Stop or SubagentStop hook was added, changed or removed (its `continue: false` would end the turn past the gate)');
  for (const [part, label] of FENCES) out.push(...fenceChanges(part, label, sealed[part], now[part]));
  return out;
}
