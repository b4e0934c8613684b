// Text views of a tally: the CLI report, the status line and the short ledger for hooks.
import { isAwaitingRerun } from '../evidence/reverified';
import { isDoneState } from '../evidence/evidenceSchema';
import { rerunEnd } from '../evidence/rerun';
import { acceptedNote, openCount } from './integrityLines';
import { isSealedElsewhere, SEAL_KINDS, SEALED_ELSEWHERE } from '../sealRecord/findings';
import { notCountedText, ranNotCounted, type NeverCountReason } from './notCounted';
import type { ItemJson, LedgerJson, Tally } from './tally';
import type { Protection } from '../install/protection';
import { waitsOnEarlierWork, type StageState } from './stages';

const CELLS = 8;

/** Whole cells rounded down, so the bar never reads full until every unit is done. */
export function bar(done: number, total: number, cells = CELLS): string {
  const filled = total > 0 ? Math.floor((done / total) * cells) : 0;
  return '▰'.repeat(filled) + '▱'.repeat(cells - filled);
}

const MARK: Record<StageState, string> = { done: '●', 'under way': '◐', waiting: '○', skipped: '–' };

export function stageMark(state: StageState): string {
  return MARK[state];
}

export function isOpenForClaude(i: ItemJson): boolean {
  return i.owner === 'claude' && !isDoneState(i.state) && i.state !== 'handed-over';
}

/** Items waiting on the person: their own, later events, and items Claude handed over. */
export function isOpenForPerson(i: ItemJson): boolean {
  return (i.owner !== 'claude' && i.state === 'open') || i.state === 'handed-over';
}

export function statusLine(t: Tally): string {
  // A changed meter or disarmed hooks: no count, since the files that would give one were changed.
  const seal = [...new Set((t.integrity ?? []).filter((f) => f.severity === 'error' && SEAL_KINDS.has(f.kind)).map((f) => f.kind))];
  if (seal.length) return `⚠ tampered: ${seal.join(', ')} · proofmeter doctor`;
  // Not tampering, but no count either: nothing counts until the person reseals here.
  if (isSealedElsewhere(t.integrity ?? [])) return `⚠ ${SEALED_ELSEWHERE} · proofmeter doctor --reseal`;
  const parts = [`${bar(t.headline.done, t.headline.total)} ${t.headline.done}/${t.headline.total}`];
  const current = t.stages.find((s) => s.state !== 'done' && s.state !== 'skipped');
  // Everything counted, the stop gate's re-run still to stand for this content (evidence/reverified.ts).
  parts.push(isAwaitingRerun(t) ? 'awaiting re-run ○' : current ? `${current.name} ${stageMark(current.state)}` : 'all done ●');
  const yours = t.items.filter(isOpenForPerson).map((i) => i.id);
  if (yours.length) parts.push(`you: ${yours.join(' ')}`);
  if (t.unreadableLines) parts.push(`${t.unreadableLines} unreadable`);
  if (t.unreadableFiles.length) parts.push(`${t.unreadableFiles.length} transcript(s) unreadable`);
  return parts.join(' · ');
}

function describe(i: ItemJson): string {
  switch (i.state) {
    case 'failed':
      return `failed: ${i.detail}`;
    case 'pending':
      return `pending: ${i.detail}`;
    case 'unrun':
      return 'not run yet';
    case 'handed-over':
      return 'handed over';
    default:
      return i.state;
  }
}

/** Why a run of an item that is still unrun did not count; for another folder, which folder. */
function missedText(miss: LedgerJson & { reason: NeverCountReason }): string {
  const where = miss.reason === 'other folder' && miss.run.cwd ? ` (${miss.run.cwd})` : '';
  return `${notCountedText(miss.reason)}${where}`;
}

/** `Protection: kernel`, and for `guard only` why and what to do: a warning, since the guard alone can be talked past. */
export function protectionLine(p: Protection): string {
  if (p.level !== 'guard only') return `Protection: ${p.level}`;
  return `Protection: guard only (warning: ${p.reasons.join('; ')}${p.remedy ? `; ${p.remedy}` : ''})`;
}

export function tallyText(t: Tally): string {
  const out: string[] = [];
  const g = t.goal;
  const frozen = g.frozenBy === 'given' ? 'evaluated as approved' : g.frozenBy ? `${g.frozenBy} ${g.frozenAt ?? ''}`.trim() : 'not approved yet';
  out.push(`Goal: ${g.title ?? '(untitled plan)'}${g.planPath ? ` (${g.planPath})` : ''}, ${frozen}`);
  out.push(`${bar(t.headline.done, t.headline.total)} ${t.headline.done}/${t.headline.total} of Claude's part done`);
  out.push('Stages: ' + t.stages.map((s) => `${s.name} ${stageMark(s.state)}`).join('  '));
  for (const f of t.findings) out.push(`Plan: ${f.message}`);
  const claude = t.items.filter(isOpenForClaude);
  const stagesOpen = t.stages.filter((s) => (s.name === 'commit' || s.name === 'push') && s.state !== 'done' && s.state !== 'skipped' && !waitsOnEarlierWork(s));
  if (claude.length || stagesOpen.length) {
    out.push('Open for Claude:');
    const w = Math.max(...claude.map((i) => i.id.length), 2);
    for (const i of claude) {
      out.push(`  ${i.id.padEnd(w)}  ${describe(i)}  proof: ${i.proof}`);
      const miss = ranNotCounted(i, t.ledger);
      if (miss) out.push(`  ${' '.repeat(w)}  (did not count: \`${miss.run.command}\`, ${missedText(miss)})`);
    }
    for (const s of stagesOpen) out.push(`  ${s.name}: ${s.detail}`);
  }
  const person = t.items.filter(isOpenForPerson);
  if (person.length) {
    out.push('Open for you (closed by your own words naming the id):');
    for (const i of person) {
      const why = i.state === 'handed-over' ? `handed over by Claude: ${i.handover?.why ?? ''}` : i.proof;
      out.push(`  ${i.id}  ${why}`);
    }
  }
  const done = t.items.filter((i) => isDoneState(i.state));
  if (done.length) out.push(`Done: ${done.map((i) => i.id).join(' ')}`);
  out.push(...verifierLines(t));
  if (t.added.length) out.push(`Added after approval (not counted): ${t.added.map((a) => a.id || `line ${a.line}`).join(' ')}`);
  if (t.unreadableLines) out.push(`Note: ${t.unreadableLines} transcript line(s) could not be read and were skipped.`);
  for (const f of t.unreadableFiles) out.push(`Note: transcript ${f.file} could not be read (${f.code}); nothing in it counted.`);
  if (t.protection) out.push(protectionLine(t.protection));
  for (const f of t.integrity ?? []) {
    const note = acceptedNote(t, f);
    out.push(note ? `Integrity ${f.severity} ${f.id}, ${note}: ${f.message}` : `Integrity ${f.severity} ${f.id}: ${f.message} ${f.action}${acceptable(f) ? ` (to accept it, type: accept ${f.id})` : ''}`);
  }
  out.push(t.verdict === 'done' ? 'verdict: ALL DONE' : `verdict: NOT DONE (${openCount(t)})`);
  return out.join('\n');
}

/** An error the person may accept in words; the seal's own findings are taken back by `proofmeter doctor --reseal`. */
function acceptable(f: Tally['integrity'][number]): boolean {
  return f.severity === 'error' && f.kind !== 'meter-tampered' && f.kind !== 'hooks-disarmed';
}

/** The verifier's latest re-runs, work tree and clean checkout, each beside the session's state. */
export function verifierLines(t: Tally): string[] {
  const v = t.verifier;
  if (!v) return [];
  const list = (rs: typeof v.results) => rs.map((r) => `${r.id} ${r.outcome === 'pass' ? 'pass' : rerunEnd(r)}`).join(', ');
  const out: string[] = [];
  if (v.results.length) out.push(`Re-run outside the session: ${list(v.results)}${v.reopened.length ? `; taken back: ${v.reopened.join(' ')}` : ''}`);
  if (v.clean.length) out.push(`Re-run in a clean checkout of HEAD (not counted): ${list(v.clean)}`);
  if (v.disagreements.length) out.push(`The session and the re-runs disagree on: ${v.disagreements.join(' ')}`);
  return out;
}

/** A few lines for the stop gate and the session-start ledger: what is open and what proves it. */
export function openLedger(t: Tally, limit = 8): string[] {
  const lines: string[] = [];
  for (const i of t.items.filter(isOpenForClaude).slice(0, limit)) {
    lines.push(`${i.id} (${describe(i)}): run \`${i.proof}\``);
  }
  const more = t.items.filter(isOpenForClaude).length - limit;
  if (more > 0) lines.push(`... and ${more} more`);
  for (const s of t.stages) {
    if ((s.name === 'commit' || s.name === 'push') && (s.state === 'waiting' || s.state === 'under way') && !waitsOnEarlierWork(s)) lines.push(`${s.name}: ${s.detail}`);
  }
  return lines;
}
