// Receipts for a recorded session, made the way the installed hooks make them: each recorded
// Bash PostToolUse/PostToolUseFailure payload through the real sh script, each UserPromptSubmit
// and AskUserQuestion PostToolUse payload through the node hooks. Claude Code writes its payloads
// with JSON.stringify, so re-serialising a logged payload gives the bytes it wrote.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { Caller } from '../../../src/core/caller/classifyCaller';
import type { Receipt } from '../../../src/core/evidence/receipt';
import { RECEIPT_SCRIPT, RECEIPT_SCRIPT_REL } from '../../../src/core/install/receiptScript';
import { hookInput } from '../../../src/hooks/payload';
import { answerReceipt, recordPrompt } from '../../../src/hooks/receipts';
import { readReceipts } from '../../../src/workspace/receiptStore';

export type Payload = Record<string, unknown>;

// One line of a fixture's hooks.jsonl: when the hook ran and the payload Claude Code gave it.
const loggedLine = z.object({ ts: z.union([z.string(), z.number()]), payload: z.unknown() });

export interface LoggedCall {
  payload: Payload;
  time: Date;
}

/** hooks.jsonl of a fixture: recorded ones log ISO times, the lab's epoch seconds. */
export function loggedCalls(hooksJsonl: string): LoggedCall[] {
  return readFileSync(hooksJsonl, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => loggedLine.parse(JSON.parse(l)))
    .flatMap((e) => {
      const payload = z.record(z.unknown()).safeParse(e.payload);
      return payload.success ? [{ payload: payload.data, time: new Date(typeof e.ts === 'number' ? e.ts * 1000 : e.ts) }] : [];
    });
}

export function receiptWorkspace(): string {
  const ws = mkdtempSync(join(tmpdir(), 'pm-receipts-'));
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  writeFileSync(join(ws, RECEIPT_SCRIPT_REL), RECEIPT_SCRIPT, { mode: 0o755 });
  return ws;
}

const HOOK: Caller = { kind: 'hook', nested: false, claudePid: 1, why: 'recorded' };
const NESTED: Caller = { kind: 'nested-hook', nested: true, claudePid: 2, why: 'recorded, nested' };

/** Plays the calls into `ws` as the installed hooks would; returns the session's receipts. */
export function playHooks(ws: string, calls: LoggedCall[], opts: { nested?: boolean; env?: Record<string, string> } = {}): void {
  const caller = opts.nested ? NESTED : HOOK;
  for (const { payload, time } of calls) {
    const ev = payload.hook_event_name;
    if ((ev === 'PostToolUse' || ev === 'PostToolUseFailure') && payload.tool_name === 'Bash') {
      spawnSync('sh', [join(ws, RECEIPT_SCRIPT_REL)], { input: JSON.stringify(payload), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
      continue;
    }
    const ctx = { workspace: ws, env: opts.env ?? {}, now: () => time, callerOf: () => caller };
    if (ev === 'UserPromptSubmit') recordPrompt(hookInput.parse(payload), ctx);
    else if (ev === 'PostToolUse' && payload.tool_name === 'AskUserQuestion') answerReceipt(hookInput.parse(payload), ctx);
  }
}

export function receiptsOf(ws: string, session: string): Receipt[] {
  return readReceipts(ws, session).receipts;
}
