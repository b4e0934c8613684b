// Shared set-up for the hook tests: real payloads from test/fixtures/hooks, throwaway workspaces,
// and runHook called the way the runner calls it.
import { AssertionError } from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { HookName } from '../../../src/core/install/entries';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { runHook, type Handler } from '../../../src/hooks/runHook';
import type { HookAnswer } from '../../../src/hooks/answer';
import { z } from 'zod';
import { writeGoal } from '../../../src/workspace/goalState';
import { takeSeal } from '../../../src/workspace/sealRecord/take';
import type { GoalState } from '../../../src/workspace/goalState';
import { healthRecordSchema, incidentsDir, type HealthRecord, type Incident } from '../../../src/workspace/health';
import { projectSlug } from '../../../src/workspace/transcriptFiles';
import { labTranscript } from '../helpers/fixtures';
import { copyOwn } from '../helpers/ownSession';

export const HOOK_FIXTURES = resolve(__dirname, '..', '..', 'fixtures', 'hooks');

// A recorded hook input: Claude Code always sends these four (src/hooks/payload.ts reads them as nullish,
// since a hand-made input may lack them), and a tool call its tool_input; the event's other fields pass through as unknown.
const recordedPayloadSchema = z
  .object({ session_id: z.string(), transcript_path: z.string(), cwd: z.string(), hook_event_name: z.string(), tool_input: z.record(z.unknown()).optional() })
  .passthrough();
export type Payload = z.infer<typeof recordedPayloadSchema>;

/** A recorded payload with some fields replaced. */
export function payload(name: string, over: Record<string, unknown> = {}): Payload {
  const p = recordedPayloadSchema.parse(JSON.parse(readFileSync(join(HOOK_FIXTURES, `${name}.json`), 'utf8')));
  return { ...p, ...over };
}

export interface Workspace {
  root: string;
  ws: string;
  home: string;
  env: NodeJS.ProcessEnv;
}

/** A workspace (not a git repository) with its own HOME, so its transcripts are its own. */
export function workspace(): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'pm-hooks-'));
  const ws = join(root, 'proj');
  const home = join(root, 'home');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: process.env.PATH, CLAUDE_PROJECT_DIR: ws };
  return { root, ws, home, env };
}

/** Copies a recorded lab transcript in as one of the workspace's sessions, recorded in it just now (see ownText). */
export function addSession(w: Workspace, lab: string, name = 'session.jsonl'): string {
  const dir = join(w.home, '.claude', 'projects', projectSlug(w.ws));
  mkdirSync(dir, { recursive: true });
  const dest = join(dir, name);
  copyOwn(labTranscript(lab), dest, w.ws);
  const now = new Date();
  utimesSync(dest, now, now);
  return dest;
}

export function writePlan(w: Workspace, text: string, name = 'PLAN.md'): string {
  const p = join(w.ws, name);
  writeFileSync(p, text);
  return p;
}

/**
 * What a hook prints on stdout, every field src/hooks/answer.ts and runHook's fault answers write.
 * Strict: a field the meter starts printing (or renames) fails the test that reads the answer.
 */
export const hookOutputSchema = z
  .object({
    decision: z.literal('block').optional(),
    reason: z.string().optional(),
    systemMessage: z.string().optional(),
    hookSpecificOutput: z
      .object({
        hookEventName: z.string(),
        permissionDecision: z.enum(['allow', 'deny']).optional(),
        permissionDecisionReason: z.string().optional(),
        additionalContext: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type HookOutput = z.infer<typeof hookOutputSchema>;

export interface Ran {
  answer: HookAnswer;
  /** The parsed stdout, null when the hook printed nothing. */
  json: HookOutput | null;
}

/** A hook answer's stdout parsed with hookOutputSchema, null when it printed nothing (for handlers called directly). */
export function answerJson(answer: Pick<HookAnswer, 'stdout'>): HookOutput | null {
  return answer.stdout ? hookOutputSchema.parse(JSON.parse(answer.stdout)) : null;
}

/** What the accessors below read: a Ran, or `{ json: answerJson(a) }`. */
export type Answered = Pick<Ran, 'json'>;

function present(r: Answered, what: string, value: string | undefined): string {
  if (value === undefined) throw new AssertionError({ message: `the hook's answer has no ${what}: ${JSON.stringify(r.json)}` });
  return value;
}

/** A Stop or ConfigChange block's reason (`decision: block`), failing the test when there is none. */
export function blockReason(r: Answered): string {
  return present(r, 'reason', r.json?.reason);
}

/** A PreToolUse denial's reason, failing the test when there is none. */
export function denyReason(r: Answered): string {
  return present(r, 'hookSpecificOutput.permissionDecisionReason', r.json?.hookSpecificOutput?.permissionDecisionReason);
}

/** The context a hook adds for the agent (SessionStart, UserPromptSubmit, PostToolUse). */
export function addedContext(r: Answered): string {
  return present(r, 'hookSpecificOutput.additionalContext', r.json?.hookSpecificOutput?.additionalContext);
}

/** The message a hook shows the person. */
export function systemMessage(r: Answered): string {
  return present(r, 'systemMessage', r.json?.systemMessage);
}

export async function gate(name: HookName, input: unknown, w: Workspace, opts: { env?: NodeJS.ProcessEnv; handler?: Handler; now?: Date; raw?: string } = {}): Promise<Ran> {
  const raw = opts.raw ?? JSON.stringify(input);
  const answer = await runHook(name, raw, {
    env: opts.env ?? w.env,
    cwd: w.ws,
    now: opts.now ? () => opts.now! : undefined,
    handler: opts.handler,
    since: performance.now(),
  });
  return { answer, json: answerJson(answer) };
}

/** The lines of health.jsonl as written (unparsed), none when there is no file. */
export function healthLines(w: Workspace): string[] {
  try {
    return readFileSync(join(w.ws, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** The records of health.jsonl, each parsed with the meter's own schema (a line of another shape fails the test). */
export function health(w: Workspace): HealthRecord[] {
  return healthLines(w).map((l) => healthRecordSchema.parse(JSON.parse(l)));
}

/** An incident file as src/workspace/health.ts writes it: exactly the fields of its Incident. */
export const incidentSchema: z.ZodType<Incident> = z
  .object({
    time: z.string(),
    event: z.string(),
    session: z.string().nullable(),
    faultClass: z.enum(['bad-input', 'bad-state', 'io', 'internal']),
    reason: z.string(),
    durationMs: z.number(),
    failSafe: z.string(),
  })
  .strict();

/** The workspace's incident files, by name, each parsed with incidentSchema; none when there are none. */
export function incidents(w: Workspace): Incident[] {
  let names: string[];
  try {
    names = readdirSync(incidentsDir(w.ws)).sort();
  } catch {
    return [];
  }
  return names.map((f) => incidentSchema.parse(JSON.parse(readFileSync(join(incidentsDir(w.ws), f), 'utf8'))));
}

/** The plan the lab's `main` recording can prove part of (see test/unit/tally/tally.test.ts). */
export const MAIN_PLAN = `# Ship it

## Steps
- **S1.** Greet. Proof: \`echo hello-from-bash; echo to-stderr >&2\`
- **S2.** Exit three. Proof: \`echo before-exit; echo err-before-exit >&2; exit 3\`
- **S3.** Ask. Proof: human — your answer names S3

## Checks
- **V1.** Background. Proof: \`sleep 2; echo done-bg\`
- **V2.** Unrun. Proof: \`npm test\`
`;

/**
 * Freezes a plan as the workspace's goal, as if adopted a minute ago, and seals it the way every
 * freeze does (freezeGoal.ts: goal.json written, then both copies of the seal taken), so a goal
 * here is never one without a seal (a finding since the seal exists).
 */
export function freeze(w: Workspace, planText: string, opts: { frozenBy?: GoalState['frozenBy']; at?: Date; sessionId?: string | null } = {}): void {
  const plan = parsePlan(planText);
  // The lab recordings prove their items with echo commands, which check-plan now refuses
  // (cannot-fail); such a goal stands for one frozen before that rule, which still counts them.
  const refusing = plan.findings.filter((f) => f.rule !== 'cannot-fail');
  if (refusing.length) throw new Error(`test plan has findings: ${refusing.map((f) => f.message).join('; ')}`);
  writePlan(w, planText);
  writeGoal(w.ws, {
    version: 1,
    planPath: 'PLAN.md',
    title: plan.title,
    frozenBy: opts.frozenBy ?? 'adopt',
    frozenAt: (opts.at ?? new Date(Date.now() - 60_000)).toISOString(),
    sessionId: opts.sessionId ?? null,
    countSdkPrompts: false,
    items: plan.items,
  });
  sealGoal(w, opts.frozenBy ?? 'adopt');
}

/** Seals goal.json as it now is, as a freeze does (for a test that writes the goal itself). */
export function sealGoal(w: Workspace, by: GoalState['frozenBy'] = 'adopt'): void {
  takeSeal(w.ws, { by, parts: ['goal', 'content'], env: w.env, now: new Date() });
}
