// The words of the two status bar items, kept free of the vscode module so they read as plain data.
import { countShort, countWords, rerunEnd } from '../core/evidence/rerun';
import { blockingFindings } from '../core/findings/finding';
import { findingKindWords } from '../core/findings/kindWords';
import { bar, isOpenForClaude, isOpenForPerson, stageMark } from '../core/tally/format';
import { METER_STATE_DIR } from '../core/meterStateDir';
import { SEALED_ELSEWHERE } from '../core/sealRecord/findings';
import { uncommitted, type GitFacts } from '../core/tally/gitFacts';
import { AFTER_ITEMS, pushStage } from '../core/tally/stages';
import { countsAsUncommitted, hiddenBy } from '../core/tally/gitPast';
import { headlineSentence, verdictPhrase } from '../core/tally/headlineParts';
import { isAwaitingRerun } from '../core/evidence/reverified';
import { ledgerReasonText, RAN_NOT_COUNTED, ranNotCounted } from '../core/tally/notCounted';
import type { Tally } from '../core/tally/tally';
import { tallySeverity, type Severity } from '../core/tally/severity';
import type { SessionContextView } from '../protocolContext';
import { contextTooltipLines } from './contextText';
import { protectionTooltipLines } from './protectionText';

export type { Severity };

export interface ProgressView {
  text: string;
  /** Markdown for the tooltip (theme icons allowed). */
  tooltip: string;
  /** For screen readers: the numbers in words. */
  ariaLabel: string;
  severity: Severity;
}

export interface GitView {
  text: string;
  tooltip: string;
  ariaLabel: string;
}

const MAX_LISTED = 8;

function md(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => '\\' + c);
}

/** Text whose `code spans` stay code in the Markdown, the rest escaped: no raw backticks shown. */
export function mdWithCode(s: string): string {
  return s
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? part : md(part)))
    .join('');
}

function code(s: string): string {
  const clipped = s.length > 80 ? s.slice(0, 79) + '…' : s;
  const ticks = clipped.includes('`') ? '``' : '`';
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${clipped}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

export function progressView(t: Tally, opts: { fault: string | null; trusted: boolean; context?: readonly SessionContextView[] }): ProgressView {
  const { done, total } = t.headline;
  const failed = t.items.filter((i) => i.state === 'failed');
  // A tampered meter shows its state, never a count: the count came from files the agent can write.
  const accepted = new Set((t.accepted ?? []).map((a) => a.id));
  const tampered = blockingFindings(t.integrity ?? [], accepted);
  // The dashboard header takes its colour from the same function (core/tally/severity.ts).
  const severity: Severity = tallySeverity(t, opts.fault);
  const icon = opts.fault ? '$(error)' : t.verdict === 'done' ? '$(pass-filled)' : failed.length ? '$(warning)' : '$(checklist)';
  // A goal sealed on another machine: no count either (nothing counts until a reseal here), in the warning colour.
  const elsewhere = (t.integrity ?? []).find((f) => f.kind === 'sealed-elsewhere');
  // Everything counted, the stop gate's re-run still to stand for this content: said, never a pass.
  const awaiting = isAwaitingRerun(t);
  const text = tampered.length
    ? `$(error) Proofmeter: ${findingKindWords(tampered[0]!.kind)}`
    : elsewhere
      ? `$(warning) Proofmeter: ${SEALED_ELSEWHERE}`
      : `${awaiting ? '$(sync)' : icon} ${bar(done, total)} ${done}/${total}${awaiting ? ' · awaiting re-run' : ''}`;

  const lines: string[] = [];
  lines.push(`**Proofmeter** · ${md(t.goal.title ?? 'untitled plan')}${t.goal.planPath ? ` · ${md(t.goal.planPath)}` : ''}`);
  lines.push('');
  lines.push(`${md(headlineSentence(t))} · ${t.verdict === 'done' ? '**all done**' : md(verdictPhrase(t))}`);
  if (awaiting) lines.push('', `$(sync) Every item is proved; ALL DONE waits on the stop gate's own re-run of the proofs: ${md(t.reverify?.why ?? '')}.`);
  if (opts.fault) lines.push('', `$(error) ${md(opts.fault)}`);
  for (const f of tampered.slice(0, MAX_LISTED)) lines.push('', `$(error) **${md(findingKindWords(f.kind))}**: ${mdWithCode(f.message)} · ${mdWithCode(f.action)}`);
  if (elsewhere) lines.push('', `$(warning) **${md(SEALED_ELSEWHERE)}** ${md(elsewhere.message)} · ${md(elsewhere.action)}`);
  if (!opts.trusted) lines.push('', '$(shield) Restricted Mode: read only, git not read; trust the folder to see commit and push.');
  lines.push(...protectionTooltipLines(t.protection));
  lines.push('');
  for (const s of t.stages) lines.push(`${stageMark(s.state)} **${s.name}** ${md(s.state)}${s.detail ? ` · ${md(s.detail)}` : ''}  `);
  for (const f of t.findings.slice(0, MAX_LISTED)) lines.push('', `$(warning) plan line ${f.line}: ${mdWithCode(f.message)}`);
  const claude = t.items.filter(isOpenForClaude);
  if (claude.length) {
    lines.push('', '**Open for Claude**', '');
    for (const i of claude.slice(0, MAX_LISTED)) {
      const nc = ranNotCounted(i, t.ledger);
      const why = nc ? `${RAN_NOT_COUNTED}: ${ledgerReasonText(nc.reason)}` : i.state === 'unrun' ? 'not run yet' : `${i.state}${i.detail ? `: ${i.detail}` : ''}`;
      lines.push(`- ${code(i.id)} ${md(why)} · proof ${code(i.proof)}`);
    }
    if (claude.length > MAX_LISTED) lines.push(`- … and ${claude.length - MAX_LISTED} more`);
  }
  const person = t.items.filter(isOpenForPerson);
  if (person.length) {
    lines.push('', '**Open for you**', '');
    for (const i of person.slice(0, MAX_LISTED)) lines.push(`- ${code(i.id)} ${md(i.state === 'handed-over' ? `handed over: ${i.handover?.why ?? ''}` : i.proof)}`);
    if (person.length > MAX_LISTED) lines.push(`- … and ${person.length - MAX_LISTED} more`);
  }
  const v = t.verifier;
  if (v && (v.results.length || v.clean.length)) {
    lines.push('', '**Re-run outside the session**', '');
    for (const r of [...v.results, ...v.clean].slice(0, MAX_LISTED)) {
      const where = r.clean ? ' · clean checkout of HEAD, not counted' : r.reopened ? ' · took the proof back' : '';
      const disagree = v.disagreements.includes(r.id) ? ' · disagrees with the session' : '';
      // A pass that took the proof back did so on its test count (rerun.ts countShort): said with both counts.
      const short = r.clean ? null : countShort(r, t.items.find((i) => i.id === r.id)?.run?.tests?.ran ?? null);
      lines.push(`- ${code(r.id)} ${md(short ? `exit 0, but ${countWords(short)}` : r.outcome === 'pass' ? 'passed' : rerunEnd(r))}${md(where + disagree)}`);
    }
  }
  lines.push(...contextTooltipLines(opts.context));
  lines.push('', '_Click to open the dashboard._');
  const current = t.stages.find((s) => s.state !== 'done' && s.state !== 'skipped');
  const ariaLabel =
    `Proofmeter: ${done} of ${total} done` +
    (current ? `, ${current.name} ${current.state}` : ', all done') +
    (failed.length ? `, ${failed.length} failed` : '') +
    (opts.fault ? `, fault: ${opts.fault}` : '') +
    (tampered.length ? `, integrity finding: ${findingKindWords(tampered[0]!.kind)}` : '') +
    (elsewhere ? `, ${SEALED_ELSEWHERE}` : '');
  return { text, tooltip: lines.join('\n'), ariaLabel, severity };
}

/** The quiet item of a folder with no goal yet: plain colours, one click to start. */
export function noGoalView(): ProgressView {
  return {
    text: '$(checklist) Proofmeter',
    tooltip:
      '**Proofmeter** · no goal in this folder yet\n\nA goal is a plan whose every item ends with a proof: the command that shows it is done. ' +
      'Proofmeter counts an item only when Claude ran that exact command and it passed.\n\n_Click to start._',
    ariaLabel: 'Proofmeter: no goal yet. Click to start.',
    severity: 'ok',
  };
}

/** The item shown when the goal cannot be read at all. */
export function faultView(fault: string): ProgressView {
  return {
    text: '$(error) Proofmeter',
    tooltip: `**Proofmeter** cannot read this workspace's goal\n\n$(error) ${md(fault)}\n\n_Click to open the dashboard._`,
    ariaLabel: `Proofmeter fault: ${fault}`,
    severity: 'error',
  };
}

/**
 * How many uncommitted files the commit stage counts, read from its detail ("2 uncommitted",
 * "nothing uncommitted", or waiting on Claude's items, which it only does with nothing of the
 * session's uncommitted); `all` when there is no stage to read.
 */
export function commitStageCount(commitDetail: string | null, all: number): number {
  const m = /^(\d+) uncommitted/.exec(commitDetail ?? '');
  if (m) return Number(m[1]);
  return commitDetail === 'nothing uncommitted' || commitDetail === AFTER_ITEMS ? 0 : all;
}

/**
 * commitDetail: the commit stage's detail ("2 uncommitted"), which counts only the files the session
 * edited when it saw edits. The item leads with the stage's number, so the two agree at a glance,
 * and names the other changes in the work tree beside it.
 */
export function gitView(git: GitFacts, commitDetail: string | null = null): GitView {
  const parts: string[] = [];
  const { work: shown, meterState: own } = uncommitted(git.dirty);
  // The edits git's status does not show (a flag, an ignore rule added after the freeze) are
  // uncommitted here as in the commit stage: the item says what the stage says (gitPast.ts).
  const hidden = (git.hidden ?? []).filter((h) => countsAsUncommitted(h) && !shown.includes(h.path));
  const dirty = [...shown, ...hidden.map((h) => h.path)];
  const n = dirty.length;
  const counted = Math.min(commitStageCount(commitDetail, n), n);
  const other = n - counted;
  parts.push(counted ? `${counted} uncommitted` : 'committed');
  if (other) parts.push(`${other} other change${other === 1 ? '' : 's'}`);
  // Push in the push stage's own words: read from the remote, never from the tracking ref alone.
  const push = pushStage(git);
  const pushWord = push.state === 'done' ? 'pushed' : push.detail.startsWith('push remote changed') ? 'push remote changed' : push.detail.startsWith('push unverified') ? 'push unverified' : !git.upstream ? 'no upstream' : git.ahead ? `${git.ahead} unpushed` : 'unpushed';
  if (push.state !== 'skipped') parts.push(pushWord);
  const text = `⎇ ${parts.join(' · ')}`;
  const lines = [`**Proofmeter** · git in ${md(git.root)}`, ''];
  if (n) {
    lines.push(`${n} uncommitted:`, '');
    for (const p of dirty.slice(0, MAX_LISTED)) {
      const h = hidden.find((x) => x.path === p);
      lines.push(`- ${code(p)}${h ? ` (git status hides it: ${md(hiddenBy(h))})` : ''}`);
    }
    if (n > MAX_LISTED) lines.push(`- … and ${n - MAX_LISTED} more`);
    if (other) lines.push('', `The commit stage counts ${counted} of them: the files this session edited.`);
  } else lines.push('Nothing uncommitted.');
  if (own.length) lines.push('', `Not counted: ${own.length} file(s) of the meter's own state in ${code(`${METER_STATE_DIR}/`)}.`);
  lines.push('');
  if (push.state === 'skipped') lines.push('No remote: push is skipped.');
  else if (push.state === 'done') lines.push(`Up to date with ${md(git.upstream ?? '')}: the remote holds HEAD.`);
  else lines.push(`Push: ${md(push.detail)}.`);
  lines.push('', '_Click to open Source Control._');
  return { text, tooltip: lines.join('\n'), ariaLabel: `Proofmeter git: ${parts.join(', ')}` };
}
