// The tally: Claude's part counted from evidence, the stages, and the verdict. Plain JSON out.
import { evaluateEvidence, type Evidence, type ItemEvidence } from '../evidence/evidence';
import { applyReruns, verifierView, type Rerun } from '../evidence/rerun';
import { changedOtherFindings } from '../evidence/proofChangedOther';
import { NOT_REQUIRED, type Reverify } from '../evidence/reverified';
import type { PlanFinding, PlanItem, TranscriptEvents } from '../types';
import { blockingFindings, type Finding } from '../findings/finding';
import type { Acceptance } from '../findings/acceptance';
import { applyClosures, type Closure } from '../findings/closure';
import { sessionCommandFindings } from '../findings/sessionCommands';
import { isSealedElsewhere } from '../sealRecord/findings';
import { isGitUnknown, type GitInput } from './gitFacts';
import { gitFindings } from './gitPast';
import { commitStage, isItemDone, itemStage, pushStage, stageCounts, stepsInOrder, type Stage } from './stages';
import type { GoalInfo, ItemJson, RunJson, Tally } from './tallySchema';

// The engine's entry point names its result; the shape itself is defined once, in tallySchema.ts.
export type { GoalInfo, ItemJson, LedgerJson, RunJson, Tally } from './tallySchema';

export interface TallyInput {
  goal: GoalInfo;
  /** The frozen items (or the plan's items when evaluating a plan as approved). */
  items: PlanItem[];
  /** Findings of the plan as it is on disk now. */
  findings: PlanFinding[];
  /** Items in the plan on disk that were not in the frozen list: reported, never counted. */
  added: PlanItem[];
  transcripts: TranscriptEvents[];
  git: GitInput;
  home: string | null;
  countSdkPrompts: boolean;
  /**
   * The workspace folder, however its path is spelled: runs count only when started there. Absent
   * when evaluating given transcripts: each session's root is then the cwd of its first record.
   */
  projectRoots?: readonly string[];
  /** What the meter noticed about its own inputs (forged records, copied sessions, a forged saved state), shown before the verdict. */
  integrity?: Finding[];
  /** The verifier's saved re-runs (verify.json): they can take a proof back, never give one. */
  reruns?: Rerun[];
  /** The findings the person accepted (acceptances.json): an accepted error no longer holds the verdict. */
  accepted?: Acceptance[];
  /** The person's witnessed closures of their own items (closures.json, each with its receipt). */
  closed?: Closure[];
}

export function computeTally(input: TallyInput): Tally {
  const mainEvents = input.transcripts;
  const session: Evidence = evaluateEvidence(input.items, mainEvents, {
    home: input.home,
    countSdkPrompts: input.countSdkPrompts,
    since: input.goal.frozenBy === 'given' ? null : input.goal.frozenAt,
    roots: input.projectRoots ?? null,
  });
  const reruns = input.reruns ?? [];
  const evidence: Evidence = reruns.length ? { ...session, items: applyReruns(session.items, reruns) } : session;
  const claude = evidence.items.filter((e) => e.item.owner === 'claude');
  const edits = mainEvents.flatMap((t) => t.edits);
  const claudeDone = claude.filter(isItemDone).length;
  const allClaudeDone = claudeDone === claude.length;
  const [commit, push] = stepsInOrder(allClaudeDone, commitStage(input.git, edits), pushStage(input.git));
  // What the session's own commands did (no-verify, history rewritten), beside what the meter noticed.
  // And what git's facts show past its own flags: a push remote moved, an edit git hides (gitPast.ts).
  const integrity = [...(input.integrity ?? []), ...(input.git && !isGitUnknown(input.git) ? gitFindings(input.git) : []), ...sessionCommandFindings(mainEvents, input.goal.frozenBy === 'given' ? null : input.goal.frozenAt), ...reruns.flatMap(changedOtherFindings)];
  const accepted = (input.accepted ?? []).filter((a) => integrity.some((f) => f.id === a.id));
  // An integrity error (a forged record, a copied session) keeps the verdict NOT DONE until the person accepts it.
  // A goal sealed on another machine is no tampering, yet nothing here says the person froze it: held until a reseal.
  const blocked = blockingFindings(integrity, new Set(accepted.map((a) => a.id))).length > 0 || isSealedElsewhere(integrity);
  const verdictDone = input.items.length > 0 && allClaudeDone && stageCounts(commit) && stageCounts(push) && !blocked;
  const close: Stage = verdictDone
    ? { name: 'close', state: 'done', detail: "nothing of Claude's part remains" }
    : { name: 'close', state: 'waiting', detail: 'open work remains' };
  const planStage: Stage =
    input.items.length === 0 && input.findings.length === 0
      ? { name: 'plan', state: 'waiting', detail: 'no plan' }
      : input.findings.length
        ? { name: 'plan', state: 'under way', detail: `${input.findings.length} finding(s)` }
        : { name: 'plan', state: 'done', detail: `${input.items.length} items` };
  const approve: Stage = input.goal.frozenBy
    ? { name: 'approve', state: 'done', detail: input.goal.frozenBy === 'given' ? 'evaluated as approved' : `${input.goal.frozenBy}` }
    : { name: 'approve', state: 'waiting', detail: 'list not frozen' };
  const stages = [planStage, approve, itemStage(evidence.items, 'build'), itemStage(evidence.items, 'check'), commit, push, close];

  // The count is the work: Claude's items, then commit and push where they apply. A skipped step is
  // no work and close is the verdict itself, so neither is counted, and what is not done is open.
  const steps = [commit, push].filter((s) => s.state !== 'skipped');
  const total = claude.length + steps.length;
  const done = claudeDone + steps.filter((s) => s.state === 'done').length;
  return {
    goal: input.goal,
    verdict: verdictDone ? 'done' : 'not-done',
    headline: { done, total },
    open: total - done,
    stages: stages.map((s) => ({ name: s.name, state: s.state, detail: s.detail })),
    items: applyClosures(evidence.items.map(itemJson), input.closed ?? []),
    added: input.added.map((i) => ({ id: i.id, list: i.list, line: i.line })),
    ledger: evidence.ledger.map((l) => ({ ids: l.ids, reason: l.reason, source: l.run.run.source, run: runJson(l.run) })),
    findings: input.findings,
    unreadableLines: evidence.unreadable,
    unreadableFiles: mainEvents.flatMap((t) => (t.readError ? [{ file: t.file, code: t.readError }] : [])),
    // Subagent files carry their parent's session id, so distinct ids count sessions.
    sessions: new Set(mainEvents.map((t) => t.sessionId).filter((id) => id !== null)).size,
    integrity,
    accepted,
    verifier: reruns.length ? verifierView(session.items, reruns) : null,
  };
}

/**
 * The verdict once the re-run before done is known: ALL DONE stands only on a re-run of the stop
 * gate's that covers this goal and this content; without one it is NOT DONE (awaiting re-run),
 * the count unchanged. Open work needs no re-run to be NOT DONE.
 */
export function withReverify(t: Tally, r: Reverify): Tally {
  if (t.verdict !== 'done') return { ...t, reverify: NOT_REQUIRED };
  if (r.state !== 'awaiting') return { ...t, reverify: r };
  return {
    ...t,
    verdict: 'not-done',
    reverify: r,
    stages: t.stages.map((s) => (s.name === 'close' ? { name: 'close', state: 'waiting', detail: `awaiting the stop gate's re-run (${r.why ?? 'none stands'})` } : s)),
  };
}

function runJson(r: NonNullable<ItemEvidence['deciding']>): RunJson {
  return {
    command: r.run.command,
    time: r.run.at.time,
    exit: r.exitCode,
    file: r.run.at.file,
    line: r.run.at.line,
    endLine: r.endAt?.line ?? null,
    outcome: r.end.kind,
    cwd: r.run.cwd ?? null,
    tests: r.run.tests ?? null,
  };
}

function itemJson(e: ItemEvidence): ItemJson {
  const p = e.item.proof;
  return {
    id: e.item.id,
    list: e.item.list,
    owner: e.item.owner,
    state: e.state,
    proof: !p ? '' : p.kind === 'command' ? p.command : p.kind === 'human' ? `human — ${p.what}` : `later — ${p.event}`,
    text: e.item.text,
    planLine: e.item.line,
    detail: e.detail,
    run: e.deciding ? runJson(e.deciding) : null,
    closedBy: e.closedBy ? { source: e.closedBy.source, time: e.closedBy.at.time, file: e.closedBy.at.file, line: e.closedBy.at.line } : null,
    handover: e.handover ? { why: e.handover.why, time: e.handover.at.time, line: e.handover.at.line } : null,
  };
}
