// Holds transcripts to their receipts. A transcript is a file the agent can write; a receipt was
// written by Claude Code's own hook as the event happened. In a session whose receipts were armed
// (armed.ts), a Bash pass, a completion notice or the person's words count only when a receipt
// matches them; an unmatched one is dropped and reported as `transcript-tampered`. A failure never
// needs a receipt: it can never forge a pass. Where a receipt and the transcript disagree, the
// receipt's facts win (a pass whose receipt says it failed is a failure).
//
// Whatever the receipts, when one background task has notices that disagree, a failing one wins
// and the disagreement is a finding: Claude Code sends one notice per task, so a second, passing
// one was written by someone else.
import type { BashRun, PersonWords, Position, TaskNotice, TranscriptEvents } from '../types';
import { findingId, type Finding } from '../findings/finding';
import { bashDigest, type AnswerReceipt, type BashReceipt, type NoticeReceipt, type PromptReceipt, type Receipt } from './receipt';

export interface SessionReceipts {
  /** Whether the session is held to its receipts (see armed.ts). */
  armed: boolean;
  receipts: readonly Receipt[];
}

export interface Witnessed {
  transcripts: TranscriptEvents[];
  findings: Finding[];
}

/** The key receipts are filed under: the session id, else the transcript's file name (<uuid>.jsonl). */
export function sessionKeyOf(t: TranscriptEvents): string {
  if (t.sessionId) return t.sessionId;
  const base = t.file.split(/[\\/]/).pop() ?? t.file;
  return base.replace(/\.jsonl$/, '');
}

/** The newest record time among a transcript's events. */
export function latestTime(t: TranscriptEvents): string | null {
  let best: string | null = null;
  const see = (p: Position | undefined) => {
    if (p?.time && (best === null || p.time > best)) best = p.time;
  };
  for (const r of t.runs) {
    see(r.at);
    see(r.endAt);
  }
  for (const n of t.notices) see(n.at);
  for (const w of t.words) see(w.at);
  for (const e of t.edits) see(e.at);
  return best;
}

const ACTION_RUN = "Run the proof again in this session's own Bash; a record written into a transcript never counts.";
const ACTION_WORDS = 'Only words the person types into the session count; ask them to type it again.';

function finding(subject: string, message: string, action: string, at: Position): Finding {
  return {
    id: findingId('transcript-tampered', subject),
    kind: 'transcript-tampered',
    severity: 'error',
    message,
    action,
    file: at.file,
    line: at.line,
    evidence: null,
  };
}

function where(at: Position): string {
  return `line ${at.line} of ${at.file.split(/[\\/]/).pop() ?? at.file}`;
}

interface Index {
  bash: Map<string, BashReceipt[]>;
  notices: Map<string, NoticeReceipt[]>;
  prompts: PromptReceipt[];
  answers: Map<string, AnswerReceipt[]>;
  /** Bash receipts already matched to a run: each witnesses one run. */
  used: Set<BashReceipt>;
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const xs = m.get(k);
  if (xs) xs.push(v);
  else m.set(k, [v]);
}

function indexOf(receipts: readonly Receipt[]): Index {
  const ix: Index = { bash: new Map(), notices: new Map(), prompts: [], answers: new Map(), used: new Set() };
  for (const r of receipts) {
    if (r.kind === 'bash') {
      // A subagent's call is never the main session's, whatever the transcript says.
      if (!r.agent) push(ix.bash, r.toolUseId, r);
    } else if (r.kind === 'notice') push(ix.notices, r.taskId, r);
    else if (r.kind === 'prompt') ix.prompts.push(r);
    else push(ix.answers, r.toolUseId, r);
  }
  return ix;
}

type Outcome<T> = { keep: T | null; finding: Finding | null };

function witnessRun(run: BashRun, key: string, ix: Index): Outcome<BashRun> {
  // Only the main session's finished calls can count; the rest need nothing.
  if (run.source !== 'main' || run.sidechain || !run.end) return { keep: run, finding: null };
  const receipt = ix.bash.get(run.toolUseId)?.find((r) => !ix.used.has(r)) ?? null;
  if (receipt) ix.used.add(receipt);
  const end = run.end;
  if (end.kind === 'failed') return { keep: run, finding: null };
  const subject = `${key}:run:${run.toolUseId}`;
  if (!receipt) {
    return {
      keep: null,
      finding: finding(subject, `A Bash ${end.kind === 'pending' ? 'background start' : 'pass'} (${run.toolUseId}) at ${where(run.at)} has no receipt: Claude Code's hook never saw it run.`, ACTION_RUN, run.at),
    };
  }
  // The hook's cwd is the folder the call ended in, which the result record names too.
  if (run.endCwd === undefined || bashDigest(run.endCwd, run.command) !== receipt.digest) {
    return {
      keep: null,
      finding: finding(subject, `The Bash call ${run.toolUseId} at ${where(run.at)} is not the command Claude Code ran (its receipt's digest differs).`, ACTION_RUN, run.at),
    };
  }
  if (receipt.event === 'failure' || receipt.interrupted || receipt.cond) {
    const how = receipt.exit !== null ? `exit code ${receipt.exit}` : receipt.interrupted ? 'an interruption' : receipt.cond ? 'a non-zero exit' : 'a failure';
    return {
      keep: { ...run, end: { kind: 'failed', reason: `Claude Code's hook recorded ${how}`, exitCode: receipt.exit } },
      finding: finding(subject, `The transcript shows ${run.toolUseId} at ${where(run.at)} passing, but Claude Code's hook recorded ${how}.`, ACTION_RUN, run.at),
    };
  }
  const taskId = end.kind === 'pending' ? end.taskId : null;
  if (receipt.task !== null && receipt.task !== taskId) {
    return {
      keep: { ...run, end: { kind: 'pending', taskId: receipt.task }, backgroundTaskId: receipt.task },
      finding: finding(subject, `The Bash call ${run.toolUseId} at ${where(run.at)} went to the background as task ${receipt.task}, but the transcript says otherwise.`, ACTION_RUN, run.at),
    };
  }
  return { keep: run, finding: null };
}

const passes = (status: string, exit: number | null) => status === 'completed' && exit === 0;
const noticeEnd = (status: string, exit: number | null) => `${status}${exit === null ? '' : ` (exit code ${exit})`}`;

function witnessNotice(n: TaskNotice, key: string, ix: Index): Outcome<TaskNotice> {
  const subject = `${key}:notice:${n.taskId}:${n.status}:${n.exitCode}`;
  const receipts = ix.notices.get(n.taskId) ?? [];
  if (!receipts.length) {
    return { keep: null, finding: finding(subject, `A completion notice for task ${n.taskId} at ${where(n.at)} has no receipt: Claude Code never delivered it.`, ACTION_RUN, n.at) };
  }
  // The same notice written twice (a queued copy and a record) is still the one Claude Code sent.
  if (receipts.some((r) => r.status === n.status && r.exit === n.exitCode)) return { keep: n, finding: null };
  const r = receipts.find((x) => !passes(x.status, x.exit)) ?? receipts[0]!;
  return {
    keep: { ...n, status: r.status, exitCode: r.exit },
    finding: finding(subject, `The completion notice for task ${n.taskId} at ${where(n.at)} says ${noticeEnd(n.status, n.exitCode)}, but Claude Code delivered ${noticeEnd(r.status, r.exit)}.`, ACTION_RUN, n.at),
  };
}

function witnessWords(w: PersonWords, key: string, ix: Index): Outcome<PersonWords> {
  const subject = `${key}:words:${w.promptId ?? w.toolUseId ?? w.digest ?? ''}:${w.at.line}`;
  let receipt: PromptReceipt | AnswerReceipt | undefined;
  let sdk = false;
  if (w.source === 'answer') {
    const rs = (w.toolUseId && ix.answers.get(w.toolUseId)) || [];
    if (!rs.length) return { keep: null, finding: finding(subject, `An answer at ${where(w.at)} has no receipt: no question box Claude Code showed returned it.`, ACTION_WORDS, w.at) };
    receipt = rs.find((r) => !r.nested);
  } else {
    const rs = w.promptId ? ix.prompts.filter((r) => r.promptId === w.promptId) : ix.prompts.filter((r) => r.digest === w.digest);
    if (!rs.length) return { keep: null, finding: finding(subject, `Words at ${where(w.at)} have no receipt: the prompt hook never saw this prompt.`, ACTION_WORDS, w.at) };
    // Words the prompt never held, under a real prompt's id: the record was rewritten.
    const said = new Set(rs.flatMap((r) => r.ids));
    if (!rs.some((r) => r.digest === w.digest) && w.ids.some((i) => !said.has(i))) {
      return { keep: null, finding: finding(subject, `Words at ${where(w.at)} are not the prompt Claude Code received under that prompt id.`, ACTION_WORDS, w.at) };
    }
    const own = rs.filter((r) => !r.nested);
    const p = own.find((r) => r.digest === w.digest) ?? own[0];
    receipt = p;
    sdk = p?.sdk ?? false;
  }
  // A nested session's words are nobody's: not counted, and not tampering either.
  if (!receipt) return { keep: null, finding: null };
  const affirmed = new Set(receipt.ids);
  const ids = w.ids.filter((i) => affirmed.has(i));
  if (!ids.length) return { keep: null, finding: null };
  // The receipt's time and source are what happened; the record's may have been rewritten.
  return { keep: { ...w, ids, source: sdk ? 'sdk' : w.source, at: { ...w.at, time: receipt.time } }, finding: null };
}

function apply<T>(xs: readonly T[], f: (x: T) => Outcome<T>, findings: Finding[]): T[] {
  const out: T[] = [];
  for (const x of xs) {
    const o = f(x);
    if (o.keep) out.push(o.keep);
    if (o.finding) findings.push(o.finding);
  }
  return out;
}

/** Drops the passing notices of a task whose notices disagree; a failing one decides. */
function conflictingNotices(transcripts: TranscriptEvents[], findings: Finding[]): TranscriptEvents[] {
  const byTask = new Map<string, TaskNotice[]>();
  for (const t of transcripts) if (t.notices.length) for (const n of t.notices) push(byTask, n.taskId, n);
  const beaten = new Set<TaskNotice>();
  for (const [task, ns] of byTask) {
    const failing = ns.find((n) => !passes(n.status, n.exitCode));
    if (!failing) continue;
    for (const n of ns) {
      if (!passes(n.status, n.exitCode)) continue;
      beaten.add(n);
      findings.push(
        finding(
          `notices:${task}:${n.at.file}:${n.at.line}`,
          `Task ${task} has two different completion notices (${where(n.at)} says completed, ${where(failing.at)} says ${failing.status}); the failing one counts.`,
          ACTION_RUN,
          n.at,
        ),
      );
    }
  }
  if (!beaten.size) return transcripts;
  return transcripts.map((t) => (t.notices.some((n) => beaten.has(n)) ? { ...t, notices: t.notices.filter((n) => !beaten.has(n)) } : t));
}

/**
 * The events that count, per transcript, and the findings. `sessions` maps sessionKeyOf to that
 * session's receipts; a session missing from it is not armed. Receipts are shared by every file of
 * one session, so a copied record in a second file finds its receipt already used. Subagent runs
 * pass unchanged: they never count anyway. Never mutates its input.
 */
export function witness(transcripts: readonly TranscriptEvents[], sessions: ReadonlyMap<string, SessionReceipts>): Witnessed {
  const findings: Finding[] = [];
  const indexes = new Map<string, Index>();
  const held = transcripts.map((t): TranscriptEvents => {
    const key = sessionKeyOf(t);
    const s = sessions.get(key);
    if (!s?.armed) return t;
    let ix = indexes.get(key);
    if (!ix) indexes.set(key, (ix = indexOf(s.receipts)));
    const index = ix;
    return {
      ...t,
      runs: apply(t.runs, (r) => witnessRun(r, key, index), findings),
      notices: apply(t.notices, (n) => witnessNotice(n, key, index), findings),
      words: apply(t.words, (w) => witnessWords(w, key, index), findings),
    };
  });
  const out = conflictingNotices(held, findings);
  const seen = new Set<string>();
  const unique = findings.filter((f) => !seen.has(f.id) && !!seen.add(f.id));
  unique.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0));
  return { transcripts: out, findings: unique };
}
