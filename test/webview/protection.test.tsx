// The dashboard's header names the protection in force (core/install/protection.ts): a badge for
// each of the three levels, `guard only` as a warning with its reasons and remedy.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, screen, within } from '@testing-library/preact';
import type { ProtectionView } from '../../src/protocol';
import { mount, sendFromHost, textOf as text } from './harness';
import { underWayTally, viewState } from './fixtures';

const LOCKED: ProtectionView = { level: 'kernel, locked', reasons: [], remedy: null };
const KERNEL: ProtectionView = {
  level: 'kernel',
  reasons: ['project settings can still switch the sandbox off for a new session'],
  remedy: 'start Claude Code with proofmeter run -- claude to lock it',
};
const GUARD_ONLY: ProtectionView = {
  level: 'guard only',
  reasons: ['bwrap and socat are not installed'],
  remedy: 'install them (Debian/Ubuntu: apt-get install bubblewrap socat), then run proofmeter install',
};

const stateWith = (protection: ProtectionView | undefined) => viewState({ ...underWayTally(), protection });
const header = () => screen.getByRole('banner');
/** The protection line of the header, or null. */
const line = () => header().querySelector('.pm-protection');

describe('dashboard: the protection in force', () => {
  afterEach(cleanup);

  it('kernel, locked: a badge naming it, nothing to fix', () => {
    mount('dashboard', stateWith(LOCKED));
    const p = line()!;
    assert.equal(text(p), '✓ Protection: kernel, locked');
    assert.equal(p.getAttribute('data-level'), 'kernel, locked');
    assert.ok(p.querySelector('.pm-badge.pm-tone-passed'), 'shown as a good state');
    assert.equal(p.querySelector('.pm-warn-text'), null);
  });

  it('kernel: a badge naming it and, muted, how to lock it', () => {
    mount('dashboard', stateWith(KERNEL));
    const p = line()!;
    assert.equal(text(p), '✓ Protection: kernel start Claude Code with proofmeter run -- claude to lock it');
    assert.ok(p.querySelector('.pm-badge.pm-tone-passed'));
    assert.equal(p.querySelector('.pm-muted')?.textContent, KERNEL.remedy);
    assert.equal(p.querySelector('.pm-warn-text'), null, 'not a warning');
  });

  it('guard only: a warning badge, the reasons and the remedy in full', () => {
    mount('dashboard', stateWith(GUARD_ONLY));
    const p = line()!;
    assert.equal(p.getAttribute('data-level'), 'guard only');
    assert.ok(p.classList.contains('pm-protection-warn'));
    const badge = p.querySelector('.pm-badge')!;
    assert.ok(badge.classList.contains('pm-tone-pending'), 'the warning tone');
    assert.equal(text(badge), '⚠ Protection: guard only');
    assert.equal(badge.querySelector('.pm-badge-mark')?.getAttribute('aria-hidden'), 'true', 'the mark is decoration; the words say it');
    assert.equal(
      text(p.querySelector('.pm-warn-text')!),
      'Warning: bwrap and socat are not installed. To fix it: install them (Debian/Ubuntu: apt-get install bubblewrap socat), then run proofmeter install.',
    );
  });

  it('guard only with several reasons lists each', () => {
    mount('dashboard', stateWith({ ...GUARD_ONLY, reasons: ['sandbox.enabled is false in local settings', 'sandbox.excludedCommands in user settings runs those commands outside the sandbox'] }));
    assert.match(text(line()!), /Warning: sandbox\.enabled is false in local settings; sandbox\.excludedCommands in user settings runs those commands outside the sandbox\./);
  });

  it('follows the host: a settings change that turns the sandbox off turns the line into the warning', () => {
    mount('dashboard', stateWith(KERNEL));
    assert.equal(line()!.getAttribute('data-level'), 'kernel');
    sendFromHost({ type: 'state', state: stateWith({ ...GUARD_ONLY, reasons: ['sandbox.enabled is false in local settings'], remedy: 'run proofmeter install (without --no-sandbox) to write the sandbox settings' }) });
    assert.equal(line()!.getAttribute('data-level'), 'guard only');
    assert.match(text(line()!), /To fix it: run proofmeter install \(without --no-sandbox\) to write the sandbox settings\.$/);
  });

  it('a tally with no protection read (given files) shows no line, and the header stays as it was', () => {
    mount('dashboard', stateWith(undefined));
    assert.equal(line(), null);
    assert.equal(within(header()).queryByText(/Protection:/), null);
  });
});
