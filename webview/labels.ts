// The words the webview shows for the tally's enums: one place, so both views say the same thing.
import { openCount } from '../src/core/tally/integrityLines';
import { ledgerReasonText } from '../src/core/tally/notCounted';
import type { ItemView, TallyView } from '../src/protocol';

type ItemState = ItemView['state'];
type Owner = ItemView['owner'];
type LedgerReason = TallyView['ledger'][number]['reason'];
type StageState = TallyView['stages'][number]['state'];
type Goal = TallyView['goal'];
type Run = NonNullable<ItemView['run']>;

const OWNER: Record<Owner, string> = { claude: 'Claude', human: 'you', later: 'later' };

export function ownerLabel(owner: Owner): string {
  return OWNER[owner];
}

const STATE: Record<ItemState, string> = {
  proved: 'proved',
  failed: 'failed',
  pending: 'pending',
  unrun: 'not run',
  'handed-over': 'handed over',
  closed: 'closed',
  open: 'open',
};

export function stateLabel(state: ItemState): string {
  return STATE[state];
}

/** The colour family of an item state: passed, failed, pending or neutral. */
export type Tone = 'passed' | 'failed' | 'pending' | 'neutral';

const TONE: Record<ItemState, Tone> = {
  proved: 'passed',
  closed: 'passed',
  failed: 'failed',
  pending: 'pending',
  unrun: 'neutral',
  'handed-over': 'pending',
  open: 'neutral',
};

export function stateTone(state: ItemState): Tone {
  return TONE[state];
}

export function reasonText(reason: LedgerReason): string {
  return ledgerReasonText(reason);
}

const STAGE: Record<StageState, string> = { done: 'done', 'under way': 'under way', waiting: 'waiting', skipped: 'skipped' };

export function stageStateLabel(state: StageState): string {
  return STAGE[state];
}

/** How the goal's list was frozen, as one phrase. */
export function frozenText(goal: Goal): string {
  if (goal.frozenBy === 'given') return 'evaluated as approved';
  if (goal.frozenBy === 'approval') return 'frozen at approval';
  if (goal.frozenBy === 'adopt') return 'frozen by Adopt Plan';
  return 'not approved yet';
}

/** What a run's end says: "exit 0", "exit 3", "waiting for its notice", "still running". */
export function runEndText(run: Run): string {
  if (run.outcome === 'running') return 'still running';
  if (run.outcome === 'pending') return 'waiting for its completion notice';
  if (run.exit === null) return run.outcome === 'passed' ? 'passed' : 'failed, no exit code';
  return `exit ${run.exit}`;
}

/** "All done", or "Not done — 3 open" with whatever else holds the verdict (the core's words, as the CLI and the status bar say it). */
export function verdictText(t: TallyView): string {
  return t.verdict === 'done' ? 'All done' : `Not done — ${openCount(t)}`;
}

/**
 * A transcript link as a screen reader says it: "transcript of session 4c03…, line 32". A session's
 * file is named by its UUID, which is noise read aloud, so it is cut to its first four characters
 * and said once (the link has no title that would repeat it).
 */
export function transcriptLabel(file: string, line: number): string {
  const name = basename(file).replace(/\.jsonl$/, '');
  const agent = /^agent-(.+)$/.exec(name);
  const short = (id: string) => (id.length > 6 ? `${id.slice(0, 4)}…` : id);
  return agent ? `transcript of subagent ${short(agent[1]!)}, line ${line}` : `transcript of session ${short(name)}, line ${line}`;
}

export function basename(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] || path;
}

/** An item's text without its leading id and its trailing `Proof: ...` (both shown elsewhere). */
export function itemTitle(item: { id: string; text: string }): string {
  const id = item.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const title = item.text
    .trim()
    .replace(new RegExp(`^${id}(?:\\s*[.:)]|\\s*[—–]|\\s+-(?=\\s))?\\s*`, 'i'), '')
    .replace(/\s*Proof\s*:(?![\s\S]*Proof\s*:)[\s\S]*$/, '')
    .trim();
  return title || item.text.trim();
}
