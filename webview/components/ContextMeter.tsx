// The context meter: how full each of the newest sessions is, and its compactions. Sizes are
// estimates (4 characters a token, images by their pixels) calibrated by the usage the provider
// reported; the table says which figure is which.
import type { SessionContextView } from '../../src/protocolContext';
import { tokensText } from '../../src/core/context/format';
import { Section } from './Section';
import { Time } from './Time';
import { DataTable } from './DataTable';

function sizeText(s: SessionContextView): string {
  const n = s.calibrated ?? s.estimate;
  return `~${tokensText(n)}${s.window ? ` of ${tokensText(s.window)}` : ''}`;
}

function compactionsText(s: SessionContextView): string {
  if (!s.compactionCount) return 'none';
  const last = s.compactions[s.compactions.length - 1];
  if (!last) return String(s.compactionCount);
  const before = last.preTokens !== null ? tokensText(last.preTokens) : `~${tokensText(last.estimateBefore)}`;
  const afterN = last.postTokens ?? last.reportedAfter;
  return `${s.compactionCount}; last ${last.trigger}, ${before} → ${afterN !== null ? tokensText(afterN) : '?'}`;
}

export function ContextMeter({ sessions }: { sessions: readonly SessionContextView[] | undefined }) {
  if (!sessions?.length) return null;
  return (
    <Section id="pm-context" title="Context">
      <p class="pm-muted">Estimated at 4 characters a token (images by their pixels), calibrated by the usage the provider reported. Newest session first.</p>
      <DataTable class="pm-context" caption="Context per session" columns={['Session', 'Context', 'Used', 'Reported', 'Compactions', 'Updated']}>
        {sessions.map((s) => (
          <tr key={s.file} data-session={s.sessionId ?? s.file}>
            <td class="pm-id">{(s.sessionId ?? s.file.replace(/^.*[\\/]/, '')).slice(0, 8)}</td>
            <td>
              {sizeText(s)}
              <div class="pm-detail pm-muted">{`estimate ~${tokensText(s.estimate)}${s.model ? `, ${s.model}` : ''}`}</div>
            </td>
            <td>
              {s.percent !== null ? (
                <meter min={0} max={100} value={Math.min(100, s.percent)} aria-label={`${s.percent}% of the window`}>
                  {s.percent}%
                </meter>
              ) : null}
              <span class="pm-detail">{s.percent !== null ? ` ${s.percent}%` : 'window unknown'}</span>
            </td>
            <td>{s.reported !== null ? tokensText(s.reported) : 'not yet'}</td>
            <td>{compactionsText(s)}</td>
            <td>
              <Time iso={s.updatedAt} />
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}
