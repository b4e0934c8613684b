// The status line's optional context segment, off by default: `proofmeter statusline --context`,
// or PROOFMETER_STATUSLINE_CONTEXT=1 in the environment (settings.json "env" keeps it on across a
// re-install, which rewrites the statusLine command). Claude Code's stdin carries context_window
// with the current request's usage: that count is shown as it is. Without it the segment shows this
// meter's calibrated estimate, marked `~`. Compactions come from the session's transcript.
import { z } from 'zod';
import { contextSegment, type SegmentInput } from '../../core/context/format';
import { contextSummary, percentOf, type ContextSummary } from '../../core/context/contextView';
import { readContextCached } from '../../workspace/contextRead';
import { contextCacheDir } from '../../workspace/contextSessions';
import { listSessions, projectTranscriptDir, SESSION_TRANSCRIPT_ENV, sessionTranscriptOf } from '../../workspace/transcriptFiles';

const tokens = z.number().finite().nonnegative();

const payload = z
  .object({
    transcript_path: z.string().nullish(),
    context_window: z
      .object({
        context_window_size: tokens.nullish(),
        used_percentage: tokens.nullish(),
        current_usage: z
          .object({ input_tokens: tokens.nullish(), cache_creation_input_tokens: tokens.nullish(), cache_read_input_tokens: tokens.nullish() })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

/**
 * The session's transcript: the one Claude Code names on stdin when it lies where Claude Code keeps
 * sessions (the hooks' rule), else the workspace's newest.
 */
function transcriptOf(given: string | null | undefined, cwd: string, env: NodeJS.ProcessEnv): string | null {
  const named = given ? sessionTranscriptOf({ ...env, [SESSION_TRANSCRIPT_ENV]: given }) : null;
  if (named) return named;
  const files = listSessions(projectTranscriptDir(cwd, env));
  return files.length ? files[files.length - 1]!.path : null;
}

/** The segment's text, or null when there is nothing to show (no usage on stdin and no transcript). */
export function statuslineContext(raw: unknown, cwd: string, env: NodeJS.ProcessEnv): string | null {
  const p = payload.safeParse(raw);
  const data = p.success ? p.data : {};
  const cw = data.context_window ?? null;
  const window = cw?.context_window_size || null;
  const file = transcriptOf(data.transcript_path, cwd, env);
  let summary: ContextSummary | null = null;
  if (file) {
    const saved = readContextCached(file, contextCacheDir(cwd), window);
    if (saved) summary = contextSummary(saved.state, saved.window);
  }
  const u = cw?.current_usage;
  let input: SegmentInput | null = null;
  if (u) {
    const n = (u.input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0) + (u.cache_read_input_tokens ?? 0);
    input = { tokens: n, estimated: false, window, percent: cw?.used_percentage ?? (window ? percentOf(n, window) : null), compactions: null };
  } else if (summary) {
    const n = summary.calibrated ?? summary.estimate;
    const win = window ?? summary.window;
    input = { tokens: n, estimated: true, window: win, percent: win ? percentOf(n, win) : null, compactions: null };
  }
  if (!input) return null;
  input.compactions = summary ? summary.compactionCount : null;
  return contextSegment(input);
}
