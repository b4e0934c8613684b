// Where Claude Code keeps a workspace's transcripts: ~/.claude/projects/<slug>/<session>.jsonl, with
// subagents in <session>/subagents/agent-*.jsonl. The slug is the folder path with every character
// other than a letter or digit replaced by '-'.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

export function projectSlug(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
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

/** Main-session transcripts of a project folder, oldest first. */
export function listSessions(dir: string): SessionFile[] {
  if (!existsSync(dir)) return [];
  const out: SessionFile[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.jsonl')) continue;
    const path = join(dir, name);
    try {
      const st = statSync(path);
      if (st.isFile()) out.push({ path, mtimeMs: st.mtimeMs, size: st.size });
    } catch {
      // vanished between readdir and stat: nothing to read
    }
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
