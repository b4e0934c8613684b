// Integrity ("seal") findings; a later check fills them, the section and its empty state are here now.
import type { ViewState } from '../../src/protocol';
import { Section } from './Section';

const MARK = { info: 'ℹ', warning: '⚠', error: '✗' } as const;

export function SealFindings({ seal }: { seal: ViewState['seal'] }) {
  return (
    <Section id="pm-seal" title="Seal findings">
      {seal.length === 0 ? (
        <div class="pm-empty pm-empty-inline">
          <p class="pm-empty-title">
            <span class="pm-pass-mark" role="img" aria-label="passed">
              ✓
            </span>{' '}
            No integrity findings
          </p>
          <p class="pm-muted">
            The seal check will flag anything that could make a proof pass without the work: loosened tests, edited gate settings
            or a plan changed after approval.
          </p>
        </div>
      ) : (
        <ul class="pm-seal-list">
          {seal.map((f, i) => (
            <li key={`${f.id}-${i}`} class={`pm-seal pm-seal-${f.severity}`}>
              <span class="pm-seal-mark" role="img" aria-label={f.severity}>
                {MARK[f.severity]}
              </span>
              <span class="pm-id">{f.id}</span>
              <span>{f.message}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
