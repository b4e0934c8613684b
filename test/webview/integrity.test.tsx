// Issue 27 (M1, M6): while an integrity finding holds the verdict the dashboard says so at its top,
// with the remedy's button, and its header is as loud as the status bar; Uninstall Hooks is never
// the primary button.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import type { Finding } from '../../src/core/findings/finding';
import { RECOVER } from '../../src/core/sealRecord/findings';
import { tallyInVsCode } from '../../src/extension/remedies';
import { sealView } from '../../src/extension/sealView';
import type { TallyView } from '../../src/protocol';
import { mount, textOf as text } from './harness';
import { allDoneTally, GATES, underWayTally, viewState } from './fixtures';

const goalChanged = (): Finding => ({
  id: 'F-0000goa',
  kind: 'meter-tampered',
  severity: 'error',
  message: 'The frozen goal .claude/proofmeter/goal.json was changed outside a freeze; the goal as sealed is what counts.',
  action: RECOVER,
  file: '/w/.claude/proofmeter/goal.json',
  line: null,
  evidence: null,
});

/** The state the host sends for this tally: the tally in VS Code's words and the seal view made from it (meter.ts). */
function hostState(t: TallyView, extra: Parameters<typeof viewState>[1] = {}) {
  const shown = tallyInVsCode(t);
  return viewState(shown, { seal: sealView(shown), sealed: true, gates: GATES, ...extra });
}

describe('the integrity banner', () => {
  afterEach(cleanup);
  const banner = () => screen.queryAllByRole('alert').find((a) => a.classList.contains('pm-integrity'));

  it('with a changed goal: first in the dashboard, naming it, its remedy the primary button and Reseal beside it', () => {
    const m = mount('dashboard', hostState({ ...allDoneTally(), integrity: [goalChanged()] }));
    const b = banner();
    assert.ok(b, 'the banner is shown');
    const main = screen.getByRole('main');
    assert.ok(b.compareDocumentPosition(within(main).getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING, 'above the goal header');
    assert.match(text(b), /An integrity finding holds the verdict: F-0000goa The frozen goal .* Run Proofmeter: Doctor to see what changed/);
    assert.doesNotMatch(text(b), /own terminal|proofmeter doctor --/);
    const restore = within(b).getByRole('button', { name: 'Restore Goal' });
    const reseal = within(b).getByRole('button', { name: 'Reseal for This Machine' });
    assert.ok(!restore.classList.contains('pm-button-secondary'));
    assert.ok(reseal.classList.contains('pm-button-secondary'));
    fireEvent.click(restore);
    fireEvent.click(reseal);
    assert.deepEqual(m.sent(), [
      { type: 'runCommand', command: 'proofmeter.restoreGoal' },
      { type: 'runCommand', command: 'proofmeter.reseal' },
    ]);
  });

  it("makes the header and the verdict as loud as the status bar (M6), where without a finding they stay calm", () => {
    mount('dashboard', hostState({ ...allDoneTally(), integrity: [goalChanged()] }));
    assert.equal(screen.getByRole('banner').getAttribute('data-severity'), 'error');
    const verdict = within(screen.getByRole('region', { name: 'Goal tally' })).getAllByRole('status')[0]!;
    assert.equal(verdict.getAttribute('data-severity'), 'error');
    assert.match(text(verdict), /^✗ /);
    cleanup();
    mount('dashboard', hostState(allDoneTally()));
    assert.equal(screen.getByRole('banner').getAttribute('data-severity'), 'ok');
    assert.equal(banner(), undefined, 'no banner when nothing holds the verdict');
  });

  it('is gone once the person accepted the finding', () => {
    const t = { ...allDoneTally(), integrity: [goalChanged()], accepted: [{ id: 'F-0000goa', at: '2026-12-01T00:00:00Z', source: 'dashboard' as const, session: null, promptId: null }] };
    mount('dashboard', hostState(t));
    assert.equal(banner(), undefined);
  });

  it('an evidence error offers Accept Finding…', () => {
    const skipped: Finding = { ...goalChanged(), id: 'F-0000skp', kind: 'test-skipped', message: 'A test was skipped.', action: 'Restore the test.', file: '/w/a.test.ts' };
    const m = mount('dashboard', hostState({ ...underWayTally(), integrity: [skipped] }));
    fireEvent.click(within(banner()!).getByRole('button', { name: 'Accept Finding…' }));
    assert.deepEqual(m.sent(), [{ type: 'runCommand', command: 'proofmeter.acceptFinding' }]);
  });

  it('in an untrusted workspace: the finding, no remedy buttons, and the way to trust', () => {
    mount('dashboard', hostState({ ...allDoneTally(), integrity: [goalChanged()] }, { trusted: false }));
    const b = banner()!;
    assert.equal(within(b).queryAllByRole('button', { name: /Restore|Reseal/ }).length, 0);
    assert.ok(within(b).getByRole('button', { name: 'Manage Workspace Trust' }));
  });

  it('the host refuses a runCommand the protocol does not list, and accepts the remedies', async () => {
    const { webviewMessageSchema } = await import('../../src/protocol');
    for (const command of ['proofmeter.restoreGoal', 'proofmeter.reseal', 'proofmeter.acceptFinding']) assert.ok(webviewMessageSchema.safeParse({ type: 'runCommand', command }).success, command);
    assert.ok(!webviewMessageSchema.safeParse({ type: 'runCommand', command: 'proofmeter.openRun' }).success);
  });
});
