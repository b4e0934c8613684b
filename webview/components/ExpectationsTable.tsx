// Every item of the goal: id, list, owner, proof, state and what decided it.
import type { ItemView, TallyView } from '../../src/protocol';
import { itemKey } from '../items';
import { itemTitle, ownerLabel } from '../labels';
import { ItemEvidence } from './Evidence';
import { PlanLink } from './Links';
import { NoPlan } from './NoPlan';
import { Section } from './Section';
import { StateBadge } from './StateBadge';

/** The DOM id of an item's row, for the host's reveal message. */
export function rowId(item: ItemView): string {
  return `pm-row-${itemKey(item).replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function Row({ item, revealed }: { item: ItemView; revealed: boolean }) {
  return (
    <tr id={rowId(item)} tabIndex={-1} class={`pm-row${revealed ? ' pm-revealed' : ''}`} data-state={item.state} data-id={item.id}>
      <th scope="row" class="pm-cell-id">
        <PlanLink line={item.planLine} label={`Open ${item.id} in the plan at line ${item.planLine}`}>
          {item.id}
        </PlanLink>
        <div class="pm-item-text" title={item.text}>
          {itemTitle(item)}
        </div>
      </th>
      <td>{item.list || '—'}</td>
      <td>{ownerLabel(item.owner)}</td>
      <td>{item.proof ? <code class="pm-proof">{item.proof}</code> : <span class="pm-muted">no usable proof</span>}</td>
      <td>
        <StateBadge state={item.state} />
        <div class="pm-detail">{item.detail}</div>
      </td>
      <td>
        <ItemEvidence item={item} />
      </td>
    </tr>
  );
}

export function ExpectationsTable({ tally, revealKey }: { tally: TallyView; revealKey: string | null }) {
  const { items, added } = tally;
  return (
    <Section id="pm-expectations" title="Expectations">
      {items.length === 0 ? (
        <NoPlan planPath={tally.goal.planPath} />
      ) : (
        <div class="pm-table-wrap">
          <table class="pm-table pm-expectations">
            <caption class="pm-sr-only">Every item of the goal with its proof and the run that decides it</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">List</th>
                <th scope="col">Owner</th>
                <th scope="col">Proof</th>
                <th scope="col">State</th>
                <th scope="col">Deciding run</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <Row key={itemKey(item)} item={item} revealed={revealKey === itemKey(item)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {added.length ? (
        <p class="pm-added">
          Added after approval, not counted:{' '}
          {added.map((a, i) => (
            <span key={`${a.id}-${a.line}`}>
              {i ? ', ' : ''}
              <PlanLink line={a.line} label={`Open the added item ${a.id || `at line ${a.line}`} in the plan`}>
                {a.id || `line ${a.line}`}
              </PlanLink>
            </span>
          ))}
        </p>
      ) : null}
    </Section>
  );
}
