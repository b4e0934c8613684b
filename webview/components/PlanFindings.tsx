// A refused plan: each finding with its line and the fix it teaches.
import type { TallyView } from '../../src/protocol';
import { CodeText } from './CodeText';
import { PlanLink } from './Links';
import { Section } from './Section';

export interface PlanFindingsProps {
  findings: TallyView['findings'];
  /** The narrow sidebar folds the list away behind a summary. */
  compact?: boolean;
}

export function PlanFindings({ findings, compact = false }: PlanFindingsProps) {
  if (!findings.length) return null;
  const n = findings.length;
  const list = (
    <ul class="pm-finding-list">
      {findings.map((f, i) => (
        <li key={`${f.line}-${i}`} class="pm-finding" data-rule={f.rule}>
          <span class="pm-finding-mark" role="img" aria-label="finding">
            ✗
          </span>
          <PlanLink line={f.line} label={`Open the plan at line ${f.line}`}>{`line ${f.line}`}</PlanLink>
          <span class="pm-finding-message">
            <CodeText text={f.message} />
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <Section id="pm-plan-findings" class="pm-findings" title={`Plan refused: ${n} finding${n === 1 ? '' : 's'}`}>
      <p class="pm-muted">The plan gate refuses approval until each finding is fixed; an item without a usable proof can never count.</p>
      {compact ? (
        <details class="pm-findings-details">
          <summary>Show the {n === 1 ? 'finding' : `${n} findings`}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </Section>
  );
}
