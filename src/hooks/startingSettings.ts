// The session-start gate's first step: the view of the settings the session has just read, which
// the ConfigChange gate compares every later change with. Taken on startup and resume (a new
// process reads the files); a /clear or a compaction keeps the process and its settings, so the
// view taken first stands, unless there is none yet. Only a genuine hook takes it: a payload piped
// in from the agent's shell would let a change the gate refused become the new starting point.
import { readSessionView, takeSessionView } from '../workspace/sessionSettingsView';
import { hookCaller } from './caller';
import type { HookContext } from './context';
import { str, type HookInput } from './payload';

export function recordStartingSettings(input: HookInput, ctx: HookContext): void {
  try {
    const session = str(input.session_id);
    if (!session) return;
    const source = str(input.source);
    const fresh = source === 'startup' || source === 'resume';
    if (!fresh && readSessionView(ctx.workspace, session)) return;
    const who = hookCaller(ctx, 'session-start').kind;
    if (who !== 'hook' && who !== 'nested-hook') return;
    takeSessionView(ctx.workspace, session, ctx.env, ctx.now());
  } catch {
    // No view: the ConfigChange gate then refuses every change that could disarm (fail closed).
  }
}
