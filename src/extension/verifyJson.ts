// `proofmeter verify --json` as the extension reads it: the CLI's output is external JSON to the
// extension host (another process, possibly another build via proofmeter.cliPath), so it is read
// through zod. Typed against the CLI's own VerifyJson, so a change of shape on either side fails tsc.
import { z } from 'zod';
import type { VerifyJson } from '../cli/commands/verify';
import { rerunJsonSchema } from '../core/evidence/rerun';
import { sandboxKindSchema } from '../workspace/verifyState';

export const verifyJsonSchema: z.ZodType<VerifyJson> = z.object({
  results: z.array(rerunJsonSchema.omit({ reopened: true, by: true }).extend({ sandbox: sandboxKindSchema, tampered: z.boolean(), tail: z.array(z.string()) })),
  disagreements: z.array(z.string()),
  verdict: z.enum(['done', 'not-done']),
  where: z.enum(['work tree', 'clean checkout of HEAD']),
  env: z.enum(['goal', 'runner']),
  notRun: z.array(z.string()),
  sandbox: z.object({ kind: sandboxKindSchema, why: z.string().nullable() }).nullable(),
});

/**
 * The parsed output, or why it is not verify's JSON (a crash, an older CLI): where the shape
 * differs, by path and zod's words, never the output itself.
 */
export function readVerifyJson(stdout: string): { ok: true; json: VerifyJson } | { ok: false; why: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    return { ok: false, why: `not JSON (${Buffer.byteLength(stdout)} bytes)` };
  }
  const r = verifyJsonSchema.safeParse(raw);
  if (r.success) return { ok: true, json: r.data };
  const first = r.error.issues[0];
  return { ok: false, why: `not verify's JSON: ${first ? `${first.path.join('.')}: ${first.message}` : 'unknown shape'}` };
}
