// The verifier's re-runs: each of Claude's proofs run again outside the agent's shell, beside what
// the session's evidence says. Disagreements come first; a re-run that took a proof back says so.
import type { TallyView } from '../../src/protocol';
import { Section } from './Section';
import { Time } from './Time';
import { DataTable } from './DataTable';

type Rerun = NonNullable<TallyView['verifier']>['results'][number];

/** "exit 1", "timed out after 120 s", "could not run: ENOENT". */
export function rerunEndText(r: Rerun): string {
  switch (r.outcome) {
    case 'pass':
      return 'passed';
    case 'timeout':
      return `timed out after ${Math.round(r.timeoutMs / 1000)} s`;
    case 'error':
      return `could not run: ${r.error ?? 'unknown error'}`;
    case 'fail':
      return r.exit !== null ? `failed: exit ${r.exit}` : `failed: killed by ${r.signal ?? 'a signal'}`;
  }
}

function RerunTable({ rows, caption, disagree }: { rows: Rerun[]; caption: string; disagree: Set<string> }) {
  return (
    <DataTable class="pm-reruns" caption={caption} columns={['Item', 'Proof', 'Re-run', 'The session', 'When']}>
      {rows.map((r) => (
        <tr key={`${r.clean ? 'clean' : 'tree'}-${r.id}`} data-id={r.id} data-outcome={r.outcome} class={disagree.has(r.id) ? 'pm-disagree' : undefined}>
          <td class="pm-id">{r.id}</td>
          <td>
            <code class="pm-proof">{r.proof}</code>
          </td>
          <td>
            <span class={`pm-badge pm-tone-${r.outcome === 'pass' ? 'passed' : 'failed'}`}>{rerunEndText(r)}</span>
            <div class="pm-detail pm-muted">
              {r.durationMs} ms, {r.outputBytes} bytes of output{r.outputTruncated ? ' (first 256 KiB kept)' : ''}
              {r.reopened ? '; took the proof back' : ''}
            </div>
          </td>
          <td>{r.session}</td>
          <td>
            <Time iso={r.at} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function VerifierResults({ verifier }: { verifier: TallyView['verifier'] }) {
  if (!verifier || (verifier.results.length === 0 && verifier.clean.length === 0)) return null;
  const disagree = new Set(verifier.disagreements);
  const first = (rows: Rerun[]) => [...rows].sort((a, b) => Number(disagree.has(b.id)) - Number(disagree.has(a.id)));
  return (
    <Section id="pm-verifier" title="Re-run outside the session">
      {verifier.disagreements.length ? (
        <p class="pm-warn-text" role="status">
          {`The session and the re-runs disagree on ${verifier.disagreements.join(', ')}.`}
          {verifier.reopened.length ? ` Taken back: ${verifier.reopened.join(', ')} (open until a newer run in the session passes).` : ''}
        </p>
      ) : (
        <p class="pm-muted">The re-runs agree with the session.</p>
      )}
      {verifier.results.length ? <RerunTable rows={first(verifier.results)} caption="Re-runs in the work tree" disagree={disagree} /> : null}
      {verifier.clean.length ? (
        <>
          <h3 class="pm-subtitle">In a clean checkout of HEAD (checks what is committed; never counted)</h3>
          <RerunTable rows={first(verifier.clean)} caption="Re-runs in a clean checkout of HEAD" disagree={disagree} />
        </>
      ) : null}
    </Section>
  );
}
