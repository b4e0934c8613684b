// Every item of the goal: id, list, owner, proof, state and what decided it.
import { splitAdded } from '../../src/core/plan/planChanges';
import { ledgerReasonText, ranNotCounted } from '../../src/core/tally/notCounted';
import type { ItemView, TallyView } from '../../src/protocol';
import { itemDomKey } from '../items';
import { itemTitle, ownerLabel } from '../labels';
import { CloseItem } from './CloseItem';
import { ItemEvidence } from './Evidence';
import { PlanLink } from './Links';
import { NoPlan } from './NoPlan';
import { Section } from './Section';
import { StateBadge } from './StateBadge';
import { DataTable } from './DataTable';

/** The DOM id of an item's row, for the host's reveal message. */
export function rowId(item: ItemView): string {
  return `pm-row-${itemDomKey(item).replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

type LedgerEntry = TallyView['ledger'][number];

function Row({ item, revealed, notCounted, changed }: { item: ItemView; revealed: boolean; notCounted: LedgerEntry | null; changed: boolean }) {
  return (
    <tr id={rowId(item)} tabIndex={-1} class={`pm-row${revealed ? ' pm-revealed' : ''}`} data-state={item.state} data-id={item.id}>
      <th scope="row" class="pm-cell-id">
        <PlanLink line={item.planLine} label={`Open ${item.id} in the plan at line ${item.planLine}`}>
          {item.id}
        </PlanLink>
        <div class="pm-item-text" title={item.text}>
          {itemTitle(item)}
        </div>
        {changed ? <div class="pm-detail pm-changed">changed after approval</div> : null}
      </th>
      <td data-label="List">{item.list || '—'}</td>
      <td data-label="Owner">{ownerLabel(item.owner)}</td>
      <td data-label="Proof">{item.proof ? <code class="pm-proof">{item.proof}</code> : <span class="pm-muted">no usable proof</span>}</td>
      <td data-label="State">
        <StateBadge state={item.state} notCounted={!!notCounted} />
        <div class="pm-detail">{notCounted ? ledgerReasonText(notCounted.reason) : item.detail}</div>
      </td>
      <td data-label="Deciding run">
        <ItemEvidence item={item} notCounted={notCounted} />
        <CloseItem item={item} />
      </td>
    </tr>
  );
}

type Added = TallyView['added'][number];

function AfterApproval({ entries, what, intro }: { entries: Added[]; what: 'changed' | 'added'; intro: string }) {
  if (!entries.length) return null;
  return (
    <p class="pm-added" data-after-approval={what}>
      {intro}{' '}
      {entries.map((a, i) => (
        <span key={`${a.id}-${a.line}`}>
          {i ? ', ' : ''}
          <PlanLink line={a.line} label={`Open the ${what} item ${a.id || `at line ${a.line}`} in the plan`}>
            {a.id || `line ${a.line}`}
          </PlanLink>
        </span>
      ))}
    </p>
  );
}

export function ExpectationsTable({ tally, revealKey }: { tally: TallyView; revealKey: string | null }) {
  const { items } = tally;
  const { changed, added } = splitAdded(tally.added, items);
  const changedIds = new Set(changed.map((c) => c.id));
  return (
    <Section id="pm-expectations" title="Expectations">
      {items.length === 0 ? (
        <NoPlan planPath={tally.goal.planPath} />
      ) : (
        <DataTable class="pm-expectations" caption="Every item of the goal with its proof and the run that decides it" columns={['Item', 'List', 'Owner', 'Proof', 'State', 'Deciding run']}>
          {items.map((item) => (
            <Row
              key={itemDomKey(item)}
              item={item}
              revealed={revealKey === itemDomKey(item)}
              notCounted={ranNotCounted(item, tally.ledger)}
              changed={changedIds.has(item.id)}
            />
          ))}
        </DataTable>
      )}
      <AfterApproval entries={changed} what="changed" intro="Changed after approval (the approved text still counts):" />
      <AfterApproval entries={added} what="added" intro="Added after approval, not counted:" />
    </Section>
  );
}
