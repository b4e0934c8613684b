// The context of each of a workspace's sessions, newest first: the CLI reads through entries saved
// in .claude/proofmeter/context, the extension through states it keeps in memory.
import { join } from 'node:path';
import type { ListedContext } from '../core/context/contextText';
import { contextSummary } from '../core/context/contextView';
import type { SavedContext } from './contextEntry';
import { loadContextEntry, readContextCached, readContextResumed } from './contextRead';
import { cacheFile } from './scanCache';
import { STATE_DIR } from './goalState';
import { listSessions, projectTranscriptDir, sessionTranscriptOf } from './transcriptFiles';

/** A session's context with its transcript and when that was last written. */
export type SessionContext = ListedContext;

export type ContextReader = (path: string) => SavedContext | null;

export function contextCacheDir(cwd: string): string {
  return join(cwd, STATE_DIR, 'context');
}

/** Reads through saved entries in the workspace (the CLI and the status line). */
export function diskContextReader(cwd: string): ContextReader {
  const dir = contextCacheDir(cwd);
  return (path) => readContextCached(path, dir);
}

/**
 * Keeps each file's state in memory and writes nothing (the extension). `windowsFrom`: a cache
 * folder whose saved entries may know a session's window (the status line saves the one Claude
 * Code reports); only that number is taken from them.
 */
export class ContextMemory {
  private readonly files = new Map<string, SavedContext>();
  bytesRead = 0;

  constructor(private readonly windowsFrom: string | null = null) {}

  readonly read: ContextReader = (path) => {
    const r = readContextResumed(path, this.files.get(path) ?? null);
    if (!r) {
      this.files.delete(path);
      return null;
    }
    this.bytesRead += r.bytesRead;
    if (this.windowsFrom) r.saved.window = loadContextEntry(cacheFile(this.windowsFrom, path))?.window ?? r.saved.window;
    this.files.set(path, r.saved);
    return r.saved;
  };

  clear(): void {
    this.files.clear();
  }
}

export interface ContextOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Newest sessions to read; 0 for all. */
  limit?: number;
}

export const DEFAULT_LIMIT = 10;

export function workspaceContexts(opts: ContextOptions, read: ContextReader): SessionContext[] {
  const env = opts.env ?? process.env;
  const limit = opts.limit ?? DEFAULT_LIMIT;
  const files = listSessions(projectTranscriptDir(opts.cwd, env), sessionTranscriptOf(env)).reverse();
  const out: SessionContext[] = [];
  for (const f of limit > 0 ? files.slice(0, limit) : files) {
    const saved = read(f.path);
    if (!saved) continue;
    out.push({ ...contextSummary(saved.state, saved.window), file: f.path, updatedAt: new Date(f.mtimeMs).toISOString() });
  }
  return out;
}
