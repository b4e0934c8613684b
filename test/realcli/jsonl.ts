// Small readers for the JSON-lines files a run leaves behind.
import { existsSync, readFileSync } from 'node:fs';
import type { RequestLogEntry } from './fakeMessages';

/** Parses every non-empty line; a line that is not JSON is returned as `{ unparsed: line }`. */
export function readJsonl<T = any>(path: string): T[] {
  if (!existsSync(path)) return [];
  const out: T[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      out.push({ unparsed: line } as T);
    }
  }
  return out;
}

/** The fake API's request log. */
export function readRequestLog(path: string): RequestLogEntry[] {
  return readJsonl<RequestLogEntry>(path);
}

/** One line of hooks.jsonl, as written by the logging hook. */
export interface HookLogEntry {
  label: string;
  ts: string;
  payload: any;
}

export function readHookLog(path: string): HookLogEntry[] {
  return readJsonl<HookLogEntry>(path);
}
