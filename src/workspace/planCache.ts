// The plan as parsed, saved beside the scan state and keyed by the file's size and time, so the
// status line and hooks parse Markdown only when the plan has changed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parsePlanText } from './planParser';
import { parsedPlanSchema, type ParsedPlan } from '../core/types';
import { writeCacheFile } from './cacheDir';
import { readJsonFile } from './readJsonFile';

/** Bump whenever the entry's shape (or ParsedPlan's) changes: an entry of another version is parsed again. */
const VERSION = 3;

const entrySchema = z.object({
  version: z.literal(VERSION),
  path: z.string(),
  size: z.number(),
  mtimeMs: z.number(),
  plan: parsedPlanSchema,
});

type Entry = z.infer<typeof entrySchema>;

/**
 * The saved plan when it is for this file as it is now. Anything else (no entry, torn JSON, an
 * older version, a wrong shape anywhere inside) is null: the plan file is the source of truth, and
 * an entry trusted without checking would fault every later call, since nothing would rewrite it.
 */
function cachedPlan(file: string, path: string, size: number, mtimeMs: number): ParsedPlan | null {
  const e = readJsonFile(file, entrySchema);
  return e && e.path === path && e.size === size && e.mtimeMs === mtimeMs ? e.plan : null;
}

/** Parses the plan at path (cached in cacheDir); throws the file system error when it cannot be read. */
export function readPlanCached(path: string, cacheDir: string): ParsedPlan {
  const st = statSync(path);
  const file = join(cacheDir, 'plan.json');
  const hit = cachedPlan(file, path, st.size, st.mtimeMs);
  if (hit) return hit;
  const plan = parsePlanText(readFileSync(path, 'utf8'));
  try {
    writeCacheFile(cacheDir, 'plan.json', JSON.stringify({ version: VERSION, path, size: st.size, mtimeMs: st.mtimeMs, plan } satisfies Entry));
  } catch {
    // the cache only saves time; failing to write it changes nothing
  }
  return plan;
}
