// Integrity findings: what the meter noticed that its evidence or its gates were tampered with or
// loosened. One list of kinds for the evidence checks (receipts, filters) and the seal, so every
// view names the same thing the same way. An `error` finding keeps the verdict NOT DONE until the
// person accepts it.
import { z } from 'zod';

export const FINDING_KINDS = [
  'meter-tampered',
  'hooks-disarmed',
  'transcript-tampered',
  'foreign-transcript',
  'checker-trivialized',
  'test-skipped',
  'test-focused',
  'test-deleted',
  'tests-removed',
  'failure-swallowed',
  'assertions-removed',
  'checker-changed',
  'gate-config-changed',
  'no-verify',
  'history-rewritten',
  'plan-changed',
  'failed-on-rerun',
  'acceptance-forged',
  'sealed-elsewhere',
  'runner-replaced',
  'runner-config-narrowed',
  'test-helper-changed',
  'push-remote-changed',
  'edit-hidden-from-git',
  'proof-changed-other',
  'no-tests-ran',
  'tests-fewer-on-rerun',
] as const;

export const findingKindSchema = z.enum(FINDING_KINDS);
export type FindingKind = z.infer<typeof findingKindSchema>;

export const findingSchema = z.object({
  /** Stable for the same fact, so the person can accept it by id ("accept F-1a2b3c"). */
  id: z.string(),
  kind: findingKindSchema,
  severity: z.enum(['error', 'warning', 'info']),
  /** One line: what happened. Sizes, ids and paths only, never command output or prompt text. */
  message: z.string(),
  /** One line: what to do. */
  action: z.string(),
  file: z.string().nullable().default(null),
  line: z.number().int().nullable().default(null),
  /** The transcript line of the record or command that shows it, when the session shows one. */
  evidence: z.string().nullable().default(null),
});

export type Finding = z.infer<typeof findingSchema>;

/** A short id that stays the same for the same kind and subject (FNV-1a, no crypto on this path). */
export function findingId(kind: FindingKind, subject: string): string {
  let h = 0x811c9dc5;
  const s = `${kind}\0${subject}`;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return 'F-' + h.toString(36).padStart(7, '0');
}

/** Findings that keep the verdict NOT DONE: errors the person has not accepted. */
export function blockingFindings(findings: readonly Finding[], accepted: ReadonlySet<string>): Finding[] {
  return findings.filter((f) => f.severity === 'error' && !accepted.has(f.id));
}
