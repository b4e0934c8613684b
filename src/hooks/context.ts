// What every hook handler is given besides its input.
import type { Caller } from '../core/caller/classifyCaller';
import type { HookName } from '../core/install/entries';
import { SESSION_TRANSCRIPT_ENV } from '../workspace/transcriptFiles';
import { str, type HookInput } from './payload';

export interface HookContext {
  /** The workspace root: $CLAUDE_PROJECT_DIR, else the payload's cwd. */
  workspace: string;
  env: NodeJS.ProcessEnv;
  now: () => Date;
  /** Who runs this call; tests replace it, else the process ancestry decides (hooks/caller.ts). */
  callerOf?: (hook: HookName) => Caller;
}

/**
 * The environment a gate runs with: the runner's, with the payload's transcript_path as the
 * session's own file (see ../workspace/transcriptFiles.ts). A value inherited from the shell is
 * dropped, so only Claude Code names the file.
 */
export function gateEnv(env: NodeJS.ProcessEnv, input: HookInput): NodeJS.ProcessEnv {
  const out = { ...env };
  delete out[SESSION_TRANSCRIPT_ENV];
  const path = str(input.transcript_path);
  if (path) out[SESSION_TRANSCRIPT_ENV] = path;
  return out;
}
