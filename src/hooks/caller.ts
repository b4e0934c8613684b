// Who runs a hook call: a genuine hook of this workspace's Claude Code, a nested one, or the agent
// feeding the runner a crafted payload from its own shell (see src/core/caller/classifyCaller.ts).
import type { HookName } from '../core/install/entries';
import { classifyCaller, type Caller } from '../workspace/processAncestry';
import type { HookAnswer } from './answer';
import type { HookContext } from './context';

export function hookCaller(ctx: HookContext, hook: HookName): Caller {
  return ctx.callerOf ? ctx.callerOf(hook) : classifyCaller(ctx.workspace, hook);
}

/**
 * The answer to a hook call that Claude Code did not make: one line and a non-zero exit, like any
 * refused command. Not 2: should the rule ever misjudge a real hook, exit 2 would block the person.
 */
export function notAHook(line: string): HookAnswer {
  return { code: 1, stdout: '', stderr: line, outcome: 'not-person' };
}
