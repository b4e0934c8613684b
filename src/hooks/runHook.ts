// Runs one hook call: parse the input, run the gate, answer. Around it, one health line per call
// and, on an internal fault, one incident file and the gate's documented fail-safe answer:
//
//   gate           on a fault it answers                       why
//   plan-gate      no decision: Claude Code asks the person    a broken gate must not trap plan mode;
//                  as usual; a message says the plan was       the list is still checked again before
//                  not checked                                  it is frozen at approval
//   plan-approved  nothing frozen; the agent and the person    no goal is better than a wrong one;
//                  are told to run `proofmeter adopt`          the tally then reads "no goal", not a pass
//   guard          the tool call proceeds; a message says it   a broken guard must not stop all work
//                  was not checked
//   stop, goal     the stop is BLOCKED, with the incident and  an agent can provoke a fault as easily as
//   frozen         `proofmeter doctor`                          damage a file; Claude Code's cap on
//                                                               consecutive blocks bounds what a real
//                                                               bug costs
//   stop, no goal  the stop goes through with a message       nothing is frozen, so nothing is let
//                  that the gate failed                        through that was held
//   prompt         no context; a message says the words or    the prompt itself always goes through
//                  /goal line were not read
//   session-start  no ledger; a message says so               the session starts as it would without it
//   config-change  the settings change is refused              the session keeps what it started with;
//                                                               a restart applies the change
//   receipts       nothing written                             the event goes unwitnessed; the tally says so
//
// Not a fault but the same rule: a goal missing (while the seal says one was frozen), corrupt or
// changed, a changed runner, guard or receipt script, or settings that disarm the gates block the
// stop with the seal's findings (sealGate.ts); a runner that cannot start at all is blocked by the
// Stop entry itself (core/install/nodeEntry.ts). The prompt, session-start and plan gates tell the
// person about such findings in a systemMessage.
//
// Telemetry I/O failures are swallowed (see ../workspace/health.ts): they never change an answer.
import { performance } from 'node:perf_hooks';
import type { HookName } from '../core/install/entries';
import { appendHealth, classifyFault, HookFault, writeIncident, type FaultClass } from '../workspace/health';
import { blockStop, jsonAnswer, type HookAnswer } from './answer';
import { defaultSealOf, frozenForFault, holding, withNotice } from './sealGate';
import { gateEnv, type HookContext } from './context';
import { hookInput, str, type HookInput } from './payload';

export type Handler = (input: HookInput, ctx: HookContext) => HookAnswer | Promise<HookAnswer>;

const HANDLERS: Record<HookName, () => Promise<Handler>> = {
  'plan-gate': async () => (await import('./planGate')).planGate,
  'plan-approved': async () => (await import('./planApproved')).planApproved,
  guard: async () => (await import('./guard')).guard,
  stop: async () => (await import('./stopGate')).stopGate,
  prompt: async () => (await import('./prompt')).promptSubmit,
  'session-start': async () => (await import('./sessionStart')).sessionStart,
  receipt: async () => (await import('./receipts')).bashReceipt,
  'answer-receipt': async () => (await import('./receipts')).answerReceipt,
  'config-change': async () => (await import('./configChange')).configChange,
};

export const HOOK_NAMES = Object.keys(HANDLERS) as HookName[];

/** Gates whose answer the person sees, where a tamper notice is added; the guard and receipts stay lean. */
const NOTICE_GATES: ReadonlySet<HookName> = new Set(['plan-gate', 'plan-approved', 'prompt', 'session-start']);

export function isHookName(s: unknown): s is HookName {
  return typeof s === 'string' && Object.prototype.hasOwnProperty.call(HANDLERS, s);
}

function failSafe(name: HookName, faultClass: FaultClass, reason: string, incident: string | null, frozen: boolean): HookAnswer {
  const where = incident ? ` Details: ${incident}` : '';
  const what = `${faultClass}: ${reason}`;
  switch (name) {
    case 'plan-gate':
      return jsonAnswer('fault', { systemMessage: `Proofmeter's plan gate failed (${what}); this plan was not checked.${where}` });
    case 'plan-approved':
      return jsonAnswer('fault', {
        systemMessage: `Proofmeter could not freeze the approved plan (${what}); nothing was frozen.${where}`,
        hookSpecificOutput: {
          hookEventName: 'PostToolUse',
          additionalContext: 'Proofmeter could not freeze the approved plan, so nothing is counted yet. Ask the person to run `proofmeter adopt PLAN.md` on the plan file.',
        },
      });
    case 'guard':
      return jsonAnswer('fault', { systemMessage: `Proofmeter's guard failed (${what}); this tool call was not checked.${where}` });
    case 'stop':
      if (frozen) {
        return blockStop(
          `Proofmeter's stop gate failed (${what}), and a goal is frozen, so the stop stays blocked: a fault in the meter never opens the gate.${where} Tell the person to run \`proofmeter doctor\`; Claude Code's own cap on consecutive blocks still applies.`,
          'fault-block',
        );
      }
      return jsonAnswer('fault', {
        systemMessage: `Proofmeter's stop gate failed (${what}); the stop was let through UNCHECKED. This is not a pass: run \`proofmeter tally\`.${where}`,
      });
    case 'prompt':
      return jsonAnswer('fault', { systemMessage: `Proofmeter could not read this prompt's /goal line or item ids (${what}).${where}` });
    case 'session-start':
      return jsonAnswer('fault', { systemMessage: `Proofmeter could not build the progress ledger (${what}).${where}` });
    case 'config-change':
      // Refused: a broken gate must not let a change through that could disarm it; the session
      // only keeps the settings it started with, and a restart applies the change.
      return jsonAnswer('fault', {
        decision: 'block',
        reason: `Proofmeter's settings gate failed (${what}); the change was refused and the session keeps its settings. Restart Claude Code to apply it.${where}`,
        systemMessage: `Proofmeter's settings gate failed (${what}); this settings change was refused for the running session.${where}`,
      });
    case 'receipt':
    case 'answer-receipt':
      // Silent: a missing receipt only leaves the event unwitnessed, which the tally reports.
      return jsonAnswer('fault', {});
  }
}

export interface RunHookOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  now?: () => Date;
  /** Tests replace a gate's handler (for example to inject a fault). */
  handler?: Handler;
  /** performance.now() at the start of the call; 0 (the default) counts from process start. */
  since?: number;
}

function parseInput(raw: string): HookInput {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    // Never the parser's message: it quotes the input, which may be prompt text.
    throw new HookFault('bad-input', `stdin is not JSON (${Buffer.byteLength(raw)} bytes)`);
  }
  const r = hookInput.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new HookFault('bad-input', `hook input has the wrong shape at ${issue?.path.join('.') || 'the top'} (${issue?.code ?? 'invalid'})`);
  }
  return r.data;
}

export async function runHook(name: HookName, raw: string, opts: RunHookOptions): Promise<HookAnswer> {
  const now = opts.now ?? (() => new Date());
  let input: HookInput | null = null;
  let workspace = opts.env.CLAUDE_PROJECT_DIR || opts.cwd;
  let answer: HookAnswer;
  try {
    input = parseInput(raw);
    workspace = opts.env.CLAUDE_PROJECT_DIR || str(input.cwd) || opts.cwd;
    const handler = opts.handler ?? (await HANDLERS[name]());
    answer = await handler(input, { workspace, env: gateEnv(opts.env, input), now });
  } catch (e) {
    const { faultClass, reason } = classifyFault(e);
    const incident = writeIncident(workspace, {
      time: now().toISOString(),
      event: name,
      session: str(input?.session_id),
      faultClass,
      reason,
      durationMs: Math.round(performance.now() - (opts.since ?? 0)),
      failSafe: name === 'stop' && frozenForFault(workspace, opts.env) ? 'stop blocked: a goal is frozen' : failSafeSummary[name],
    });
    answer = failSafe(name, faultClass, reason, incident, name === 'stop' && frozenForFault(workspace, opts.env));
  }
  if (NOTICE_GATES.has(name) && answer.outcome !== 'fault') {
    try {
      answer = withNotice(answer, holding(defaultSealOf(workspace, opts.env)));
    } catch {
      // the notice only adds words; the gate's own answer stands
    }
  }
  appendHealth(workspace, {
    time: now().toISOString(),
    event: name,
    session: str(input?.session_id),
    durationMs: Math.round(performance.now() - (opts.since ?? 0)),
    outcome: answer.outcome,
    inputBytes: Buffer.byteLength(raw),
    outputBytes: Buffer.byteLength(answer.stdout) + Buffer.byteLength(answer.stderr),
  });
  return answer;
}

const failSafeSummary: Record<HookName, string> = {
  'plan-gate': 'no decision; Claude Code asks the person as usual',
  'plan-approved': 'nothing frozen; adopt the plan by hand',
  guard: 'tool call not checked',
  stop: 'stop let through unchecked (no goal frozen), with a message',
  prompt: 'prompt passed without context',
  'session-start': 'no ledger injected',
  receipt: 'no receipt written; the run goes unwitnessed',
  'answer-receipt': 'no receipt written; the answer goes unwitnessed',
  'config-change': 'settings change refused for the running session',
};
