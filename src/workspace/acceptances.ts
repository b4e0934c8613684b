// The findings the person accepted: an `error` finding keeps the verdict NOT DONE until they do.
// Written by the prompt hook for the person's typed "accept F-…" (a genuine hook of a top-level
// session, hooks/personDecisions.ts) and by `proofmeter accept` (the dashboard's Accept button runs
// it) with the time and where it came from. The meter's own state: the guard refuses the agent's
// writes, but a script that builds the path from pieces can still write it, so an entry counts
// only with its witness (core/findings/acceptanceWitness.ts): the prompt's receipt, or the receipt
// `proofmeter accept` appends beside the seal's outside copy.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { acceptanceSchema, type Acceptance } from '../core/findings/acceptance';
import { dashboardReceiptSchema, witnessAcceptances, type DashboardReceipt, type WitnessedAcceptances } from '../core/findings/acceptanceWitness';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import type { PromptReceipt, Receipt } from '../core/evidence/receipt';
import { readReceipts } from './receiptStore';
import { outsideSealDir, realWorkspace } from './sealRecord/paths';

export const ACCEPTANCES_REL = join(STATE_DIR, 'acceptances.json');
const FILE = ACCEPTANCES_REL;
/**
 * The entries of a person's list file (`{version: 1, <key>: [...]}`: acceptances.json,
 * closures.json); one of the wrong shape is skipped, never the whole file.
 */
export function parseListFile<T>(text: string, key: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T[] {
  try {
    const r = z.object({ version: z.literal(1), [key]: z.array(z.unknown()) }).safeParse(JSON.parse(text));
    if (!r.success) return [];
    return (r.data[key] as unknown[]).flatMap((a) => {
      const one = schema.safeParse(a);
      return one.success ? [one.data] : [];
    });
  } catch {
    return [];
  }
}

/** The entries of an acceptances.json text. */
export function parseAcceptances(text: string): Acceptance[] {
  return parseListFile(text, 'accepted', acceptanceSchema);
}

/** Every well-formed acceptance in the workspace's file. */
export function readAcceptances(workspace: string): Acceptance[] {
  try {
    return parseAcceptances(readFileSync(join(workspace, FILE), 'utf8'));
  } catch {
    return [];
  }
}

const sameDecision = (x: Acceptance, a: Acceptance) => x.id === a.id && x.source === a.source && x.session === a.session && x.promptId === a.promptId && (a.source === 'words' || x.at === a.at);

/**
 * Adds an acceptance; the same decision again (the same prompt's words, or the same dashboard
 * record) keeps the first. Another entry for the same id is kept beside it: an entry someone else
 * wrote first must not stand in for the person's own.
 */
export function recordAcceptance(workspace: string, a: Acceptance): 'recorded' | 'already' {
  const list = readAcceptances(workspace);
  if (list.some((x) => sameDecision(x, a))) return 'already';
  writeFileAtomic(join(workspace, FILE), JSON.stringify({ version: 1, accepted: [...list, a] }, null, 1) + '\n');
  return 'recorded';
}

/** The dashboard's receipts: beside the seal's outside copy, keyed by the workspace's real path. */
export function dashboardReceiptsPath(workspace: string, env: NodeJS.ProcessEnv): string {
  return join(outsideSealDir(realWorkspace(workspace), env), 'acceptances.jsonl');
}

/**
 * Every line of the person's receipts (accept's and close's share the file) that `schema` reads;
 * a damaged line, or one of another kind, witnesses nothing.
 */
export function readReceiptLines<T>(workspace: string, env: NodeJS.ProcessEnv, schema: z.ZodType<T>): T[] {
  let text: string;
  try {
    text = readFileSync(dashboardReceiptsPath(workspace, env), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((line) => {
    if (!line) return [];
    try {
      const r = schema.safeParse(JSON.parse(line));
      return r.success ? [r.data] : [];
    } catch {
      return [];
    }
  });
}

/** Appends one receipt line (short, with O_APPEND). Only the person's own commands call it. */
export function appendReceiptLine(workspace: string, env: NodeJS.ProcessEnv, r: unknown): void {
  const path = dashboardReceiptsPath(workspace, env);
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  appendFileSync(path, JSON.stringify(r) + '\n');
}

/** Every well-formed dashboard receipt. */
export function readDashboardReceipts(workspace: string, env: NodeJS.ProcessEnv): DashboardReceipt[] {
  return readReceiptLines(workspace, env, dashboardReceiptSchema);
}

/** Appends one dashboard receipt. Only `proofmeter accept` calls it, for the person. */
export function appendDashboardReceipt(workspace: string, env: NodeJS.ProcessEnv, r: DashboardReceipt): void {
  appendReceiptLine(workspace, env, r);
}

/** The acceptances that count, each held to its witness, and a finding for each that is not. */
export function witnessedAcceptances(workspace: string, env: NodeJS.ProcessEnv, countSdkPrompts: boolean, carried: ReadonlySet<string> = new Set()): WitnessedAcceptances {
  const list = readAcceptances(workspace);
  if (!list.length) return { accepted: [], findings: [], carried: 0 };
  const prompts = new Map<string, PromptReceipt[]>();
  return witnessAcceptances(list, {
    promptReceipts: (session) => {
      let rs = prompts.get(session);
      if (!rs) prompts.set(session, (rs = readReceipts(workspace, session).receipts.filter((r: Receipt): r is PromptReceipt => r.kind === 'prompt')));
      return rs;
    },
    dashboard: readDashboardReceipts(workspace, env),
    countSdkPrompts,
    carried,
  });
}
