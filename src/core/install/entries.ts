// What the installer writes into .claude/settings*.json: one hook entry per gate and the status
// line, each a command that runs the runner copied into the workspace. The guard, the doctor and
// the uninstaller recognise the meter's entries by these commands alone.

import { METER_STATE_DIR } from '../meterStateDir';
import { GUARD_SCRIPT_REL } from './guardScript';
import { RECEIPT_SCRIPT_REL } from './receiptScript';
import { nodeWords, stopEntry, type HookNode } from './nodeEntry';
import { HOOK_SCRIPT_REL, NOT_ACTIVE_MESSAGE } from './hookScript';
import { portableStopEntry } from './portableEntry';

/** The runner, relative to the workspace. */
export const RUNNER_REL = `${METER_STATE_DIR}/proofmeter.js`;

export type HookName = 'plan-gate' | 'plan-approved' | 'guard' | 'stop' | 'prompt' | 'session-start' | 'receipt' | 'answer-receipt' | 'config-change';

export interface GateSpec {
  hook: HookName;
  /** Claude Code's hook event. */
  event: 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'Stop' | 'UserPromptSubmit' | 'SessionStart' | 'ConfigChange';
  matcher?: string;
  /** For people: what the entry does. */
  label: string;
  /** Claude Code's limit for the command, in seconds; unset leaves Claude Code's default. */
  timeout?: number;
}

/**
 * The stop gate re-runs every proof before it lets a session stop (src/hooks/stopRerun.ts), so its
 * entry asks for 10 minutes: five proofs at the verifier's default 120 s each. The gate keeps its
 * own budget below whatever timeout the entry has (a person may change it in the settings file).
 */
export const STOP_TIMEOUT_S = 600;

export const GUARDED_TOOLS = ['Bash', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit'] as const;

export const GATES: readonly GateSpec[] = [
  { hook: 'plan-gate', event: 'PreToolUse', matcher: 'ExitPlanMode', label: 'plan gate (check-plan before approval)' },
  { hook: 'plan-approved', event: 'PostToolUse', matcher: 'ExitPlanMode', label: 'plan approval (freezes the list)' },
  { hook: 'guard', event: 'PreToolUse', matcher: GUARDED_TOOLS.join('|'), label: "guard (the meter's state and hook entries)" },
  { hook: 'stop', event: 'Stop', label: 'stop gate', timeout: STOP_TIMEOUT_S },
  { hook: 'prompt', event: 'UserPromptSubmit', label: "person's words and /goal adoption" },
  { hook: 'session-start', event: 'SessionStart', label: 'session-start ledger' },
  // Receipts: what Claude Code saw, recorded as it happened (receiptScript.ts, hooks/receipts.ts).
  { hook: 'receipt', event: 'PostToolUse', matcher: 'Bash', label: 'Bash receipt (each call and how it ended)' },
  { hook: 'receipt', event: 'PostToolUseFailure', matcher: 'Bash', label: 'Bash receipt (each failed call)' },
  { hook: 'answer-receipt', event: 'PostToolUse', matcher: 'AskUserQuestion', label: 'answer receipt (question-box answers)' },
  // Claude Code reloads a settings file it sees change; this gate keeps the session on what it started with (hooks/configChange.ts).
  { hook: 'config-change', event: 'ConfigChange', label: "settings changes (refused for the running session when they touch hooks, env or disableAllHooks)" },
];

/** What install knows when it writes entries; without it (tests, old entries) they say `node` and check no digest. */
export interface EntryOptions {
  /** The absolute node recorded at install (nodeEntry.ts). */
  node?: HookNode | null;
  /** The runner install copied: the Stop entry refuses any other file. */
  runnerSha256?: string | null;
  /**
   * Settings a team shares: the entries start the runner through the launcher (hookScript.ts),
   * which finds node on whichever machine runs them, and a machine without the meter's files is
   * let through unless a goal is frozen there.
   */
  portable?: boolean;
}

const PROJECT = '"$CLAUDE_PROJECT_DIR"';

/** `run`, or when `rel` is missing (a teammate whose clone lacks the meter's files) `missing`. */
function whenPresent(rel: string, missing: string, run: string): string {
  return `[ -e ${PROJECT}/${rel} ] || ${missing}; ${run}`;
}

function portableCommand(hook: HookName, opts: EntryOptions): string {
  if (hook === 'guard') return whenPresent(GUARD_SCRIPT_REL, 'exit 0', `sh ${PROJECT}/${GUARD_SCRIPT_REL}`);
  if (hook === 'receipt') return whenPresent(RECEIPT_SCRIPT_REL, 'exit 0', `sh ${PROJECT}/${RECEIPT_SCRIPT_REL}`);
  const run = `sh ${PROJECT}/${HOOK_SCRIPT_REL} hook ${hook}`;
  if (hook === 'stop') return portableStopEntry(run, RUNNER_REL, opts.runnerSha256 ?? null);
  if (hook === 'session-start') return whenPresent(HOOK_SCRIPT_REL, `{ echo '{"systemMessage":"${NOT_ACTIVE_MESSAGE}"}'; exit 0; }`, run);
  return whenPresent(HOOK_SCRIPT_REL, 'exit 0', run);
}

export function gateCommand(hook: HookName, opts: EntryOptions = {}): string {
  if (opts.portable) return portableCommand(hook, opts);
  // The guard starts in a sh front that skips node for inputs naming none of the meter's files.
  if (hook === 'guard') return `sh "$CLAUDE_PROJECT_DIR"/${GUARD_SCRIPT_REL}`;
  // The Bash receipt runs after every shell call: sh and awk, never node.
  if (hook === 'receipt') return `sh "$CLAUDE_PROJECT_DIR"/${RECEIPT_SCRIPT_REL}`;
  const run = `${nodeWords(opts.node ?? null)} "$CLAUDE_PROJECT_DIR"/${RUNNER_REL} hook ${hook}`;
  return hook === 'stop' ? stopEntry(run, RUNNER_REL, opts.runnerSha256 ?? null) : run;
}

export function statuslineCommand(opts: EntryOptions = {}): string {
  if (opts.portable) return `sh ${PROJECT}/${HOOK_SCRIPT_REL} statusline`;
  return `${nodeWords(opts.node ?? null)} "$CLAUDE_PROJECT_DIR"/${RUNNER_REL} statusline`;
}

export const STATUSLINE_COMMAND = statuslineCommand();

export interface CommandHook {
  type: 'command';
  command: string;
  timeout?: number;
  /** `block`: a hook that fails (exits other than 0 or 2, times out, cannot start) blocks the call instead of letting it through (Claude Code 2.1.332 honours it on PreToolUse, test/realcli/SANDBOX-MEASURED.md). */
  onFailure?: 'block';
}

/** The guard fails closed: a broken guard blocks the tool call instead of waving it through. */
const FAILS_CLOSED: ReadonlySet<HookName> = new Set(['guard']);

export interface MatcherGroup {
  matcher?: string;
  hooks: CommandHook[];
}

export function gateGroup(g: GateSpec, opts: EntryOptions = {}): MatcherGroup {
  const hook: CommandHook = { type: 'command', command: gateCommand(g.hook, opts) };
  if (g.timeout !== undefined) hook.timeout = g.timeout;
  if (FAILS_CLOSED.has(g.hook)) hook.onFailure = 'block';
  const hooks: CommandHook[] = [hook];
  return g.matcher === undefined ? { hooks } : { matcher: g.matcher, hooks };
}

export const STATUSLINE_ENTRY = { type: 'command', command: STATUSLINE_COMMAND } as const;

const METER_COMMAND = /\.claude\/proofmeter\/((proofmeter\.js|hook\.sh)["']?\s+(hook\s+[a-z-]+|statusline)\b|(guard|receipt)\.sh["']?\s*$)/;

/** True for a command the installer writes (any spelling of the runner path). */
export function isMeterCommand(command: unknown): boolean {
  return typeof command === 'string' && METER_COMMAND.test(command);
}

/** The gate a command runs, when it is one of the meter's hook commands. */
export function meterHookOf(command: unknown): HookName | null {
  if (typeof command !== 'string') return null;
  if (/\.claude\/proofmeter\/guard\.sh["']?\s*$/.test(command)) return 'guard';
  if (/\.claude\/proofmeter\/receipt\.sh["']?\s*$/.test(command)) return 'receipt';
  const m = /\.claude\/proofmeter\/(?:proofmeter\.js|hook\.sh)["']?\s+hook\s+([a-z-]+)/.exec(command);
  const name = m?.[1];
  return GATES.some((g) => g.hook === name) ? (name as HookName) : null;
}
