// Claude Code runs the statusLine command after each message with a JSON object on stdin.
import { z } from 'zod';
import { statusLine } from '../../core/tally/format';
import { tallyWorkspaceAsync } from '../../workspace/workspaceTally';
import type { CommandResult, Io } from '../io';
import { contextWanted } from './statuslineContextFlag';

const input = z
  .object({
    cwd: z.string().optional(),
    workspace: z.object({ current_dir: z.string().optional(), project_dir: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

/** How stale the status line's commit/push stages may be; the stop gate always asks git afresh. */
const GIT_MAX_AGE_MS = 5000;

export async function run(args: string[], io: Io): Promise<CommandResult> {
  const raw = await io.readStdin();
  let parsed: z.infer<typeof input> = {};
  try {
    const r = input.safeParse(raw.trim() ? JSON.parse(raw) : {});
    if (r.success) parsed = r.data;
  } catch {
    // a status line must always print something; an unreadable payload falls back to the cwd
  }
  const cwd = parsed.workspace?.project_dir || io.env.CLAUDE_PROJECT_DIR || parsed.cwd || io.cwd;
  let line: string;
  try {
    const tally = await tallyWorkspaceAsync({ cwd, env: io.env }, GIT_MAX_AGE_MS);
    line = tally.goal.frozenBy ? statusLine(tally) : 'proofmeter: no goal (proofmeter adopt PLAN.md)';
  } catch (e) {
    line = `proofmeter: ${(e as Error).message.split('\n')[0]}`;
  }
  io.out(await withContext(line, args, parsed, cwd, io.env));
  return { code: 0 };
}

/**
 * The optional context segment after the line; a failure to read it costs the segment only. Its
 * code (the context scan and its record schemas) loads only when the segment is on: most status
 * lines run without it, and each start pays for the modules it loads.
 */
async function withContext(line: string, args: string[], parsed: unknown, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  if (!contextWanted(args, env)) return line;
  try {
    const { statuslineContext } = await import('./statuslineContext');
    const segment = statuslineContext(parsed, cwd, env);
    return segment ? `${line} · ${segment}` : line;
  } catch {
    return line;
  }
}
