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

/** The parsed output, or null for output that is not verify's JSON (a crash, an older CLI). */
export function parseVerifyJson(stdout: string): VerifyJson | null {
  try {
    const r = verifyJsonSchema.safeParse(JSON.parse(stdout));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
