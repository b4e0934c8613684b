// Hook health: each gate armed or not, as `proofmeter doctor` reports it.
import { gateCount } from '../../src/extension/doctorVerdict';
import type { ViewState } from '../../src/protocol';
import { Section } from './Section';
import { Time } from './Time';
import { DataTable } from './DataTable';

export function HookHealth({ gates }: { gates: ViewState['gates'] }) {
  // Counted as doctor counts: the status line is listed but is not a gate.
  const { armed, total } = gateCount(gates);
  return (
    <Section id="pm-hooks" title="Hook health">
      {gates.length === 0 ? (
        <p class="pm-muted">No gate report yet. Run Proofmeter: Doctor to check the hooks.</p>
      ) : (
        <>
          <p class={armed === total ? 'pm-ok-text' : 'pm-warn-text'} data-verdict={`${armed}/${total}`}>
            {armed} of {total} gates armed
          </p>
          <DataTable class="pm-gates" caption="Each gate and whether it is armed" columns={['Gate', 'Status', 'Detail', 'Last fired']}>
            {gates.map((g) => (
              <tr key={g.gate} data-armed={String(g.armed)}>
                <th scope="row">{g.gate}</th>
                <td>
                  <span class={`pm-badge pm-tone-${g.armed ? 'passed' : g.statusLine ? 'neutral' : 'failed'}`}>
                    <span class="pm-badge-mark" aria-hidden="true">
                      {g.armed ? '●' : '○'}
                    </span>
                    {g.statusLine ? (g.armed ? 'set up' : 'not set up') : g.armed ? 'armed' : 'unarmed'}
                  </span>
                </td>
                <td>{g.detail}</td>
                <td>{g.lastFired ? <Time iso={g.lastFired} /> : <span class="pm-muted">never</span>}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </Section>
  );
}
