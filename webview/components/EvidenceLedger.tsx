// The evidence ledger: the main session's runs that decided an item, newest first, and the
// runs that matched a proof but did not count, each with its reason.
import type { TallyView } from '../../src/protocol';
import { reasonText, runEndText } from '../labels';
import { TranscriptLink } from './Links';
import { Section } from './Section';
import { Time } from './Time';
import { DataTable } from './DataTable';

type Entry = TallyView['ledger'][number];

function LedgerTable({ entries, caption, withReason }: { entries: Entry[]; caption: string; withReason: boolean }) {
  return (
    <DataTable class="pm-ledger" caption={caption} columns={['When', 'Items', 'Command', withReason ? 'Why it did not count' : 'Result', 'Transcript']}>
      {entries.map((e, i) => (
        <tr key={`${e.run.file}:${e.run.line}:${i}`} data-reason={e.reason}>
          <td>
            <Time iso={e.run.time} />
          </td>
          <td>{e.ids.join(', ')}</td>
          <td>
            <code class="pm-proof">{e.run.command}</code>
          </td>
          <td>
            {withReason ? (
              <>
                <span class="pm-badge pm-tone-neutral pm-reason">{e.reason}</span>
                <div class="pm-detail">{reasonText(e.reason)}</div>
              </>
            ) : (
              <span class={`pm-badge pm-tone-${e.run.outcome === 'passed' ? 'passed' : 'failed'}`}>{runEndText(e.run)}</span>
            )}
          </td>
          <td>
            <TranscriptLink file={e.run.file} line={e.run.line}>{`line ${e.run.line}`}</TranscriptLink>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Newest first by record time; entries without a time keep the engine's order (already newest first). */
function newestFirst(entries: Entry[]): Entry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => {
      const ta = a.e.run.time;
      const tb = b.e.run.time;
      if (ta && tb && ta !== tb) return ta < tb ? 1 : -1;
      return a.i - b.i;
    })
    .map((x) => x.e);
}

export function EvidenceLedger({ ledger }: { ledger: TallyView['ledger'] }) {
  const counted = newestFirst(ledger.filter((e) => e.reason === 'counted'));
  const notCounted = newestFirst(ledger.filter((e) => e.reason !== 'counted'));
  return (
    <Section id="pm-ledger" title="Evidence ledger">
      <h3 class="pm-subtitle">Runs that decide an item, newest first ({counted.length})</h3>
      {counted.length ? (
        <LedgerTable entries={counted} caption="Runs of the main session that match a proof and decide its item" withReason={false} />
      ) : (
        <p class="pm-muted">No run of the main session has matched a proof yet.</p>
      )}
      <h3 class="pm-subtitle">Runs that did not count ({notCounted.length})</h3>
      {notCounted.length ? (
        <LedgerTable entries={notCounted} caption="Runs that match a proof but do not count, with the reason" withReason />
      ) : (
        <p class="pm-muted">None: every matching run decided its item.</p>
      )}
    </Section>
  );
}
