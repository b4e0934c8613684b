// Done means re-verified. The session's evidence can say every item is proved; the verdict says
// ALL DONE only once the stop gate itself re-ran every one of Claude's proofs, saw each pass, and
// recorded that for the work tree as it is now (keyed by content, treeKey.ts). The record is the
// gate's: it lives where the agent's tools cannot write (the state folder, under the kernel's
// protection) with a second copy beside the seal's outside copy, and the two must agree. Anything
// else (no record, one copy, copies that differ, a record for other content or another goal) is
// "awaiting re-run": NOT DONE, never a pass. A failed re-run removes the record, so a take-back
// needs no file of its own that could be made unwritable.
import { z } from 'zod';

export const REVERIFIED_VERSION = 1;

/**
 * The key of a re-run made outside git, where there is no content key: such a record stands until
 * the goal changes, and the README says that staleness needs git.
 */
export const OUTSIDE_GIT_KEY = 'outside-git';

export const reverifiedRecordSchema = z
  .object({
    version: z.literal(REVERIFIED_VERSION),
    /** sha256 of goal.json as the gate read it: a record for another goal is no record. */
    goal: z.string(),
    /** The work tree's content when the re-runs started (treeKey.ts). */
    treeKey: z.string(),
    /** The content the re-runs left, when they changed it (bare re-runs that wrote build output). */
    treeKeyAfter: z.string().nullable(),
    /** ISO time the re-runs ended. */
    at: z.string(),
    /** Each proof re-run and passed, by id and exact text. */
    proofs: z.array(z.object({ id: z.string(), proof: z.string() })),
    /** Where they ran: in the sandbox (kernel) or bare. */
    sandbox: z.enum(['kernel', 'none']),
  })
  .strict();
export type ReverifiedRecord = z.infer<typeof reverifiedRecordSchema>;

/** One copy of the record as read from disk. */
export type RecordCopy = { state: 'absent' } | { state: 'bad'; why: string } | { state: 'ok'; record: ReverifiedRecord; text: string };

export const reverifySchema = z.object({
  /**
   * 'verified': the gate's re-run passed for this content; 'awaiting': the session's evidence says
   * done and no such re-run stands; 'not-required': work is open anyway, or nothing gates this
   * tally (transcripts evaluated as given).
   */
  state: z.enum(['verified', 'awaiting', 'not-required']),
  /** Why it is awaiting, in a few words; null otherwise. */
  why: z.string().nullable(),
  /** When the standing re-run ended. */
  at: z.string().nullable(),
});
export type Reverify = z.infer<typeof reverifySchema>;

export const NOT_REQUIRED: Reverify = { state: 'not-required', why: null, at: null };

export interface ReverifyFacts {
  inside: RecordCopy;
  outside: RecordCopy;
  /** sha256 of goal.json now. */
  goal: string;
  /** The work tree's content now; null when it could not be read (outside git, git failed). */
  treeKey: string | null;
  /** The proofs the gate must have re-run: Claude's command proofs. */
  proofs: ReadonlyArray<{ id: string; proof: string }>;
}

const awaiting = (why: string): Reverify => ({ state: 'awaiting', why, at: null });

/** Whether a standing re-run covers the goal and the work tree as they are now. */
export function judgeReverified(f: ReverifyFacts): Reverify {
  if (f.inside.state === 'absent' && f.outside.state === 'absent') return awaiting('no re-run by the stop gate yet');
  if (f.inside.state === 'bad') return awaiting(`the re-run record ${f.inside.why}`);
  if (f.outside.state === 'bad') return awaiting(`the re-run record's outside copy ${f.outside.why}`);
  if (f.inside.state === 'absent' || f.outside.state === 'absent') return awaiting(`the re-run record's ${f.inside.state === 'absent' ? 'workspace' : 'outside'} copy is missing`);
  if (f.inside.text !== f.outside.text) return awaiting('the two copies of the re-run record differ');
  const r = f.inside.record;
  if (r.goal !== f.goal) return awaiting('the re-run record is for another goal');
  if (f.treeKey === null && r.treeKey !== OUTSIDE_GIT_KEY) return awaiting("the work tree's content could not be read, so no re-run can stand for it");
  if (f.treeKey !== null && r.treeKey !== f.treeKey && r.treeKeyAfter !== f.treeKey) return awaiting(`the work tree changed after the re-run at ${r.at.replace(/\.\d+Z$/, 'Z')}`);
  const ran = new Set(r.proofs.map((p) => `${p.id}\0${p.proof}`));
  const missing = f.proofs.filter((p) => !ran.has(`${p.id}\0${p.proof}`));
  if (missing.length) return awaiting(`not re-run: ${missing.map((p) => p.id).join(', ')}`);
  return { state: 'verified', why: null, at: r.at };
}

/** Whether the tally's evidence says done but the re-run before done is still to come. */
export function isAwaitingRerun(t: { reverify?: Reverify | null }): boolean {
  return t.reverify?.state === 'awaiting';
}
