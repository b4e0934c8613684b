// The plan as parsed, saved beside the scan state and keyed by the file's size and time, so the
// status line and hooks parse Markdown only when the plan has changed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePlanText } from './planParser';
import type { ParsedPlan } from '../core/types';
import { writeCacheFile } from './cacheDir';

interface Entry {
  path: string;
  size: number;
  mtimeMs: number;
  plan: ParsedPlan;
}

/** Parses the plan at path (cached in cacheDir); throws the file system error when it cannot be read. */
export function readPlanCached(path: string, cacheDir: string): ParsedPlan {
  const st = statSync(path);
  const file = join(cacheDir, 'plan.json');
  try {
    const e = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    if (e.path === path && e.size === st.size && e.mtimeMs === st.mtimeMs && Array.isArray(e.plan?.items)) return e.plan;
  } catch {
    // no entry yet, or a damaged one: parse again
  }
  const plan = parsePlanText(readFileSync(path, 'utf8'));
  try {
    writeCacheFile(cacheDir, 'plan.json', JSON.stringify({ path, size: st.size, mtimeMs: st.mtimeMs, plan } satisfies Entry));
  } catch {
    // the cache only saves time; failing to write it changes nothing
  }
  return plan;
}
