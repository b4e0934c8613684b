// The person's acceptance of a finding: its id, when, and how they said it (typed words in the
// session, or the dashboard's button). Read back from .claude/proofmeter/acceptances.json, and
// counted only with its witness (acceptanceWitness.ts).
import { z } from 'zod';

export const acceptanceSchema = z.object({
  id: z.string().regex(/^F-[0-9a-z]{7}$/),
  at: z.string(),
  source: z.enum(['words', 'dashboard']),
  session: z.string().nullable().default(null),
  promptId: z.string().nullable().default(null),
});

export type Acceptance = z.infer<typeof acceptanceSchema>;

const ACCEPT_WORDS = /(?:^|[.!;\n]\s*)(?:please\s+|i\s+)?accept\s+(F-[0-9a-z]{7})\b/gim;

/** The finding ids the person's words accept: "accept F-1a2b3c4" opening a sentence ("don't accept …" accepts nothing). */
export function acceptedIds(text: string): string[] {
  return [...new Set([...text.matchAll(ACCEPT_WORDS)].map((m) => `F-${m[1]!.slice(2).toLowerCase()}`))];
}
