// One item in the evidence browser: a button that expands its evidence and its links.
import { ledgerReasonText } from '../../src/core/tally/notCounted';
import type { ItemView, TallyView } from '../../src/protocol';
import { useActions } from '../actions';
import { itemTitle, ownerLabel } from '../labels';
import { CloseItem } from './CloseItem';
import { ItemEvidence } from './Evidence';
import { StateBadge } from './StateBadge';

export interface SidebarItemProps {
  item: ItemView;
  domId: string;
  expanded: boolean;
  revealed: boolean;
  /** The newest run of its proof that did not count, when nothing decides it. */
  notCounted: TallyView['ledger'][number] | null;
  onToggle: () => void;
}

export function SidebarItem({ item, domId, expanded, revealed, notCounted, onToggle }: SidebarItemProps) {
  const { openPlan, openTranscript } = useActions();
  // Words closed it in a transcript; Close… (source close) has no transcript line.
  const transcript = item.run ?? (item.closedBy?.file ? item.closedBy : null) ?? notCounted?.run ?? null;
  return (
    <li class={`pm-item${expanded ? ' pm-item-open' : ''}${revealed ? ' pm-revealed' : ''}`} data-state={item.state} data-id={item.id}>
      <button
        type="button"
        id={`${domId}-toggle`}
        class="pm-item-toggle"
        aria-expanded={expanded}
        aria-controls={`${domId}-details`}
        onClick={onToggle}
      >
        <span class="pm-chevron" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
        <span class="pm-id">{item.id}</span>
        <span class="pm-item-text" title={item.text}>
          {itemTitle(item)}
        </span>
        <StateBadge state={item.state} notCounted={!!notCounted} />
      </button>
      <div id={`${domId}-details`} class="pm-item-details" role="region" aria-labelledby={`${domId}-toggle`} hidden={!expanded}>
        <dl class="pm-facts">
          <dt>Proof</dt>
          <dd>{item.proof ? <code class="pm-proof">{item.proof}</code> : <span class="pm-muted">no usable proof</span>}</dd>
          <dt>Owner</dt>
          <dd>{ownerLabel(item.owner)}</dd>
          <dt>State</dt>
          <dd>{notCounted ? ledgerReasonText(notCounted.reason) : item.detail}</dd>
          <dt>Evidence</dt>
          <dd>
            <ItemEvidence item={item} notCounted={notCounted} />
          </dd>
        </dl>
        <div class="pm-item-actions">
          {item.planLine >= 1 ? (
            <button type="button" class="pm-button pm-button-secondary" onClick={() => openPlan(item.planLine)}>
              Open plan line {item.planLine}
            </button>
          ) : null}
          {transcript ? (
            <button type="button" class="pm-button pm-button-secondary" onClick={() => openTranscript(transcript.file, transcript.line)}>
              Open transcript
            </button>
          ) : null}
          <CloseItem item={item} />
        </div>
      </div>
    </li>
  );
}
