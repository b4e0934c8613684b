// "Close S9…" beside an open item of the person's, in the dashboard's table and the sidebar: it asks
// the host (which confirms in a modal and records the person's word); not for Claude's items, not in
// an untrusted workspace; an item closed that way says "closed by you (Close…)" with no transcript.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import type { TallyView } from '../../src/protocol';
import { mount, textOf as text } from './harness';
import { underWayTally, viewState } from './fixtures';

const section = (name: string) => screen.getByRole('region', { name });
const rowOf = (id: string) => within(section('Expectations')).getAllByRole('row').find((r) => r.getAttribute('data-id') === id)!;

/** The under-way tally with S9 closed through Close… (as the tally reads a witnessed `proofmeter close`). */
function closedS9(): TallyView {
  const t = underWayTally();
  return { ...t, items: t.items.map((i) => (i.id === 'S9' ? { ...i, state: 'closed' as const, detail: 'closed by you (Close…)', closedBy: { source: 'close', time: '2026-12-03T10:00:00.000Z', file: '', line: 0 } } : i)) };
}

describe('Close… on the person’s own items in the webviews', () => {
  afterEach(cleanup);

  it('the dashboard offers Close beside each open item of the person’s, and asks the host to close that one', () => {
    const m = mount('dashboard', viewState(underWayTally()));
    const buttons = within(section('Expectations')).getAllByRole('button', { name: /^Close / });
    assert.deepEqual(
      buttons.map((b) => b.textContent),
      ['Close S9…', 'Close S10…'],
    );
    assert.equal(within(rowOf('S1')).queryAllByRole('button', { name: /^Close / }).length, 0, 'not for Claude’s items');
    fireEvent.click(within(rowOf('S9')).getByRole('button', { name: 'Close S9…' }));
    assert.deepEqual(m.sent(), [{ type: 'closeItem', id: 'S9' }]);
  });

  it('the sidebar offers it in the item’s details', () => {
    const m = mount('sidebar', viewState(underWayTally()));
    fireEvent.click(screen.getByRole('button', { name: /^S9 / }));
    fireEvent.click(screen.getByRole('button', { name: 'Close S9…' }));
    assert.deepEqual(m.sent(), [{ type: 'closeItem', id: 'S9' }]);
  });

  it('is not there in an untrusted workspace', () => {
    mount('dashboard', viewState(underWayTally(), { trusted: false }));
    assert.equal(screen.queryAllByRole('button', { name: /^Close S/ }).length, 0);
  });

  it('an item closed through Close… says so, with its time and no transcript link, and no button', () => {
    mount('dashboard', viewState(closedS9()));
    const row = rowOf('S9');
    assert.match(text(row), /closed by you \(Close…\)/);
    assert.equal(within(row).queryAllByRole('button', { name: /^Close / }).length, 0, 'no Close button once closed');
    assert.equal(row.querySelector('.pm-closed-by button, .pm-closed-by a'), null, 'no transcript link for Close…');
    assert.ok(row.querySelector('.pm-closed-by time'), 'its time');
  });

  it('the page may ask to close an item id, and nothing else', async () => {
    const { webviewMessageSchema } = await import('../../src/protocol');
    assert.equal(webviewMessageSchema.safeParse({ type: 'closeItem', id: 'V1' }).success, true);
    assert.equal(webviewMessageSchema.safeParse({ type: 'closeItem', id: '../V1' }).success, false);
  });
});
