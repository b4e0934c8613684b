// The paths an agent must not change: the meter's state folder and the settings files that hold
// (or could switch off) its hook entries. Symlinked spellings are resolved, so a link into the
// state folder is the state folder.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { claudeConfigDir } from '../workspace/transcriptFiles';
import { STATE_DIR } from '../workspace/goalState';
import { relativeIfInside } from '../workspace/insidePath';
import { managedSettingsDir } from '../workspace/settingsFiles';
import { outsideStateDir } from '../workspace/sealRecord/paths';

export interface Protected {
  workspace: string;
  /** The state folder, in each spelling (as given, resolved). */
  stateDirs: string[];
  /** Settings files that can arm or disarm the meter's hooks. */
  settingsFiles: string[];
  /** The organisation's managed settings folder: no agent writes there. */
  managedDirs: string[];
  /** Claude Code's own records the meter reads: session transcripts and shell snapshots. */
  recordDirs: string[];
  /** The workspace's .claude folder: git commands that replace or remove files may not touch it. */
  claudeDirs: string[];
}

function spellings(p: string): string[] {
  const real = realish(p);
  return real === p ? [p] : [p, real];
}

/** The resolved path, or for a path that does not exist yet, its resolved folder plus its name. */
export function realish(p: string): string {
  try {
    if (existsSync(p)) return realpathSync(p);
    const parent = dirname(p);
    if (parent !== p && existsSync(parent)) return join(realpathSync(parent), basename(p));
  } catch {
    // unreadable: keep the spelling given
  }
  return p;
}

export function protectedPaths(workspace: string, env: NodeJS.ProcessEnv): Protected {
  const ws = resolve(workspace);
  const config = claudeConfigDir(env);
  const files = [join(ws, '.claude', 'settings.json'), join(ws, '.claude', 'settings.local.json'), join(config, 'settings.json'), join(config, 'settings.local.json')];
  return {
    workspace: ws,
    // The seal's outside copies (sealRecord/paths.ts) are the meter's state too.
    stateDirs: [...spellings(join(ws, STATE_DIR)), ...spellings(outsideStateDir(env))],
    settingsFiles: [...new Set(files.flatMap(spellings))],
    managedDirs: spellings(managedSettingsDir()),
    recordDirs: [...new Set([join(config, 'projects'), join(config, 'shell-snapshots')].flatMap(spellings))],
    claudeDirs: spellings(join(ws, '.claude')),
  };
}

export function isWithin(p: string, dir: string): boolean {
  return p === dir || p.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

export type PathKind = 'state' | 'settings' | 'managed' | 'records';

/**
 * What an absolute path is to the meter. `destroy` also matches folders that hold a protected
 * path (rm -rf .claude), for commands that remove or move whole trees.
 */
export function classifyPath(abs: string, prot: Protected, mode: 'write' | 'destroy'): PathKind | null {
  for (const p of new Set([abs, realish(abs)])) {
    if (prot.stateDirs.some((d) => isWithin(p, d))) return 'state';
    if (prot.settingsFiles.includes(p)) return 'settings';
    if (prot.managedDirs.some((d) => isWithin(p, d))) return 'managed';
    if (prot.recordDirs.some((d) => isWithin(p, d))) return 'records';
    if (mode === 'destroy') {
      if (prot.stateDirs.some((d) => isWithin(d, p))) return 'state';
      if (prot.settingsFiles.some((f) => isWithin(f, p))) return 'settings';
      if (prot.managedDirs.some((d) => isWithin(d, p))) return 'managed';
      if (prot.recordDirs.some((d) => isWithin(d, p))) return 'records';
    }
  }
  return null;
}

/**
 * The first protected path a folder holds, when the folder itself is none (`.` holds
 * `.claude/proofmeter`): a refusal names what is inside, not the folder, as the meter's.
 */
export function heldIn(abs: string, prot: Protected): string | null {
  if (classifyPath(abs, prot, 'write') !== null) return null;
  const inner = [...prot.stateDirs, ...prot.settingsFiles, ...prot.managedDirs, ...prot.recordDirs];
  for (const p of new Set([abs, realish(abs)])) {
    const hit = inner.find((d) => d !== p && isWithin(d, p));
    if (hit !== undefined) return shown(hit, prot);
  }
  return null;
}

/** Whether a path is the workspace's .claude folder, inside it, or a folder that holds it. */
export function touchesClaudeDir(abs: string, prot: Protected): boolean {
  return [abs, realish(abs)].some((p) => prot.claudeDirs.some((d) => isWithin(p, d) || isWithin(d, p)));
}

/** A path for messages: relative to the workspace when inside it. */
export function shown(abs: string, prot: Protected): string {
  return relativeIfInside(prot.workspace, abs);
}

/**
 * Text that names a protected path, for code we cannot take apart (inline scripts, unexpanded
 * variables): the workspace's state and settings, however its separators are spelled (`.claude//proofmeter`,
 * `.claude/./proofmeter`, which the file system reads as the same folder), and the seal's outside
 * copy under the user's state folder (sealRecord/paths.ts).
 */
export function mentionsProtected(text: string): boolean {
  return /\.claude\/+(?:\.\/+)*(?:proofmeter|settings(?:\.local)?\.json)|disableAllHooks|allowManagedHooksOnly|(?:state|XDG_STATE_HOME\W{0,8}|Application Support)\/+proofmeter\b/.test(text);
}

/**
 * Code that names the workspace's `.claude` folder itself as a quoted path, as code removing or
 * replacing it whole would (`shutil.rmtree('.claude')`, `system("rm -rf .claude")`,
 * `rmSync("./.claude/")`): the settings and the state go with it. A mention inside a sentence
 * (`"see the .claude folder"`) or of a folder below it (`'.claude/skills'`) is not such a name.
 */
export function namesClaudeFolder(text: string): boolean {
  return /['"`](?:[^'"`\n]*[ \t/])?\.claude\/*['"`]/.test(text);
}
