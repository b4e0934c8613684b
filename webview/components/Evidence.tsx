// What decides one item: its deciding run (time, exit, transcript line), the person's words that
// closed it, or the handover that passed it to the person.
import type { ItemView, TallyView } from '../../src/protocol';
import { runEndText } from '../labels';
import { TranscriptLink } from './Links';
import { Time } from './Time';

type Run = NonNullable<ItemView['run']>;
type LedgerEntry = TallyView['ledger'][number];

export function RunSummary({ run }: { run: Run }) {
  const decidedLater = run.endLine !== null && run.endLine !== run.line;
  return (
    <span class={`pm-run pm-outcome-${run.outcome}`}>
      <Time iso={run.time} />
      <span class="pm-sep" aria-hidden="true">
        ·
      </span>
      <span class="pm-exit">{runEndText(run)}</span>
      <span class="pm-sep" aria-hidden="true">
        ·
      </span>
      <TranscriptLink file={run.file} line={run.line} />
      {decidedLater && run.endLine !== null ? (
        <>
          <span class="pm-sep" aria-hidden="true">
            ·
          </span>
          <TranscriptLink file={run.file} line={run.endLine}>{`result at line ${run.endLine}`}</TranscriptLink>
        </>
      ) : null}
    </span>
  );
}

/**
 * The evidence cell of an item; "no run yet" when nothing decides it. notCounted: the newest run of
 * its proof that did not count (see core/tally/notCounted.ts), shown with its command.
 */
export function ItemEvidence({ item, notCounted = null }: { item: ItemView; notCounted?: LedgerEntry | null }) {
  const parts = [];
  if (item.run) parts.push(<RunSummary key="run" run={item.run} />);
  else if (notCounted) {
    parts.push(
      <span key="not-counted" class="pm-not-counted">
        ran <code class="pm-proof">{notCounted.run.command}</code>
        {notCounted.source === 'subagent' ? ' in a subagent' : ''}, did not count
      </span>,
      <RunSummary key="run" run={notCounted.run} />,
    );
  }
  if (item.handover) {
    parts.push(
      <span key="handover" class="pm-handover">
        handed over: {item.handover.why} <Time iso={item.handover.time} />
      </span>,
    );
  }
  if (item.closedBy) {
    const c = item.closedBy;
    parts.push(
      <span key="closed" class="pm-closed-by">
        closed by your words ({c.source}) <Time iso={c.time} />{' '}
        <TranscriptLink file={c.file} line={c.line} />
      </span>,
    );
  }
  if (!parts.length) return <span class="pm-muted">{item.owner === 'claude' ? 'no run yet' : 'no words yet'}</span>;
  return <span class="pm-evidence">{parts}</span>;
}
