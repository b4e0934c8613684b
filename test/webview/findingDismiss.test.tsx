// The dashboard's Dismiss button beside an integrity warning: it asks the host (which confirms with
// the person), only in a trusted workspace; a dismissed warning says so instead.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { mount, textOf as text } from './harness';
import { underWayTally, viewState } from './fixtures';

const ERR = { id: 'F-0000001', severity: 'error' as const, message: 'A Bash pass has no receipt. Run it again.', accepted: null };
const WARN = { id: 'F-0000002', severity: 'warning' as const, message: 'scripts/check.sh is new.', accepted: null };
const INFO = { id: 'F-0000003', severity: 'info' as const, message: 'The approved plan names ci/run.sh.', accepted: null };

describe("the dashboard's Dismiss button for a warning", () => {
  afterEach(cleanup);
  const seal = () => screen.getByRole('region', { name: 'Seal findings' });

  it('is there for an open warning only, and asks the host to dismiss that finding', () => {
    const m = mount('dashboard', viewState(underWayTally(), { seal: [ERR, WARN, INFO], sealed: true }));
    const buttons = within(seal()).getAllByRole('button', { name: /Dismiss/ });
    assert.equal(buttons.length, 1, 'no Dismiss beside the error or the info');
    fireEvent.click(buttons[0]!);
    assert.deepEqual(m.sent(), [{ type: 'dismissFinding', id: 'F-0000002' }]);
  });

  it('is not there in an untrusted workspace', () => {
    mount('dashboard', viewState(underWayTally(), { seal: [WARN], sealed: true, trusted: false }));
    assert.equal(within(seal()).queryAllByRole('button', { name: /Dismiss/ }).length, 0);
  });

  it('a dismissed warning, listed as info, says by whom and when, with no button', () => {
    mount('dashboard', viewState(underWayTally(), { seal: [{ ...WARN, severity: 'info', accepted: 'the dashboard, 2026-12-03T10:00:00.000Z' }], sealed: true }));
    assert.match(text(seal()), /F-0000002 .* dismissed by you \(the dashboard, 2026-12-03T10:00:00\.000Z\)/);
    assert.equal(within(seal()).queryAllByRole('button').length, 0);
  });
});
