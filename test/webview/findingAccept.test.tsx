// The dashboard's Accept button beside an integrity error: it asks the host (which confirms with
// the person), only in a trusted workspace, and an accepted finding says so instead.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { mount, textOf as text } from './harness';
import { underWayTally, viewState } from './fixtures';

const ERR = { id: 'F-0000001', severity: 'error' as const, message: 'A Bash pass has no receipt. Run it again.', accepted: null };
const WARN = { id: 'F-0000002', severity: 'warning' as const, message: 'The session ran `git commit --no-verify`. Run the hooks.', accepted: null };

describe("the dashboard's Accept button for a finding", () => {
  afterEach(cleanup);
  const seal = () => screen.getByRole('region', { name: 'Seal findings' });

  it('is there for an open error only, and asks the host to accept that finding', () => {
    const m = mount('dashboard', viewState(underWayTally(), { seal: [ERR, WARN], sealed: true }));
    const buttons = within(seal()).getAllByRole('button', { name: /Accept/ });
    assert.equal(buttons.length, 1, 'no button beside the warning');
    fireEvent.click(buttons[0]!);
    assert.deepEqual(m.sent(), [{ type: 'acceptFinding', id: 'F-0000001' }]);
  });

  it('is not there in an untrusted workspace', () => {
    mount('dashboard', viewState(underWayTally(), { seal: [ERR], sealed: true, trusted: false }));
    assert.equal(within(seal()).queryAllByRole('button', { name: /Accept/ }).length, 0);
  });

  it('an accepted finding says by whom and when, with no button', () => {
    mount('dashboard', viewState(underWayTally(), { seal: [{ ...ERR, accepted: 'your words, 2026-12-01T10:00:00.000Z' }], sealed: true }));
    assert.match(text(seal()), /F-0000001 .* accepted by you \(your words, 2026-12-01T10:00:00\.000Z\)/);
    assert.equal(within(seal()).queryAllByRole('button', { name: /Accept/ }).length, 0);
  });
});
