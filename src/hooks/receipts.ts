// The node side of the receipts (the Bash one is normally the sh script, install/receiptScript.ts):
// - every prompt Claude Code hands UserPromptSubmit: its id, a digest of its text, the ids it
//   affirms, the findings it accepts, and whether it came from a launcher or a nested Claude Code;
// - every background task notice, which arrives there as a prompt: task id, status, exit code;
// - every question-box answer (PostToolUse AskUserQuestion): the ids it affirms;
// - a Bash call, for an entry that runs `proofmeter hook receipt` instead of the sh script.
// A receipt is written only for a genuine hook call: input piped in from the agent's own shell
// would otherwise witness words nobody typed. Writing one never changes a hook's answer.
import { affirmedIds } from '../core/evidence/affirmedIds';
import { acceptedIds } from '../core/findings/acceptance';
import { isHarnessText } from '../core/transcript/harnessText';
import { bashDigest, wordsDigest, type Receipt } from '../core/evidence/receipt';
import { parseNotice } from '../core/transcript/notice';
import { appendReceipt } from '../workspace/receiptStore';
import { silent, type HookAnswer } from './answer';
import { hookCaller } from './caller';
import type { HookContext } from './context';
import { str, type HookInput } from './payload';
import type { HookName } from '../core/install/entries';

/** The ids a text affirms ("S3 is not done" affirms nothing), as the transcript scan reads them. */
function affirmed(text: string): string[] {
  return affirmedIds(text);
}

type Who = 'hook' | 'nested' | 'not-a-hook';

function who(ctx: HookContext, hook: HookName): Who {
  const c = hookCaller(ctx, hook);
  return c.kind === 'hook' ? 'hook' : c.kind === 'nested-hook' ? 'nested' : 'not-a-hook';
}

function write(ctx: HookContext, receipt: Receipt): void {
  try {
    appendReceipt(ctx.workspace, receipt);
  } catch {
    // A receipt that cannot be written leaves its event unwitnessed: it can cost a count, never forge one.
  }
}

/** The receipt of a prompt or a task notice (called first thing by the prompt hook); never throws. */
export function recordPrompt(input: HookInput, ctx: HookContext): void {
  try {
    promptReceipt(input, ctx);
  } catch {
    // The prompt hook answers as it would without receipts; the words go unwitnessed.
  }
}

function promptReceipt(input: HookInput, ctx: HookContext): void {
  const session = str(input.session_id);
  const prompt = str(input.prompt);
  if (!session || prompt === null) return;
  const w = who(ctx, 'prompt');
  if (w === 'not-a-hook') return;
  const time = ctx.now().toISOString();
  const promptId = str(input.prompt_id);
  const n = parseNotice(prompt);
  if (n && /^\s*<task-notification>/.test(prompt)) {
    const toolUseId = /<tool-use-id>([^<]*)<\/tool-use-id>/.exec(prompt)?.[1]?.trim() || null;
    write(ctx, { v: 1, kind: 'notice', session, promptId, taskId: n.taskId, toolUseId, status: n.status, exit: n.exitCode, time });
    return;
  }
  const sdk = (ctx.env.CLAUDE_CODE_ENTRYPOINT ?? '').startsWith('sdk');
  // The findings it accepts, read as the prompt hook reads them (personDecisions.ts): never from a slash command or Claude Code's own text.
  const accepts = prompt.trimStart().startsWith('/') || isHarnessText(prompt) ? [] : acceptedIds(prompt);
  write(ctx, { v: 1, kind: 'prompt', session, promptId, digest: wordsDigest(prompt), ids: affirmed(prompt), sdk, nested: w === 'nested', accepts, time });
}

function answersText(v: unknown): string {
  if (!v || typeof v !== 'object') return '';
  const answers = (v as { answers?: unknown }).answers;
  if (!answers || typeof answers !== 'object') return '';
  return Object.values(answers)
    .map((a) => (typeof a === 'string' ? a : Array.isArray(a) ? a.filter((x) => typeof x === 'string').join('\n') : ''))
    .filter((a) => a !== '')
    .join('\n');
}

/** PostToolUse AskUserQuestion: the answers the person chose or typed, as ids. */
export function answerReceipt(input: HookInput, ctx: HookContext): HookAnswer {
  const session = str(input.session_id);
  const toolUseId = str((input as Record<string, unknown>).tool_use_id);
  if (!session || !toolUseId || input.tool_name !== 'AskUserQuestion') return silent('ignored');
  const w = who(ctx, 'answer-receipt');
  if (w === 'not-a-hook') return silent('not-a-hook');
  const text = answersText(input.tool_response) || answersText(input.tool_input);
  write(ctx, { v: 1, kind: 'answer', session, toolUseId, ids: affirmed(text), nested: w === 'nested', time: ctx.now().toISOString() });
  return silent('receipt');
}

/** The Bash receipt in node, the same line the sh script writes. */
export function bashReceipt(input: HookInput, ctx: HookContext): HookAnswer {
  const raw = input as Record<string, unknown>;
  const session = str(input.session_id);
  const toolUseId = str(raw.tool_use_id);
  const event = input.hook_event_name === 'PostToolUse' ? 'post' : input.hook_event_name === 'PostToolUseFailure' ? 'failure' : null;
  if (!session || !toolUseId || !event || input.tool_name !== 'Bash') return silent('ignored');
  if (who(ctx, 'receipt') === 'not-a-hook') return silent('not-a-hook');
  const response = (input.tool_response && typeof input.tool_response === 'object' ? input.tool_response : {}) as Record<string, unknown>;
  const exit = /^Exit code (\d+)/.exec(str(raw.error) ?? '');
  const task = str(response.backgroundTaskId);
  write(ctx, {
    v: 1,
    kind: 'bash',
    session,
    toolUseId,
    digest: bashDigest(str(input.cwd) ?? '', str(input.tool_input?.command) ?? ''),
    event,
    exit: exit ? Number(exit[1]) : null,
    interrupted: response.interrupted === true || raw.is_interrupt === true,
    cond: typeof response.returnCodeInterpretation === 'string',
    task: task && /^[0-9A-Za-z_-]+$/.test(task) ? task : null,
    agent: typeof raw.agent_id === 'string',
    t: Math.floor(ctx.now().getTime() / 1000),
  });
  return silent('receipt');
}
