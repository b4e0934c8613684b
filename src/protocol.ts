// The messages between the extension host and its webviews. Both sides validate every message
// with these schemas at run time: a webview is a separate page, and what crosses is untrusted.
import { z } from 'zod';
import { acceptanceSchema } from './core/findings/acceptance';
import { closureSchema } from './core/findings/closure';
import { findingSchema } from './core/findings/finding';
import { tallySchema } from './core/tally/tallySchema';
import { WEBVIEW_COMMANDS } from './extension/commandIds';
import { sessionContextViewSchema } from './protocolContext';

/** The two pages that load the webview bundle, named by the page's `<body data-view>`. */
export type ViewName = 'dashboard' | 'sidebar';

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
  severity: findingSchema.shape.severity,
  message: z.string(),
  /** How the person accepted it ("your words, 2026-…"), or null while it is not accepted. */
  accepted: z.string().nullable().default(null),
  /** It holds the verdict now (an open error, a goal to reseal here): the integrity banner shows it. */
  holds: z.boolean().optional(),
  /** The commands that answer it, the first the one to try (src/extension/remedies.ts). */
  remedies: z.array(z.object({ command: z.enum(WEBVIEW_COMMANDS), label: z.string() })).optional(),
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
  z.object({ type: z.literal('acceptFinding'), id: acceptanceSchema.shape.id }),
  // The person dismisses an integrity warning, recorded as accept records an error (trusted workspaces only, confirmed first).
  z.object({ type: z.literal('dismissFinding'), id: acceptanceSchema.shape.id }),
  // The person closes one of their own items; the host asks them to confirm first (trusted workspaces only).
  z.object({ type: z.literal('closeItem'), id: closureSchema.shape.id }),
  z.object({
    type: z.literal('runCommand'),
    command: z.enum(WEBVIEW_COMMANDS),
  }),
]);

export type ViewState = z.infer<typeof viewStateSchema>;
export type HostMessage = z.infer<typeof hostMessageSchema>;
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;
// The views' names for the engine's shapes (defined once, in core/tally/tallySchema.ts).
export type { ItemJson as ItemView, Tally as TallyView } from './core/tally/tallySchema';
// The tally's `protection` (core/install/protection.ts), for the dashboard's line on it.
export type { Protection as ProtectionView } from './core/install/protection';
// What a webview button may run (the allowlist of runCommand), for the webview's buttons.
export type { WebviewCommandId } from './extension/commandIds';
