// Receipts: what Claude Code's own hooks saw as it happened, one JSON line each in
// .claude/proofmeter/receipts/<session>.jsonl. A Bash receipt comes from the sh script
// (install/receiptScript.ts), prompt, notice and answer receipts from the node hooks. Each holds
// ids, digests and exit facts only, never command text, output or prompt text.
import { z } from 'zod';
import { sha256Hex } from './sha256';

const id = z.string().min(1).max(200);

export const bashReceipt = z.object({
  v: z.literal(1),
  kind: z.literal('bash'),
  session: id,
  toolUseId: id,
  /** bashDigest of the folder after the call and the command. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  /** PostToolUse (the call ran to its end) or PostToolUseFailure (Claude Code calls it an error). */
  event: z.enum(['post', 'failure']),
  /** From PostToolUseFailure's `Exit code N`; null when it says none. */
  exit: z.number().int().nullable(),
  interrupted: z.boolean(),
  /** Claude Code read a non-zero exit as no error (returnCodeInterpretation): not a pass. */
  cond: z.boolean(),
  /** The background task id when the call went to the background. */
  task: id.nullable(),
  /** The call was a subagent's (the payload names an agent_id). */
  agent: z.boolean(),
  /** Seconds since the epoch. */
  t: z.number(),
});

export const promptReceipt = z.object({
  v: z.literal(1),
  kind: z.literal('prompt'),
  session: id,
  promptId: id.nullable(),
  /** wordsDigest of the prompt text. */
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  /** The item ids the prompt affirms (upper-cased); only these can be closed by it. */
  ids: z.array(z.string().max(40)).max(200),
  /** The prompt came from a launcher (claude -p, the SDK), not typed. */
  sdk: z.boolean(),
  /** The Claude Code that got it was started by another Claude Code: nobody's words. */
  nested: z.boolean(),
  /**
   * The finding ids the prompt accepts ("accept F-1a2b3c4"), as the prompt hook read them: the
   * witness of an acceptance typed in Claude Code. Absent in receipts written before it was kept.
   */
  accepts: z.array(z.string().regex(/^F-[0-9a-z]{7}$/)).max(50).default([]),
  time: z.string(),
});

export const noticeReceipt = z.object({
  v: z.literal(1),
  kind: z.literal('notice'),
  session: id,
  promptId: id.nullable(),
  taskId: id,
  toolUseId: id.nullable(),
  status: z.string().max(40),
  exit: z.number().int().nullable(),
  time: z.string(),
});

export const answerReceipt = z.object({
  v: z.literal(1),
  kind: z.literal('answer'),
  session: id,
  toolUseId: id,
  ids: z.array(z.string().max(40)).max(200),
  nested: z.boolean(),
  time: z.string(),
});

export const receiptSchema = z.discriminatedUnion('kind', [bashReceipt, promptReceipt, noticeReceipt, answerReceipt]);

export type Receipt = z.infer<typeof receiptSchema>;
export type BashReceipt = z.infer<typeof bashReceipt>;
export type PromptReceipt = z.infer<typeof promptReceipt>;
export type NoticeReceipt = z.infer<typeof noticeReceipt>;
export type AnswerReceipt = z.infer<typeof answerReceipt>;

/** A string's body as JSON.stringify escapes it: what Claude Code writes into the hook payload. */
export function jsonBody(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/**
 * The digest a Bash receipt holds: the folder the shell ended in and the command, each escaped
 * as in the payload, joined by a newline (which neither can hold unescaped).
 */
export function bashDigest(cwd: string, command: string): string {
  return sha256Hex(`${jsonBody(cwd)}\n${jsonBody(command)}`);
}

/** The digest of prompt text, the same in the prompt hook and in the transcript scan. */
export function wordsDigest(text: string): string {
  return sha256Hex(text);
}

/** A session id as a file name: the characters Claude Code uses, nothing that walks folders. */
export function receiptFileName(session: string): string | null {
  return /^[0-9A-Za-z-]{1,128}$/.test(session) ? `${session}.jsonl` : null;
}
