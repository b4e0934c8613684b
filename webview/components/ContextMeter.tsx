// The context meter: how full each of the newest sessions is, and its compactions. Sizes are
// estimates (4 characters a token, images by their pixels) calibrated by the usage the provider
// reported; the table says which figure is which.
import type { SessionContextView } from '../../src/protocolContext';
import { tokensText } from '../../src/core/context/format';
import { Section } from './Section';
import { Time } from './Time';
import { DataTable } from './DataTable';

/** "~113 tokens of 200k": the size the meter goes by (calibrated when the provider reported usage). */
export function sizeText(s: SessionContextView): string {
  const n = s.calibrated ?? s.estimate;
  return `~${tokensText(n)} tokens${s.window ? ` of ${tokensText(s.window)}` : ''}`;
}

/** Where the size comes from, in words: the provider's report beside the text's estimate, or the estimate alone. */
export function sourceText(s: SessionContextView): string {
  return s.reported !== null
    ? `the provider reported ${tokensText(s.reported)}; the text alone reads ~${tokensText(s.estimate)}`
    : `estimated from the text (~${tokensText(s.estimate)}); nothing reported yet`;
}

export function compactionsText(s: SessionContextView): string {
  if (!s.compactionCount) return 'none';
  const last = s.compactions[s.compactions.length - 1];
  if (!last) return String(s.compactionCount);
  const before = last.preTokens !== null ? tokensText(last.preTokens) : `~${tokensText(last.estimateBefore)}`;
  const afterN = last.postTokens ?? last.reportedAfter;
  return `${s.compactionCount} (the last ${last.trigger}: ${before} → ${afterN !== null ? tokensText(afterN) : '?'} tokens)`;
}

export function ContextMeter({ sessions }: { sessions: readonly SessionContextView[] | undefined }) {
  if (!sessions?.length) return null;
  return (
    <Section id="pm-context" title="Context">
      <p class="pm-muted">Estimated at 4 characters a token (images by their pixels), calibrated by the usage the provider reported. Newest session first.</p>
      {/* One figure per column, each said in words; where a figure comes from sits under it. */}
      <DataTable class="pm-context" caption="Context per session" columns={['Session', 'In context', 'Share of the window', 'Compactions', 'Updated']}>
        {sessions.map((s) => (
          <tr key={s.file} data-session={s.sessionId ?? s.file}>
            <td>
              <span class="pm-id">{(s.sessionId ?? s.file.replace(/^.*[\\/]/, '')).slice(0, 8)}</span>
              {s.model ? <div class="pm-detail pm-muted">{s.model}</div> : null}
            </td>
            <td>
              {sizeText(s)}
              <div class="pm-detail pm-muted">{sourceText(s)}</div>
            </td>
            <td>
              {s.percent !== null ? (
                <meter min={0} max={100} value={Math.min(100, s.percent)} aria-label={`${s.percent}% of the window`}>
                  {s.percent}%
                </meter>
              ) : null}
              <span class="pm-detail">{s.percent !== null ? ` ${s.percent}%` : 'window unknown'}</span>
            </td>
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
