// The block of Claude Code settings that makes the kernel the meter's boundary: Bash runs in
// Claude Code's own sandbox (bubblewrap on Linux, Seatbelt on macOS) with the meter's folders
// read-only to it, no Bash call may leave the sandbox, and the Write/Edit tools may not touch the
// meter's folders or any settings file. Measured key by key with Claude Code 2.1.332
// (test/realcli/sandbox.test.ts). Pure: the caller resolves the paths.
import { METER_STATE_DIR } from '../meterStateDir';
import type { Json, Settings } from './settingsMerge';

export interface SandboxPaths {
  /**
   * `project`: the block goes into the project's own settings, where a relative `denyWrite` and
   * `Edit(/…)` mean the project, and a folder under HOME is written `~/…` so the shared file holds
   * no one's home folder. `absolute`: a `--settings` file, where Claude Code anchors relative
   * strings elsewhere, so every path is written whole.
   */
  anchor: 'project' | 'absolute';
  /** The workspace's absolute path. */
  workspace: string;
  /** The seal's outside folder, absolute. */
  outsideDir: string;
  home: string;
  /**
   * Settings a team shares: no `failIfUnavailable`. With it, Claude Code 2.1.332 refused to start at
   * all on a teammate's machine without bubblewrap and socat ("Refusing to start without a working
   * sandbox"); without it, it starts with a warning that commands run unsandboxed, and the meter
   * reads `guard only` there. One person's own settings and the launcher keep it.
   */
  shared?: boolean;
}

/**
 * A folder as the block writes it in `denyWrite`: relative to the project, `~/…`, or `//abs`
 * (Claude Code's prefix for a path from the root; as a plain path it is the same folder).
 */
function spelled(abs: string, p: SandboxPaths, relative: string | null): string {
  if (p.anchor === 'project' && relative !== null) return relative;
  const home = p.home.replace(/\/+$/, '');
  if (p.anchor === 'project' && home && abs.startsWith(`${home}/`)) return `~/${abs.slice(home.length + 1)}`;
  return `/${abs}`;
}

/** `Edit(...)` rule for a folder written as `spelled` gives it; a relative one is anchored at the project with `/`. */
function editRule(dir: string): string {
  return dir.startsWith('/') || dir.startsWith('~/') ? `Edit(${dir}/**)` : `Edit(/${dir}/**)`;
}

/** The folders the agent's tools may not write, as the block writes them. */
export function deniedDirs(p: SandboxPaths): string[] {
  const ws = p.workspace.replace(/\/+$/, '');
  return [spelled(`${ws}/${METER_STATE_DIR}`, p, METER_STATE_DIR), spelled(p.outsideDir.replace(/\/+$/, ''), p, null)];
}

/** The settings the meter writes (or, for the launcher, the whole `--settings` file). */
export function sandboxBlock(p: SandboxPaths): Settings {
  const dirs = deniedDirs(p);
  return {
    sandbox: {
      enabled: true,
      // A session must not quietly run unsandboxed when bubblewrap cannot start (one person's settings).
      ...(p.shared ? {} : { failIfUnavailable: true }),
      // Without it, `dangerouslyDisableSandbox: true` ran unsandboxed with no prompt in bypass mode.
      allowUnsandboxedCommands: false,
      // Without it every sandboxed Bash call asks the person in default mode (2.1.332's default is false).
      autoAllowBashIfSandboxed: true,
      filesystem: { denyWrite: dirs },
    },
    permissions: {
      deny: dirs.map(editRule),
      // Refuses Write/Edit outside the working folders and on Claude Code's settings files inside
      // them: without it the Write tool switched the sandbox off through settings.local.json.
      blockWritesOutsideWorkingDirectories: true,
    },
  };
}

/** A dotted key of the block and the list items under it, flattened so merge and unmerge share one walk. */
export interface BlockLeaf {
  path: string[];
  /** A scalar value, or the items a list should hold. */
  value: Json;
  list: boolean;
}

export function blockLeaves(block: Settings, prefix: string[] = []): BlockLeaf[] {
  const out: BlockLeaf[] = [];
  for (const [k, v] of Object.entries(block)) {
    const path = [...prefix, k];
    if (Array.isArray(v)) out.push({ path, value: v, list: true });
    else if (v !== null && typeof v === 'object') out.push(...blockLeaves(v, path));
    else out.push({ path, value: v, list: false });
  }
  return out;
}
