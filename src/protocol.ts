// The messages between the extension host and its webviews. Both sides validate every message
// with these schemas at run time: a webview is a separate page, and what crosses is untrusted.
import { z } from 'zod';
import { sessionContextViewSchema } from './protocolContext';

/** The two pages that load the webview bundle, named by the page's `<body data-view>`. */
export type ViewName = 'dashboard' | 'sidebar';

const position = { file: z.string(), line: z.number() };

export const runSchema = z.object({
  command: z.string(),
  time: z.string().nullable(),
  exit: z.number().nullable(),
  ...position,
  endLine: z.number().nullable(),
  outcome: z.enum(['passed', 'failed', 'pending', 'running']),
  cwd: z.string().nullable().default(null),
});

export const itemSchema = z.object({
  id: z.string(),
  list: z.string(),
  owner: z.enum(['claude', 'human', 'later']),
  state: z.enum(['proved', 'failed', 'pending', 'unrun', 'handed-over', 'closed', 'open']),
  proof: z.string(),
  text: z.string(),
  planLine: z.number(),
  detail: z.string(),
  run: runSchema.nullable(),
  closedBy: z.object({ source: z.string(), time: z.string().nullable(), ...position }).nullable(),
  handover: z.object({ why: z.string(), time: z.string().nullable(), line: z.number() }).nullable(),
});

export const stageSchema = z.object({
  name: z.enum(['plan', 'approve', 'build', 'check', 'commit', 'push', 'close']),
  state: z.enum(['done', 'under way', 'waiting', 'skipped']),
  detail: z.string(),
});

/** One re-run of a proof by the verifier, beside the item's state in the session's own evidence. */
export const rerunViewSchema = z.object({
  id: z.string(),
  proof: z.string(),
  outcome: z.enum(['pass', 'fail', 'timeout', 'error']),
  exit: z.number().nullable(),
  signal: z.string().nullable(),
  durationMs: z.number(),
  outputBytes: z.number(),
  outputTruncated: z.boolean(),
  at: z.string(),
  clean: z.boolean(),
  timeoutMs: z.number(),
  error: z.string().nullable(),
  session: itemSchema.shape.state,
  reopened: z.boolean(),
});

export const verifierSchema = z.object({
  results: z.array(rerunViewSchema),
  clean: z.array(rerunViewSchema),
  disagreements: z.array(z.string()),
  reopened: z.array(z.string()),
});

export const tallySchema = z.object({
  goal: z.object({
    title: z.string().nullable(),
    planPath: z.string().nullable(),
    frozenBy: z.enum(['approval', 'adopt', 'given']).nullable(),
    frozenAt: z.string().nullable(),
  }),
  verdict: z.enum(['done', 'not-done']),
  headline: z.object({ done: z.number(), total: z.number() }),
  open: z.number(),
  stages: z.array(stageSchema),
  items: z.array(itemSchema),
  added: z.array(z.object({ id: z.string(), list: z.string(), line: z.number() })),
  ledger: z.array(
    z.object({
      ids: z.array(z.string()),
      reason: z.enum(['counted', 'subagent', 'sidechain', 'different command', 'before the goal', 'other folder', 'pending notice', 'still running', 'superseded']),
      source: z.enum(['main', 'subagent']),
      run: runSchema,
    }),
  ),
  findings: z.array(z.object({ id: z.string().nullable(), rule: z.string(), line: z.number(), message: z.string() })),
  unreadableLines: z.number(),
  unreadableFiles: z.array(z.object({ file: z.string(), code: z.string() })),
  sessions: z.number(),
  /** The verifier's latest re-runs; null when none were saved. */
  verifier: verifierSchema.nullish(),
});

/** One gate's health as `proofmeter doctor` reports it. */
export const gateHealthSchema = z.object({
  gate: z.string(),
  armed: z.boolean(),
  detail: z.string(),
  lastFired: z.string().nullable(),
  /** The status line: shown with the gates, not counted as one (doctor's verdict does not). */
  statusLine: z.boolean().default(false),
});

/** Integrity ("seal") findings; a later issue fills these, the dashboard shows the section now. */
export const sealFindingSchema = z.object({
  id: z.string(),
  severity: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  /** How the person accepted it ("your words, 2026-…"), or null while it is not accepted. */
  accepted: z.string().nullable().default(null),
});

export const viewStateSchema = z.object({
  /** null when the workspace has no goal yet. */
  tally: tallySchema.nullable(),
  /** A meter fault to show instead of (or beside) the tally: one line, never a stack. */
  fault: z.string().nullable(),
  gates: z.array(gateHealthSchema),
  seal: z.array(sealFindingSchema),
  /** A seal exists (.claude/proofmeter/seal.json): without one the seal was not checked at all. */
  sealed: z.boolean(),
  trusted: z.boolean(),
  updatedAt: z.string(),
  /** The context meter: the newest sessions' sizes and compactions (protocolContext.ts). */
  context: z.array(sessionContextViewSchema).optional(),
});

export const hostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: viewStateSchema }),
  z.object({ type: z.literal('reveal'), itemId: z.string() }),
]);

export const webviewMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('openTranscript'), file: z.string(), line: z.number().int().positive() }),
  z.object({ type: z.literal('openPlan'), line: z.number().int().positive() }),
  // The way out of Restricted Mode, and the goal file a fault is about: both work untrusted too.
  z.object({ type: z.literal('manageTrust') }),
  z.object({ type: z.literal('openGoalFile') }),
  // The person accepts an integrity finding; the host asks them to confirm first (trusted workspaces only).
  z.object({ type: z.literal('acceptFinding'), id: z.string().regex(/^F-[0-9a-z]{7}$/) }),
  z.object({
    type: z.literal('runCommand'),
    command: z.enum([
      'proofmeter.verify',
      'proofmeter.adoptPlan',
      'proofmeter.setGoal',
      'proofmeter.installHooks',
      'proofmeter.uninstallHooks',
      'proofmeter.doctor',
      'proofmeter.showTally',
      'proofmeter.start',
    ]),
  }),
]);

export type ViewState = z.infer<typeof viewStateSchema>;
export type HostMessage = z.infer<typeof hostMessageSchema>;
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;
export type TallyView = z.infer<typeof tallySchema>;
export type ItemView = z.infer<typeof itemSchema>;
