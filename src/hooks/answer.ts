// What a hook hands back to Claude Code: an exit code and the JSON output fields. Every answer the
// meter gives exits 0 with JSON on stdout; exit 2 is never used, because Claude Code reads exit 2
// as "block" and a crash must not be mistaken for a verdict.

export interface HookAnswer {
  code: number;
  stdout: string;
  stderr: string;
  /** One word for health.jsonl: allow, block, deny, pass, context, frozen, ... */
  outcome: string;
}

export function silent(outcome: string): HookAnswer {
  return { code: 0, stdout: '', stderr: '', outcome };
}

export function jsonAnswer(outcome: string, body: Record<string, unknown>): HookAnswer {
  return { code: 0, stdout: JSON.stringify(body), stderr: '', outcome };
}

/** PreToolUse: refuse the tool call. `deny`, never `ask`: the VS Code panel turns `ask` into allow. */
export function denyTool(reason: string, outcome = 'deny'): HookAnswer {
  return jsonAnswer(outcome, {
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason },
  });
}

/** Stop: keep the turn going; the reason is what the agent reads next. */
export function blockStop(reason: string, outcome = 'block'): HookAnswer {
  return jsonAnswer(outcome, { decision: 'block', reason });
}

export type ContextEvent = 'SessionStart' | 'UserPromptSubmit' | 'PostToolUse';

export function addContext(event: ContextEvent, text: string, outcome: string, systemMessage?: string): HookAnswer {
  const body: Record<string, unknown> = { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
  if (systemMessage) body.systemMessage = systemMessage;
  return jsonAnswer(outcome, body);
}

/** A message for the person only; the answer otherwise lets things proceed. */
export function notice(message: string, outcome: string): HookAnswer {
  return jsonAnswer(outcome, { systemMessage: message });
}
