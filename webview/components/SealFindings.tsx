// Integrity ("seal") findings: what the meter noticed about its evidence and its gates. It never
// claims a check that did not run: with no seal in the workspace the section says "not checked",
// and "no findings" only ever follows a seal that was checked.
import type { ViewState } from '../../src/protocol';
import { FindingAccept } from './FindingAccept';
import { Section } from './Section';

const MARK = { info: 'ℹ', warning: '⚠', error: '✗' } as const;
const ORDER = { error: 0, warning: 1, info: 2 } as const;

function FindingList({ seal }: { seal: ViewState['seal'] }) {
  const sorted = [...seal].sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
  return (
    <ul class="pm-seal-list">
      {sorted.map((f, i) => (
        <li key={`${f.id}-${i}`} class={`pm-seal pm-seal-${f.severity}`} data-severity={f.severity}>
          <span class="pm-seal-mark" role="img" aria-label={f.severity}>
            {MARK[f.severity]}
          </span>
          <span class="pm-id">{f.id}</span>
          <span>{f.message}</span>
          <FindingAccept finding={f} />
        </li>
      ))}
    </ul>
  );
}

export function SealFindings({ seal, sealed }: { seal: ViewState['seal']; sealed: boolean }) {
  return (
    <Section id="pm-seal" title="Seal findings">
      {!sealed ? (
        <div class="pm-empty pm-empty-inline" data-seal="not-checked">
          <p class="pm-empty-title">
            <span class="pm-muted-mark" role="img" aria-label="not checked">
              ○
            </span>{' '}
            Not checked: this workspace has no seal
          </p>
          <p class="pm-muted">
            The seal is taken when a goal is frozen with the hooks installed. It then flags what could make a proof pass without
            the work: loosened tests, edited gate settings or a plan changed after approval.
          </p>
        </div>
      ) : seal.length === 0 ? (
        <div class="pm-empty pm-empty-inline" data-seal="checked">
          <p class="pm-empty-title">
            <span class="pm-pass-mark" role="img" aria-label="passed">
              ✓
            </span>{' '}
            Seal checked: no integrity findings
          </p>
        </div>
      ) : null}
      {seal.length ? <FindingList seal={seal} /> : null}
    </Section>
  );
}
