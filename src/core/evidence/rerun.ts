// The verifier's re-runs against the session's evidence. A re-run can take a proof back, never
// give one: a re-run in the work tree that is newer than the item's deciding session run and did
// not pass reopens a proved item until a newer session run passes; a passing re-run changes
// nothing. Re-runs in a clean checkout of HEAD (--clean) check what is committed: they are
// reported beside the others and never change the count.
import { z } from 'zod';
import { findingId, findingSchema, type Finding } from '../findings/finding';
import type { ItemEvidence } from './evidence';
import { itemStateSchema, type ItemState } from './evidenceSchema';
import { changedOtherSchema } from './proofChangedOther';
import { testsRanSchema } from './testCount';

export const rerunOutcomeSchema = z.enum(['pass', 'fail', 'timeout', 'error']);
export type RerunOutcome = z.infer<typeof rerunOutcomeSchema>;

/** One re-run of one item's proof, as the verifier saved it: codes, sizes and times, never output. */
export const rerunSchema = z.object({
  id: z.string(),
  /** The proof command exactly as the frozen goal held it when it was re-run. */
  proof: z.string(),
  outcome: rerunOutcomeSchema,
  exit: z.number().int().nullable(),
  signal: z.string().nullable(),
  durationMs: z.number().nonnegative(),
  outputBytes: z.number().int().nonnegative(),
  outputTruncated: z.boolean(),
  /** ISO time the re-run started. */
  at: z.string(),
  /** Run in a temporary checkout of HEAD: reported, never counted. */
  clean: z.boolean(),
  /** The limit it ran under, for the words of a timeout. */
  timeoutMs: z.number().nonnegative(),
  /** Why it could not be run at all (outcome 'error'): a code such as ENOENT. */
  error: z.string().nullable(),
  /** Files other proofs depend on that this re-run changed (proofChangedOther.ts); then it does not pass. */
  changedOther: z.array(changedOtherSchema).optional(),
  /**
   * How many tests its runner's summary says ran (testCount.ts), null where none was recognised. A
   * pass that ran none, or fewer than the session's deciding run, does not pass (countShort).
   */
  tests: testsRanSchema.nullish(),
});
export type Rerun = z.infer<typeof rerunSchema>;

/** What one run of a proof came to, apart from which proof it was and where it ran. */
export type RerunResult = Pick<Rerun, 'outcome' | 'exit' | 'signal' | 'durationMs' | 'outputBytes' | 'outputTruncated' | 'at' | 'error'>;

/** Only the result's own fields, for a record built from a larger one (a run with its output). */
export function rerunResult(r: RerunResult): RerunResult {
  return {
    outcome: r.outcome,
    exit: r.exit,
    signal: r.signal,
    durationMs: r.durationMs,
    outputBytes: r.outputBytes,
    outputTruncated: r.outputTruncated,
    at: r.at,
    error: r.error,
  };
}

/** Who re-ran a proof: the person's `proofmeter verify`, or the stop gate before a done stop. */
export const rerunBySchema = z.enum(['verify', 'stop']);

export const rerunJsonSchema = rerunSchema.extend({
  /** The item's state from the session's own evidence, before any re-run is applied. */
  session: itemStateSchema,
  /** True when this re-run took the session's proof back. */
  reopened: z.boolean(),
  /** Who ran it: `proofmeter verify` or the stop gate; null for a re-run not saved by either. */
  by: rerunBySchema.nullable().default(null),
});
export type RerunJson = z.infer<typeof rerunJsonSchema>;

export const verifierJsonSchema = z.object({
  /** The latest re-run in the work tree per item of the goal. */
  results: z.array(rerunJsonSchema),
  /** The latest re-run in a clean checkout of HEAD per item. */
  clean: z.array(rerunJsonSchema),
  /** Ids where the session proved the item and a re-run did not pass, or the session failed it and a re-run passed. */
  disagreements: z.array(z.string()),
  /** Ids the re-runs took back. */
  reopened: z.array(z.string()),
  findings: z.array(findingSchema),
});
export type VerifierJson = z.infer<typeof verifierJsonSchema>;

function commandOf(e: ItemEvidence): string | null {
  return e.item.owner === 'claude' && e.item.proof?.kind === 'command' ? e.item.proof.command : null;
}

/** The re-run that applies to this item: same id, same proof, the newest. */
function rerunFor<R extends Rerun>(e: ItemEvidence, reruns: readonly R[], clean: boolean): R | null {
  const cmd = commandOf(e);
  if (cmd === null) return null;
  let best: R | null = null;
  for (const r of reruns) {
    if (r.clean !== clean || r.id !== e.item.id || r.proof !== cmd) continue;
    if (!best || later(r.at, best.at)) best = r;
  }
  return best;
}

/** a after b; a time that cannot be read counts as later, so doubt takes a proof back. */
function later(a: string, b: string | null): boolean {
  if (b === null) return true;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isNaN(ta) || Number.isNaN(tb) || ta > tb;
}

/** True when the re-run is newer than the run that decided the item in the session. */
export function newerThanSession(r: Rerun, e: ItemEvidence): boolean {
  return later(r.at, e.deciding?.run.at.time ?? null);
}

function shortTime(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z');
}

/** How a re-run ended, in a few words: "exit 1", "timed out after 120 s", ... */
export function rerunEnd(r: Pick<Rerun, 'outcome' | 'exit' | 'signal' | 'timeoutMs' | 'error'>): string {
  switch (r.outcome) {
    case 'pass':
      return 'exit 0';
    case 'timeout':
      return `timed out after ${Math.round(r.timeoutMs / 1000)} s`;
    case 'error':
      return `could not run: ${r.error ?? 'unknown error'}`;
    case 'fail':
      return r.exit !== null ? `exit ${r.exit}` : `killed by ${r.signal ?? 'a signal'}`;
  }
}

/** The item's detail once a re-run took it back: "failed on re-run (exit 1, 2025-01-02T03:04:05Z)". */
export function rerunDetail(r: Rerun): string {
  return `failed on re-run (${rerunEnd(r)}, ${shortTime(r.at)})`;
}

/**
 * Why a re-run that exited 0 still does not pass on its test count (testCount.ts): it ran none;
 * it ran fewer than the session's deciding run of the proof; or it printed no count where that
 * run printed one (a reporter switched to one that prints none hides a narrowing too).
 */
export interface CountShort {
  kind: 'none' | 'fewer' | 'uncounted';
  ran: number | null;
  /** What the session's deciding run of the proof ran, when its output showed a count. */
  session: number | null;
}

/** The count rule, for a re-run and what the session's deciding run ran (null: no count there). */
export function countShort(r: Pick<Rerun, 'outcome' | 'tests'>, sessionRan: number | null): CountShort | null {
  if (r.outcome !== 'pass') return null;
  const ran = r.tests?.ran ?? null;
  if (ran === 0) return { kind: 'none', ran, session: sessionRan };
  if (sessionRan === null) return null;
  if (ran === null) return sessionRan > 0 ? { kind: 'uncounted', ran, session: sessionRan } : null;
  return ran < sessionRan ? { kind: 'fewer', ran, session: sessionRan } : null;
}

/** What the session's deciding run of the item's proof ran, as its output showed; null when it showed no count. */
export function sessionRan(e: ItemEvidence): number | null {
  return e.deciding?.run.tests?.ran ?? null;
}

/** "the re-run ran 0 tests (the session's run ran 12)". */
export function countWords(c: CountShort): string {
  const tests = (n: number) => `${n} test${n === 1 ? '' : 's'}`;
  const what = c.ran === null ? 'the re-run printed no test count' : `the re-run ran ${tests(c.ran)}`;
  return c.session === null ? what : `${what} (the session's run ran ${c.session})`;
}

/** The finding kind of a count that falls short. */
function countKind(c: CountShort): 'no-tests-ran' | 'tests-fewer-on-rerun' {
  return c.kind === 'none' ? 'no-tests-ran' : 'tests-fewer-on-rerun';
}

/** A re-run that passes: exit 0 and its count does not fall short of the session's run. */
export function rerunPasses(r: Pick<Rerun, 'outcome' | 'tests'>, ran: number | null): boolean {
  return r.outcome === 'pass' && countShort(r, ran) === null;
}

/** The item's detail once a re-run took it back on its count: "failed on re-run (exit 0, but the re-run ran 0 tests ..., time)". */
function takenBackDetail(r: Rerun, short: CountShort | null): string {
  return short ? `failed on re-run (exit 0, but ${countWords(short)}, ${shortTime(r.at)})` : rerunDetail(r);
}

/** The take-back rule: proved items whose newer work-tree re-run did not pass (its exit, or its count) read failed. */
export function applyReruns(items: readonly ItemEvidence[], reruns: readonly Rerun[]): ItemEvidence[] {
  return items.map((e) => {
    if (e.state !== 'proved') return e;
    const r = rerunFor(e, reruns, false);
    if (!r || rerunPasses(r, sessionRan(e)) || !newerThanSession(r, e)) return e;
    return { ...e, state: 'failed', detail: takenBackDetail(r, countShort(r, sessionRan(e))) };
  });
}

/** The session and the re-run say different things about the item. */
export function disagrees(session: ItemState, outcome: RerunOutcome): boolean {
  return (session === 'proved' && outcome !== 'pass') || (session === 'failed' && outcome === 'pass');
}

/** What the verifier shows beside the tally: each item's latest re-runs against the session's own states. */
export function verifierView(session: readonly ItemEvidence[], reruns: readonly (Rerun & { by?: z.infer<typeof rerunBySchema> })[]): VerifierJson {
  const results: RerunJson[] = [];
  const clean: RerunJson[] = [];
  const findings: Finding[] = [];
  const disagreements = new Set<string>();
  const reopened: string[] = [];
  for (const e of session) {
    for (const isClean of [false, true]) {
      const r = rerunFor(e, reruns, isClean);
      if (!r) continue;
      const short = countShort(r, sessionRan(e));
      const took = !isClean && e.state === 'proved' && !rerunPasses(r, sessionRan(e)) && newerThanSession(r, e);
      // The re-run's own fields only: a saved one also carries its tree key and environment, which are the cache's.
      (isClean ? clean : results).push({ ...rerunSchema.parse(r), session: e.state, reopened: took, by: r.by ?? null });
      if (disagrees(e.state, short ? 'fail' : r.outcome)) disagreements.add(e.item.id);
      if (took && short) {
        reopened.push(e.item.id);
        const kind = countKind(short);
        findings.push({
          id: findingId(kind, `${e.item.id}\0${r.proof}\0${r.at}`),
          kind,
          severity: 'error',
          message: `${e.item.id}: the session proved it, and its proof exited 0 on re-run, but ${countWords(short)}.`,
          action: 'Put back what the proof runs (the tests it selects, its runner and configuration), then run the proof again in the session; it counts once a re-run runs as many tests as the session\'s run.',
          file: null,
          line: null,
          evidence: null,
        });
      } else if (took) {
        reopened.push(e.item.id);
        findings.push({
          id: findingId('failed-on-rerun', `${e.item.id}\0${r.proof}\0${r.at}`),
          kind: 'failed-on-rerun',
          severity: 'error',
          message: `${e.item.id}: the session proved it, and its proof ${rerunDetail(r)}.`,
          action: 'Fix what the proof checks, then run the proof again in the session; it counts once a newer run passes.',
          file: null,
          line: null,
          evidence: null,
        });
      }
    }
  }
  return { results, clean, disagreements: [...disagreements], reopened, findings };
}
