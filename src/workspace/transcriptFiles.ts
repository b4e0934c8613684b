// Where Claude Code keeps a workspace's transcripts: ~/.claude/projects/<slug>/<session>.jsonl, with
// subagents in <session>/subagents/agent-*.jsonl. The slug is the folder path with every character
// other than a letter or digit replaced by '-'; a slug longer than 200 characters is cut to 200 and
// followed by '-' and a hash of the path, so that long paths still get distinct folder names.
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

const MAX_SLUG = 200;

/**
 * Java's String.hashCode over UTF-16 code units, as a signed 32-bit number. Claude Code 2.1.332
 * hashes the path itself (not its slug) this way and writes Math.abs of it in base 36.
 */
export function pathHash(path: string): number {
  let h = 0;
  for (let i = 0; i < path.length; i++) h = (h * 31 + path.charCodeAt(i)) | 0;
  return h;
}

export function projectSlug(cwd: string): string {
  const slug = cwd.replace(/[^A-Za-z0-9]/g, '-');
  if (slug.length <= MAX_SLUG) return slug;
  return `${slug.slice(0, MAX_SLUG)}-${Math.abs(pathHash(cwd)).toString(36)}`;
}

export function claudeConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), '.claude');
}

export function projectTranscriptDir(cwd: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(claudeConfigDir(env), 'projects', projectSlug(cwd));
}

export interface SessionFile {
  path: string;
  mtimeMs: number;
  size: number;
}

/**
 * The hook runner sets this to the payload's transcript_path: the file Claude Code itself says it
 * writes the session to. It is read as one more main transcript, so the session still counts when
 * Claude Code's folder name for the workspace is not the one projectSlug derives.
 */
export const SESSION_TRANSCRIPT_ENV = 'PROOFMETER_SESSION_TRANSCRIPT';

/**
 * The hook's session file from the environment, when it names one where Claude Code keeps
 * sessions (<config>/projects/<folder>/<session>.jsonl): a path elsewhere is no session file.
 */
export function sessionTranscriptOf(env: NodeJS.ProcessEnv): string | null {
  const given = env[SESSION_TRANSCRIPT_ENV];
  if (!given || !isAbsolute(given) || !given.endsWith('.jsonl')) return null;
  const p = resolve(given);
  return sameFolder(dirname(dirname(p)), join(claudeConfigDir(env), 'projects')) ? p : null;
}

function fileAt(path: string): SessionFile | null {
  try {
    const st = statSync(path);
    return st.isFile() ? { path, mtimeMs: st.mtimeMs, size: st.size } : null;
  } catch {
    return null; // vanished between readdir and stat, or not written yet: nothing to read
  }
}

function sameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/**
 * Main-session transcripts of a project folder, oldest first, plus `session` (a hook's
 * transcript_path) when it lies outside that folder.
 */
export function listSessions(dir: string, session: string | null = null): SessionFile[] {
  const out: SessionFile[] = [];
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.jsonl')) continue;
      const f = fileAt(join(dir, name));
      if (f) out.push(f);
    }
  }
  if (session && !(existsSync(dir) && sameFolder(dirname(session), dir))) {
    const f = fileAt(session);
    if (f) out.push(f);
  }
  return out.sort((a, b) => a.mtimeMs - b.mtimeMs);
}

/** Subagent transcripts that belong to a main transcript; they are read only to explain, never to count. */
export function subagentFiles(mainTranscript: string): string[] {
  const dir = join(dirname(mainTranscript), basename(mainTranscript, '.jsonl'), 'subagents');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .map((n) => join(dir, n));
}
