// Evidence per item: which runs and words decide each item of the frozen list.
// A run counts only when it is the main session's own Bash call, made after the goal was frozen
// from the project root, and its whole command equals the proof after normCmd; only the newest
// such run decides, and only its own exit decides it.
import type { BashRun, PersonWords, PlanItem, Position, RunEnd, TaskNotice, TranscriptEvents } from '../types';
import { normCmd } from '../command/normCmd';
import { afterFreeze, inRoot, rootsOf } from './filters';
import { parseHandover } from './handover';
import { namesId } from './namesId';
import type { ItemState, LedgerReason } from './evidenceSchema';

/** A run after its background notice (if any) has been applied. */
export interface ResolvedRun {
  run: BashRun;
  end: RunEnd | { kind: 'running' };
  /** Where the deciding end was read: the tool_result, or the notice for a background run. */
  endAt: Position | null;
  exitCode: number | null;
}

export interface ItemEvidence {
  item: PlanItem;
  state: ItemState;
  /** The run that decides the item, when one does. */
  deciding: ResolvedRun | null;
  /** The words that closed the item, when words did. */
  closedBy: PersonWords | null;
  handover: { why: string; at: Position } | null;
  /** One short phrase for people: "exit code 1", "waiting for its completion notice", ... */
  detail: string;
}

export interface LedgerEntry {
  run: ResolvedRun;
  /** Ids whose proof this run matches exactly (or nearly, for "different command"). */
  ids: string[];
  reason: LedgerReason;
}

export interface EvidenceOptions {
  home: string | null;
  /** Prompts passed with -p by a launcher count as the person's words only when the goal says so. */
  countSdkPrompts: boolean;
  /** Runs, notices and words before this time (the freeze) count for nothing; absent or null when unknown. */
  since?: string | null;
  /**
   * The folders a run must start in to count (the workspace, however its path is spelled); absent
   * or null: each transcript's own first cwd, the folder its session was started in.
   */
  roots?: readonly string[] | null;
}

export interface Evidence {
  items: ItemEvidence[];
  ledger: LedgerEntry[];
  unreadable: number;
}

export function evaluateEvidence(items: PlanItem[], transcripts: TranscriptEvents[], opts: EvidenceOptions): Evidence {
  const since = opts.since ?? null;
  const rootsGiven = opts.roots ?? null;
  const notices = transcripts.flatMap((t) => t.notices).filter((n) => afterFreeze(n.at, since));
  const allRuns = transcripts.flatMap((t) => t.runs).map((r) => resolveRun(r, notices));
  const order = (a: ResolvedRun, b: ResolvedRun) => comparePositions(a.run.at, b.run.at);
  allRuns.sort(order);
  const roots = new Map(transcripts.map((t) => [t.file, rootsOf(t, rootsGiven)]));
  const filters: RunFilters = {
    inTime: (r) => afterFreeze(r.at, since),
    inRoot: (r) => inRoot(r, roots.get(r.at.file) ?? rootsGiven),
  };
  const counts = (r: ResolvedRun) => r.run.source === 'main' && !r.run.sidechain && filters.inTime(r.run) && filters.inRoot(r.run);
  const mainRuns = allRuns.filter(counts);
  const words = transcripts
    .flatMap((t) => t.words)
    .filter((w) => w.source !== 'sdk' || opts.countSdkPrompts)
    .filter((w) => afterFreeze(w.at, since))
    .sort((a, b) => comparePositions(a.at, b.at));

  const memo = new Map<string, string>();
  const norm = (c: string) => {
    let n = memo.get(c);
    if (n === undefined) memo.set(c, (n = normCmd(c, opts.home)));
    return n;
  };
  const normRuns = mainRuns.map((r) => ({ r, n: norm(r.run.command) }));
  // Newest first, so the first match for an id is its latest handover.
  const handovers = mainRuns
    .filter((r) => r.end.kind === 'passed')
    .map((r) => ({ r, h: parseHandover(r.run.command) }))
    .filter((x): x is { r: ResolvedRun; h: { id: string; why: string } } => x.h !== null)
    .reverse();

  const deciders = new Set<ResolvedRun>();
  const evidence = items.map((item): ItemEvidence => {
    const proof = item.proof;
    if (!proof) return blank(item, 'open', 'no usable proof');
    if (proof.kind !== 'command') {
      const closedBy = words.find((w) => namesId(w.ids, item.id)) ?? null;
      return { ...blank(item, closedBy ? 'closed' : 'open', closedBy ? `closed by your words (${closedBy.source})` : `waiting for ${proof.kind === 'human' ? 'you' : 'a later event'}`), closedBy };
    }
    const want = norm(proof.command);
    const matching = normRuns.filter((x) => x.n === want).map((x) => x.r);
    const newest = matching[matching.length - 1] ?? null;
    if (newest) deciders.add(newest);
    if (newest && newest.end.kind === 'passed') {
      return { ...blank(item, 'proved', 'proved by its own run'), deciding: newest };
    }
    const ho = handovers.find((x) => x.h.id.toLowerCase() === item.id.toLowerCase());
    if (ho) {
      const closedBy = words.find((w) => comparePositions(w.at, ho.r.run.at) > 0 && namesId(w.ids, item.id)) ?? null;
      return {
        item,
        state: closedBy ? 'closed' : 'handed-over',
        deciding: newest,
        closedBy,
        handover: { why: ho.h.why, at: ho.r.run.at },
        detail: closedBy ? 'closed by your words after the handover' : 'handed over: waiting for your words',
      };
    }
    if (!newest) return blank(item, 'unrun', 'its proof has not been run');
    if (newest.end.kind === 'failed') return { ...blank(item, 'failed', newest.end.reason), deciding: newest };
    const detail = newest.end.kind === 'pending' ? 'waiting for its completion notice' : 'still running';
    return { ...blank(item, 'pending', detail), deciding: newest };
  });

  return { items: evidence, ledger: buildLedger(allRuns, items, deciders, norm, filters), unreadable: transcripts.reduce((n, t) => n + t.unreadable, 0) };
}

function blank(item: PlanItem, state: ItemState, detail: string): ItemEvidence {
  return { item, state, deciding: null, closedBy: null, handover: null, detail };
}

export function resolveRun(run: BashRun, notices: TaskNotice[]): ResolvedRun {
  const end = run.end;
  if (!end) return { run, end: { kind: 'running' }, endAt: null, exitCode: null };
  if (end.kind !== 'pending') {
    return { run, end, endAt: run.endAt ?? null, exitCode: end.kind === 'failed' ? end.exitCode : 0 };
  }
  // Claude Code sends one notice per task; when there are more, a failing one wins (witness.ts reports it).
  const mine = notices.filter((n) => n.taskId === end.taskId && comparePositions(n.at, run.at) >= 0);
  const notice = mine.find((n) => n.status !== 'completed' || n.exitCode !== 0) ?? mine[0];
  if (!notice) return { run, end, endAt: run.endAt ?? null, exitCode: null };
  if (notice.status === 'completed' && notice.exitCode === 0) {
    return { run, end: { kind: 'passed' }, endAt: notice.at, exitCode: 0 };
  }
  const code = notice.exitCode === null ? '' : ` (exit code ${notice.exitCode})`;
  return {
    run,
    end: { kind: 'failed', reason: `background task ${notice.status}${code}`, exitCode: notice.exitCode },
    endAt: notice.at,
    exitCode: notice.exitCode,
  };
}

interface RunFilters {
  inTime(run: BashRun): boolean;
  inRoot(run: BashRun): boolean;
}

function buildLedger(
  runs: ResolvedRun[],
  items: PlanItem[],
  deciders: Set<ResolvedRun>,
  norm: (c: string) => string,
  filters: RunFilters,
): LedgerEntry[] {
  const proofs = items.flatMap((i) => (i.proof?.kind === 'command' ? [{ id: i.id, n: norm(i.proof.command) }] : []));
  const entries: LedgerEntry[] = [];
  for (const r of runs) {
    const n = norm(r.run.command);
    const exact = proofs.filter((p) => p.n === n).map((p) => p.id);
    const near = exact.length ? [] : proofs.filter((p) => p.n.length > 0 && n.includes(p.n)).map((p) => p.id);
    if (!exact.length && !near.length) continue;
    let reason: LedgerReason;
    if (r.run.source !== 'main') reason = 'subagent';
    else if (r.run.sidechain) reason = 'sidechain';
    else if (!exact.length) reason = 'different command';
    else if (!filters.inTime(r.run)) reason = 'before the goal';
    else if (!filters.inRoot(r.run)) reason = 'other folder';
    else if (r.end.kind === 'pending') reason = 'pending notice';
    else if (r.end.kind === 'running') reason = 'still running';
    else reason = deciders.has(r) ? 'counted' : 'superseded';
    entries.push({ run: r, ids: exact.length ? exact : near, reason });
  }
  return entries.reverse();
}

/** Orders by record time when both have one, then by file and line. */
export function comparePositions(a: Position, b: Position): number {
  if (a.time && b.time && a.time !== b.time) return a.time < b.time ? -1 : 1;
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}
