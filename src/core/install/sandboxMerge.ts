// Merges the sandbox block (sandboxBlock.ts) into a settings object with the same never-clobber
// rules as the hook entries: a key the person already set keeps their value (and is reported),
// list items are appended only when missing, and what was added is returned so uninstall removes
// exactly that and no more. Pure.
import { z } from 'zod';
import { blockLeaves } from './sandboxBlock';
import { isObject, jsonEqual, type Json, type Settings } from './settingsMerge';

const jsonSchema: z.ZodType<Json> = z.lazy(() => z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(jsonSchema), z.record(jsonSchema)]));

export const sandboxAddedSchema = z.object({
  /** Dotted keys install set, with the value it set. */
  scalars: z.array(z.object({ key: z.string(), value: jsonSchema })),
  /** List items install appended, and whether install created the list. */
  items: z.array(z.object({ key: z.string(), values: z.array(z.string()), created: z.boolean() })),
  /** Objects install created (`sandbox`, `sandbox.filesystem`, ...), removed again when left empty. */
  objects: z.array(z.string()),
});
export type SandboxAdded = z.infer<typeof sandboxAddedSchema>;

export const NOTHING_ADDED: SandboxAdded = { scalars: [], items: [], objects: [] };

export type SandboxMerge =
  | { ok: true; settings: Settings; changed: boolean; added: SandboxAdded; kept: string[] }
  | { ok: false; error: string };

/** The object at `path`, created (and noted) when missing; null when something else is in the way. */
function containerAt(root: Settings, path: string[], created: string[]): { [key: string]: Json } | null {
  let at: { [key: string]: Json } = root;
  for (let i = 0; i < path.length; i++) {
    const k = path[i]!;
    const next = at[k];
    if (next === undefined) {
      at[k] = {};
      created.push(path.slice(0, i + 1).join('.'));
    } else if (!isObject(next)) {
      return null;
    }
    at = at[k] as { [key: string]: Json };
  }
  return at;
}

export function mergeSandbox(input: Settings, block: Settings): SandboxMerge {
  const settings = structuredClone(input);
  const added: SandboxAdded = { scalars: [], items: [], objects: [] };
  const kept: string[] = [];
  for (const leaf of blockLeaves(block)) {
    const key = leaf.path.join('.');
    const parent = containerAt(settings, leaf.path.slice(0, -1), added.objects);
    if (!parent) return { ok: false, error: `"${leaf.path.slice(0, -1).join('.')}" is not an object` };
    const name = leaf.path[leaf.path.length - 1]!;
    const have = parent[name];
    if (!leaf.list) {
      if (have === undefined) {
        parent[name] = leaf.value;
        added.scalars.push({ key, value: leaf.value });
      } else if (!jsonEqual(have, leaf.value)) {
        kept.push(`${key} is ${JSON.stringify(have)} (the meter would set ${JSON.stringify(leaf.value)})`);
      }
      continue;
    }
    if (have !== undefined && !Array.isArray(have)) return { ok: false, error: `"${key}" is not a list` };
    const list = have ?? [];
    const missing = (leaf.value as Json[]).filter((v): v is string => typeof v === 'string' && !list.some((x) => jsonEqual(x, v)));
    if (!missing.length) continue;
    parent[name] = [...list, ...missing];
    added.items.push({ key, values: missing, created: have === undefined });
  }
  const changed = added.scalars.length > 0 || added.items.length > 0;
  return { ok: true, settings: changed ? settings : input, changed, added: changed ? added : NOTHING_ADDED, kept };
}

/** Both records of what install added, as one (a second install adds to the first). */
/**
 * What an earlier install added that the block no longer holds (a key a newer block leaves out,
 * such as failIfUnavailable in shared settings), split from what stays install's.
 */
export function splitRetired(prior: SandboxAdded, block: Settings): { kept: SandboxAdded; retired: SandboxAdded } {
  const keys = new Set(blockLeaves(block).filter((l) => !l.list).map((l) => l.path.join('.')));
  return {
    kept: { ...prior, scalars: prior.scalars.filter((s) => keys.has(s.key)) },
    retired: { scalars: prior.scalars.filter((s) => !keys.has(s.key)), items: [], objects: [] },
  };
}

export function joinAdded(a: SandboxAdded, b: SandboxAdded): SandboxAdded {
  return { scalars: [...a.scalars, ...b.scalars], items: [...a.items, ...b.items], objects: [...a.objects, ...b.objects] };
}

function objectAt(root: Settings, dotted: string): { [key: string]: Json } | null {
  let at: Json = root;
  for (const k of dotted.split('.')) {
    if (!isObject(at)) return null;
    at = (at)[k] ?? null;
  }
  return isObject(at) ? (at) : null;
}

function parentAndName(root: Settings, key: string): { parent: { [key: string]: Json }; name: string } | null {
  const parts = key.split('.');
  const name = parts.pop()!;
  const parent = parts.length ? objectAt(root, parts.join('.')) : root;
  return parent ? { parent, name } : null;
}

export type SandboxUnmerge = { settings: Settings; changed: boolean; removed: string[] };

/**
 * Removes what `added` says install added: a key only while it still holds the value install set
 * (a value the person changed since is theirs), list items install appended, and the lists and
 * objects install created once they are left empty.
 */
export function unmergeSandbox(input: Settings, added: SandboxAdded): SandboxUnmerge {
  const settings = structuredClone(input);
  const removed: string[] = [];
  for (const s of added.scalars) {
    const at = parentAndName(settings, s.key);
    if (at && at.parent[at.name] !== undefined && jsonEqual(at.parent[at.name], s.value)) {
      delete at.parent[at.name];
      removed.push(s.key);
    }
  }
  for (const it of added.items) {
    const at = parentAndName(settings, it.key);
    const list = at?.parent[at.name];
    if (!at || !Array.isArray(list)) continue;
    const left = list.filter((x) => !(typeof x === 'string' && it.values.includes(x)));
    if (left.length === list.length) continue;
    removed.push(it.key);
    at.parent[at.name] = left;
  }
  // A list any install created goes once emptied, whichever install's items were in it.
  for (const key of new Set(added.items.filter((i) => i.created).map((i) => i.key))) {
    const at = parentAndName(settings, key);
    const list = at?.parent[at.name];
    if (at && Array.isArray(list) && list.length === 0) delete at.parent[at.name];
  }
  // Deepest first, so `sandbox` goes after `sandbox.filesystem` has.
  for (const dotted of [...added.objects].sort((a, b) => b.split('.').length - a.split('.').length)) {
    const obj = objectAt(settings, dotted);
    const at = parentAndName(settings, dotted);
    if (obj && at && Object.keys(obj).length === 0) delete at.parent[at.name];
  }
  const changed = removed.length > 0;
  return { settings: changed ? settings : input, changed, removed: [...new Set(removed)] };
}
