// The settings a session started with, as the ConfigChange gate compares them: taken by the
// session-start gate when Claude Code starts or resumes a session (it has just read the files), in
// .claude/proofmeter/settings-view/<session>.json. Digests only (configRule.ts), never values.
// A compaction or /clear keeps the process, and so the settings it holds: the first view stands.
import { createHash } from './lazyCrypto';
import { readdirSync, readFileSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { settingsView, settingsViewSchema, type SettingsView } from '../core/install/configRule';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { settingsFiles } from './settingsFiles';

const VIEW_DIR = join(STATE_DIR, 'settings-view');
/** Views of older sessions are only kept so a resumed one still finds its own; a few suffice. */
const KEEP = 32;

const recordSchema = z.object({
  version: z.literal(1),
  session: z.string(),
  at: z.string(),
  /** Keyed by the path as Claude Code names it, and by its resolved path when that differs. */
  files: z.record(z.string(), settingsViewSchema),
});

export type SessionSettingsView = z.infer<typeof recordSchema>;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

function safeSession(session: string): string | null {
  return /^[A-Za-z0-9_-]{1,128}$/.test(session) ? session : null;
}

function viewPath(workspace: string, session: string): string {
  return join(workspace, VIEW_DIR, `${session}.json`);
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The resolved path, or the path itself when it cannot be resolved (a file not there yet). */
export function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The view of one settings file as it is on disk now. */
export function viewOfFile(path: string): SettingsView {
  return settingsView(readText(path), sha256);
}

export function takeSessionView(workspace: string, session: string, env: NodeJS.ProcessEnv, now: Date): SessionSettingsView | null {
  const id = safeSession(session);
  if (!id) return null;
  const files: Record<string, SettingsView> = {};
  for (const f of settingsFiles(workspace, env)) {
    const v = viewOfFile(f.path);
    files[f.path] = v;
    files[realOr(f.path)] = v;
  }
  const record: SessionSettingsView = { version: 1, session: id, at: now.toISOString(), files };
  writeFileAtomic(viewPath(workspace, id), JSON.stringify(record) + '\n');
  prune(workspace);
  return record;
}

export function readSessionView(workspace: string, session: string): SessionSettingsView | null {
  const id = safeSession(session);
  if (!id) return null;
  const text = readText(viewPath(workspace, id));
  if (text === null) return null;
  try {
    const r = recordSchema.safeParse(JSON.parse(text));
    return r.success && r.data.session === id ? r.data : null;
  } catch {
    return null;
  }
}

/** The file's view at session start, by the path Claude Code gave or its resolved path. */
export function startingViewOf(record: SessionSettingsView, path: string): SettingsView | null {
  return record.files[path] ?? record.files[realOr(path)] ?? null;
}

function prune(workspace: string): void {
  const dir = join(workspace, VIEW_DIR);
  try {
    const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    if (names.length <= KEEP) return;
    const aged = names.map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs })).sort((a, b) => b.t - a.t);
    for (const { n } of aged.slice(KEEP)) unlinkSync(join(dir, n));
  } catch {
    // pruning is housekeeping: a view left behind costs a few hundred bytes
  }
}
