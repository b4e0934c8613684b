// Every table of the dashboard has the same accessible frame: a caption that names it, one header
// row of column headers, and its rows in the body.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, screen, within } from '@testing-library/preact';
import { mount } from './harness';
import { GATES, underWayTally, viewState } from './fixtures';

describe("the dashboard's tables", () => {
  afterEach(cleanup);

  const tables: Array<[string, string[]]> = [
    ['Every item of the goal with its proof and the run that decides it', ['Item', 'List', 'Owner', 'Proof', 'State', 'Deciding run']],
    ['Each gate and whether it is armed', ['Gate', 'Status', 'Detail', 'Last fired']],
  ];
  for (const [caption, columns] of tables) {
    it(`"${caption}" is named by its caption and has the columns ${columns.join(', ')}`, () => {
      mount('dashboard', viewState(underWayTally(), { gates: GATES }));
      const table = screen.getByRole('table', { name: caption });
      const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
      assert.deepEqual(headers, columns);
      for (const h of within(table).getAllByRole('columnheader')) assert.equal(h.getAttribute('scope'), 'col');
      const [head, ...body] = within(table).getAllByRole('rowgroup');
      assert.equal(within(head!).getAllByRole('row').length, 1, 'one header row');
      assert.ok(body.length === 1 && within(body[0]!).getAllByRole('row').length > 0, 'the rows are in the body');
    });
  }
});
