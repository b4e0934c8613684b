// Pure merge and unmerge of the meter's entries in a Claude Code settings object. Nothing here
// touches a file: the caller reads the text, and writes what comes back.
//
// Rules: other keys, other hooks and a user's own statusLine are never changed; install appends
// one matcher group per gate (never edits a user's group); unmerge removes exactly the meter's
// commands and only the containers that removing them emptied.
import { GATES, STATUSLINE_ENTRY, gateGroup, isMeterCommand, meterHookOf, statuslineCommand, type CommandHook, type EntryOptions, type GateSpec } from './entries';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Settings = { [key: string]: Json };

export type Parsed = { ok: true; value: Settings } | { ok: false; error: string };

/** Parses a settings file's text. Blank text reads as an empty object. */
export function parseSettings(text: string): Parsed {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return { ok: false, error: `not valid JSON (${jsonErrorWhere(body, e)})` };
  }
  if (!isObject(value)) return { ok: false, error: 'not a JSON object' };
  return { ok: true, value: value as Settings };
}

function jsonErrorWhere(text: string, e: unknown): string {
  // Only the position is taken from the parser's message: the message itself may quote the file.
  const m = /position (\d+)/.exec(String((e as Error)?.message ?? ''));
  if (!m) return 'unexpected end or token';
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  return `line ${line}, column ${col}`;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface Format {
  indent: string;
  eol: '\n' | '\r\n';
  finalNewline: boolean;
}

/** The indentation and line ends of an existing file, so a rewrite looks like the original. */
export function detectFormat(text: string | null): Format {
  if (!text || text.trim() === '') return { indent: '  ', eol: '\n', finalNewline: true };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  return { indent: m?.[1] ?? '  ', eol, finalNewline: /\n$/.test(text) };
}

export function formatSettings(value: Settings, fmt: Format): string {
  let out = JSON.stringify(value, null, fmt.indent);
  if (fmt.eol === '\r\n') out = out.replace(/\n/g, '\r\n');
  return fmt.finalNewline ? out + fmt.eol : out;
}

export interface MergeReport {
  /** `Event matcher` of each entry added. */
  added: string[];
  /** Entries that were already there. */
  present: string[];
  /** The meter's own entries rewritten to the installed form (another node, runner or timeout). */
  updated: string[];
  statusLine: 'added' | 'already' | 'updated' | 'kept-user';
}

export type MergeResult = { ok: true; settings: Settings; changed: boolean; report: MergeReport } | { ok: false; error: string };

const describeGate = (g: GateSpec) => `${g.event}${g.matcher ? ` ${g.matcher}` : ''}`;

/** The hook as install writes it: the same command, and the same onFailure (a guard that fails closed). */
function hasHook(groups: Json[], want: CommandHook): boolean {
  return groups.some((g) => isObject(g) && Array.isArray(g.hooks) && g.hooks.some((h) => isObject(h) && h.command === want.command && h.onFailure === want.onFailure));
}

/** The meter's own hook object for this gate in an event's groups, in a group with the gate's matcher. */
function ownHook(groups: Json[], g: GateSpec): { [key: string]: Json } | null {
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks) || (group.matcher ?? undefined) !== g.matcher) continue;
    for (const h of group.hooks) if (isObject(h) && meterHookOf(h.command) === g.hook) return h;
  }
  return null;
}

/**
 * Adds the meter's entries, or rewrites its own entries to the form `opts` gives (a new node or
 * runner after an update). Idempotent: merging a merged object changes nothing.
 */
export function mergeMeter(input: Settings, opts: EntryOptions = {}): MergeResult {
  const settings = structuredClone(input);
  if (settings.hooks !== undefined && !isObject(settings.hooks)) return { ok: false, error: '"hooks" is not an object' };
  const report: MergeReport = { added: [], present: [], updated: [], statusLine: 'already' };
  const hooks = settings.hooks ?? {};
  for (const g of GATES) {
    const existing = hooks[g.event];
    if (existing !== undefined && !Array.isArray(existing)) return { ok: false, error: `"hooks.${g.event}" is not an array` };
    const groups = existing ?? [];
    const want = gateGroup(g, opts).hooks[0]!;
    if (hasHook(groups, want)) {
      report.present.push(describeGate(g));
      continue;
    }
    const own = ownHook(groups, g);
    if (own) {
      own.command = want.command;
      if (want.timeout !== undefined) own.timeout = want.timeout;
      if (want.onFailure !== undefined) own.onFailure = want.onFailure;
      report.updated.push(describeGate(g));
      continue;
    }
    hooks[g.event] = [...groups, gateGroup(g, opts) as unknown as Json];
    report.added.push(describeGate(g));
  }
  if (report.added.length || report.updated.length) settings.hooks = hooks;
  const sl = settings.statusLine;
  const statusCommand = statuslineCommand(opts);
  if (sl === undefined) {
    settings.statusLine = { ...STATUSLINE_ENTRY, command: statusCommand };
    report.statusLine = 'added';
  } else if (isObject(sl) && isMeterCommand(sl.command)) {
    if (sl.command !== statusCommand) {
      (settings.statusLine as { [key: string]: Json }).command = statusCommand;
      report.statusLine = 'updated';
    }
  } else {
    report.statusLine = 'kept-user';
  }
  const changed = report.added.length > 0 || report.updated.length > 0 || report.statusLine === 'added' || report.statusLine === 'updated';
  return { ok: true, settings: changed ? settings : input, changed, report };
}

export type UnmergeResult = { ok: true; settings: Settings; changed: boolean; removed: string[] } | { ok: false; error: string };

/**
 * Removes every meter command, the groups and event lists that only held them, and the meter's
 * statusLine. With `original` (the file before install), a list or `hooks` object that the
 * original already had stays, even when it is left empty.
 */
export function unmergeMeter(input: Settings, original: Settings | null = null): UnmergeResult {
  const hadHooks = original !== null && isObject(original.hooks);
  const hadEvent = (event: string) => hadHooks && Array.isArray((original.hooks as Record<string, unknown>)[event]);
  const settings = structuredClone(input);
  const removed: string[] = [];
  if (settings.hooks !== undefined && !isObject(settings.hooks)) return { ok: false, error: '"hooks" is not an object' };
  if (isObject(settings.hooks)) {
    const hooks = settings.hooks;
    for (const event of Object.keys(hooks)) {
      const groups = hooks[event];
      if (!Array.isArray(groups)) continue;
      const kept: Json[] = [];
      let touched = false;
      for (const g of groups) {
        if (!isObject(g) || !Array.isArray(g.hooks)) {
          kept.push(g);
          continue;
        }
        const own = g.hooks.filter((h) => !(isObject(h) && isMeterCommand(h.command)));
        if (own.length === g.hooks.length) {
          kept.push(g);
          continue;
        }
        touched = true;
        removed.push(`${event}${typeof g.matcher === 'string' && g.matcher ? ` ${g.matcher}` : ''}`);
        if (own.length) kept.push({ ...g, hooks: own });
      }
      if (!touched) continue;
      if (kept.length || hadEvent(event)) hooks[event] = kept;
      else delete hooks[event];
    }
    if (Object.keys(hooks).length === 0 && Object.keys(input.hooks as object).length > 0 && !hadHooks) delete settings.hooks;
  }
  const sl = settings.statusLine;
  if (isObject(sl) && isMeterCommand(sl.command)) {
    delete settings.statusLine;
    removed.push('statusLine');
  }
  return { ok: true, settings: removed.length ? settings : input, changed: removed.length > 0, removed };
}

/** The meter's entries as they stand: what the guard protects and the doctor reports. */
export interface MeterEntry {
  event: string;
  matcher: string | null;
  command: string;
  /** Part of what the guard protects: a stop entry cut to a second would end the gate before it re-runs. */
  timeout: number | null;
}

export function meterEntries(settings: Settings): MeterEntry[] {
  const out: MeterEntry[] = [];
  if (!isObject(settings.hooks)) return out;
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) {
      if (!isObject(g) || !Array.isArray(g.hooks)) continue;
      for (const h of g.hooks) {
        if (isObject(h) && typeof h.command === 'string' && isMeterCommand(h.command)) {
          out.push({ event, matcher: typeof g.matcher === 'string' ? g.matcher : null, command: h.command, timeout: typeof h.timeout === 'number' ? h.timeout : null });
        }
      }
    }
  }
  return out;
}

/** Deep equality of JSON values, key order ignored. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}
