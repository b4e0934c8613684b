// The hook input Claude Code writes on stdin, as far as the meter reads it. Unknown fields pass
// through: Claude Code adds fields in most releases.
import { z } from 'zod';

export const hookInput = z
  .object({
    session_id: z.string().nullish(),
    // The session's own transcript file, as Claude Code names it (see context.ts gateEnv).
    transcript_path: z.string().nullish(),
    cwd: z.string().nullish(),
    hook_event_name: z.string().nullish(),
    prompt_id: z.string().nullish(),
    permission_mode: z.string().nullish(),
    // PreToolUse / PostToolUse
    tool_name: z.string().nullish(),
    tool_input: z.record(z.unknown()).nullish(),
    tool_response: z.unknown().optional(),
    // Stop
    stop_hook_active: z.boolean().nullish(),
    // UserPromptSubmit
    prompt: z.string().nullish(),
    // SessionStart
    source: z.string().nullish(),
  })
  .passthrough();

export type HookInput = z.infer<typeof hookInput>;

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
