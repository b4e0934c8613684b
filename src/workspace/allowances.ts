// A guard refusal the person lifts for one action. The guard records each refusal with the digest
// of the exact action (denials.json); the prompt hook, seeing the person type "allow G-…", copies
// that digest into allowances.json; the guard lets the action with that digest through once and
// marks the allowance used. The id only names the refusal: what is allowed is the digest, so an
// id cannot be carried over to another action. Both files are the meter's own state (the guard
// refuses the agent's writes to them), read back through zod and written atomically.
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './atomicWrite';
import { STATE_DIR } from './goalState';
import { readJsonFile } from './readJsonFile';

const DENIALS = join(STATE_DIR, 'denials.json');
const ALLOWANCES = join(STATE_DIR, 'allowances.json');
/** Enough for the refusals a person may still be reading about; older ones can be refused again. */
const KEEP = 64;

const denialSchema = z.object({ id: z.string(), digest: z.string(), tool: z.string(), at: z.string() });
const denialsSchema = z.object({ version: z.literal(1), denials: z.array(denialSchema) });
const allowanceSchema = z.object({
  id: z.string(),
  digest: z.string(),
  tool: z.string(),
  at: z.string(),
  source: z.enum(['words']),
  session: z.string().nullable(),
  promptId: z.string().nullable(),
  usedAt: z.string().nullable(),
});
const allowancesSchema = z.object({ version: z.literal(1), allowances: z.array(allowanceSchema) });

export type Denial = z.infer<typeof denialSchema>;
export type Allowance = z.infer<typeof allowanceSchema>;

export function readDenials(workspace: string): Denial[] {
  return readJsonFile(join(workspace, DENIALS), denialsSchema)?.denials ?? [];
}

export function recordDenial(workspace: string, d: Denial): void {
  const kept = readDenials(workspace).filter((x) => !(x.id === d.id && x.digest === d.digest));
  writeFileAtomic(join(workspace, DENIALS), JSON.stringify({ version: 1, denials: [...kept, d].slice(-KEEP) }) + '\n');
}

export function readAllowances(workspace: string): Allowance[] {
  return readJsonFile(join(workspace, ALLOWANCES), allowancesSchema)?.allowances ?? [];
}

function writeAllowances(workspace: string, list: Allowance[]): void {
  writeFileAtomic(join(workspace, ALLOWANCES), JSON.stringify({ version: 1, allowances: list.slice(-KEEP) }) + '\n');
}

export type AllowResult = { kind: 'allowed'; denial: Denial } | { kind: 'unknown' } | { kind: 'ambiguous' };

/**
 * Records the person's "allow ID" against the refusal it names. Two refusals under one id (two
 * actions whose digests start alike) allow neither: the person cannot have meant both.
 */
export function allowDenied(workspace: string, id: string, meta: { session: string | null; promptId: string | null; at: string }): AllowResult {
  const named = readDenials(workspace).filter((d) => d.id === id);
  const digests = new Set(named.map((d) => d.digest));
  if (digests.size === 0) return { kind: 'unknown' };
  if (digests.size > 1) return { kind: 'ambiguous' };
  const denial = named[named.length - 1]!;
  const list = readAllowances(workspace).filter((a) => !(a.digest === denial.digest && a.usedAt === null));
  list.push({ id, digest: denial.digest, tool: denial.tool, at: meta.at, source: 'words', session: meta.session, promptId: meta.promptId, usedAt: null });
  writeAllowances(workspace, list);
  return { kind: 'allowed', denial };
}

/** Uses up the allowance for this exact action, if the person gave one; true when it was there. */
export function consumeAllowance(workspace: string, digest: string, now: Date): boolean {
  const list = readAllowances(workspace);
  const k = list.findIndex((a) => a.digest === digest && a.usedAt === null);
  if (k < 0) return false;
  list[k] = { ...list[k]!, usedAt: now.toISOString() };
  writeAllowances(workspace, list);
  return true;
}
