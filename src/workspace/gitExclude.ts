// "Only me" means only me: `install --local` keeps every file it writes out of git through the
// repository's own `.git/info/exclude`, which is never committed or pushed, and says which lines it
// added. Uninstall takes out exactly those lines. Git finds the file (`rev-parse --git-path`), so a
// worktree's or a submodule's exclude is the right one. A folder outside git needs nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { writeFileAtomic } from './atomicWrite';

const BEGIN = '# proofmeter install --local: kept out of git on this machine only';
const END = '# end proofmeter install --local';

/** Workspace-relative and anchored, so a folder of the same name deeper down is not caught. */
export const LOCAL_EXCLUDES = ['/.claude/settings.local.json', `/${METER_STATE_DIR}/`] as const;

export interface ExcludeResult {
  /** The exclude file, or null outside a git repository. */
  file: string | null;
  /** The lines added now; empty when they were already there. */
  added: string[];
}

function excludeFile(workspace: string): string | null {
  try {
    const out = execFileSync('git', ['rev-parse', '--git-path', 'info/exclude'], { cwd: workspace, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    if (!out) return null;
    return isAbsolute(out) ? out : join(workspace, out);
  } catch {
    return null;
  }
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw e;
  }
}

/** The exclude text with install's block taken out, and whether it was there. */
export function withoutBlock(text: string): { text: string; had: boolean } {
  const lines = text.split('\n');
  const from = lines.indexOf(BEGIN);
  const to = from < 0 ? -1 : lines.indexOf(END, from);
  if (from < 0 || to < 0) return { text, had: false };
  return { text: [...lines.slice(0, from), ...lines.slice(to + 1)].join('\n'), had: true };
}

/** Adds install's block to the exclude text; lines git already ignores through the block stay as they are. */
export function withBlock(text: string): { text: string; added: string[] } {
  if (withoutBlock(text).had) return { text, added: [] };
  const block = [BEGIN, ...LOCAL_EXCLUDES, END].join('\n');
  const sep = text === '' || text.endsWith('\n') ? '' : '\n';
  return { text: `${text}${sep}${block}\n`, added: [...LOCAL_EXCLUDES] };
}

export function keepOutOfGit(workspace: string): ExcludeResult {
  const file = excludeFile(workspace);
  if (!file) return { file: null, added: [] };
  const next = withBlock(readOrEmpty(file));
  if (next.added.length) writeFileAtomic(file, next.text);
  return { file, added: next.added };
}

/** true when install's block was there and is gone. */
export function stopKeepingOutOfGit(workspace: string): boolean {
  const file = excludeFile(workspace);
  if (!file) return false;
  const next = withoutBlock(readOrEmpty(file));
  if (next.had) writeFileAtomic(file, next.text);
  return next.had;
}
