// What decides one item: its deciding run (time, exit, transcript line), the person's words that
// closed it, or the handover that passed it to the person.
import { neverCounts, notCountedRunText } from '../../src/core/tally/notCounted';
import type { ItemView, TallyView } from '../../src/protocol';
import { reasonText, runEndText } from '../labels';
import { TranscriptLink } from './Links';
import { Time } from './Time';

type Run = NonNullable<ItemView['run']>;
type LedgerEntry = TallyView['ledger'][number];

/** A run's time, end and transcript line; `notCounted`: a run that decides nothing, said beside it, so its end is not shown as the item's. */
export function RunSummary({ run, notCounted = false }: { run: Run; notCounted?: boolean }) {
  const decidedLater = run.endLine !== null && run.endLine !== run.line;
  return (
    <span class={`pm-run pm-outcome-${notCounted ? 'not-counted' : run.outcome}`}>
      <Time iso={run.time} />
      {notCounted ? null : (
        <>
          <span class="pm-sep" aria-hidden="true">
            ·
          </span>
          <span class="pm-exit">{runEndText(run)}</span>
        </>
      )}
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
      <span key="not-counted" class="pm-not-counted" data-reason={notCounted.reason}>
        <code class="pm-proof">{notCounted.run.command}</code>{' '}
        {neverCounts(notCounted.reason) ? notCountedRunText(notCounted.reason, notCounted.run.outcome) : `did not count: ${reasonText(notCounted.reason)}`}
      </span>,
      <RunSummary key="run" run={notCounted.run} notCounted />,
    );
  }
  if (item.handover) {
    parts.push(
      <span key="handover" class="pm-handover">
        handed over: {item.handover.why} <Time iso={item.handover.time} />
      </span>,
    );
  }
  if (item.closedBy?.source === 'close') {
    // Closed through Close… (proofmeter close): the person's word, with no transcript line.
    parts.push(
      <span key="closed" class="pm-closed-by">
        closed by you (Close…) <Time iso={item.closedBy.time} />
      </span>,
    );
  } else if (item.closedBy) {
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
