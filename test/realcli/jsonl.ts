// Small readers for the JSON-lines files a run leaves behind.
import { existsSync, readFileSync } from 'node:fs';
import type { ContentBlock, RequestLogEntry } from './fakeMessages';

/** Parses every non-empty line; a line that is not JSON is returned as `{ unparsed: line }`. */
export function readJsonl<T = unknown>(path: string): T[] {
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

/** One record of a session transcript (or `{ unparsed }`): the fields the tests read. */
export interface TranscriptRecord {
  type?: string;
  subtype?: string;
  isSidechain?: boolean;
  promptSource?: string;
  uuid?: string;
  cwd?: string;
  origin?: { kind?: string; [key: string]: unknown };
  attachment?: { type?: string; prompt?: unknown; commandMode?: string; origin?: { kind?: string; [key: string]: unknown }; [key: string]: unknown };
  toolUseResult?: { answers?: Record<string, string>; backgroundTaskId?: string; backgroundedByUser?: boolean; returnCodeInterpretation?: string; [key: string]: unknown };
  message?: { role?: string; content?: string | ContentBlock[]; [key: string]: unknown };
  unparsed?: string;
  [key: string]: unknown;
}

/** A session transcript's records. */
export function readTranscript(path: string): TranscriptRecord[] {
  return readJsonl<TranscriptRecord>(path);
}

/** The fake API's request log. */
export function readRequestLog(path: string): RequestLogEntry[] {
  return readJsonl<RequestLogEntry>(path);
}

/** One line of hooks.jsonl, as written by the logging hook. */
export interface HookLogEntry {
  label: string;
  ts: string;
  payload: unknown;
}

export function readHookLog(path: string): HookLogEntry[] {
  return readJsonl<HookLogEntry>(path);
}
