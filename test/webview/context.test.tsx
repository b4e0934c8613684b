// The dashboard's context section, from context states read off real recordings the way the
// extension host reads them, posted through the host's message schema.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, screen, within } from '@testing-library/preact';
import { contextSummary } from '../../src/core/context/contextView';
import { contextView } from '../../src/extension/contextSource';
import type { SessionContextView } from '../../src/protocolContext';
import { readContextResumed } from '../../src/workspace/contextRead';
import { labTranscript, recordedTranscript } from '../unit/helpers/fixtures';
import { mount, textOf } from './harness';
import { GATES, underWayTally, viewState } from './fixtures';

function sessionOf(path: string, window: number | null = null): SessionContextView {
  const r = readContextResumed(path, null)!;
  return contextView({ ...contextSummary(r.saved.state, window), file: path, updatedAt: '2026-11-29T23:00:00.000Z' });
}

const region = () => screen.getByRole('region', { name: 'Context' });
const rowOf = (session: string) => {
  const row = within(region())
    .getAllByRole('row')
    .find((r) => r.getAttribute('data-session')?.startsWith(session));
  if (!row) throw new Error(`no row for ${session}`);
  return row;
};

describe('the dashboard context section', () => {
  afterEach(cleanup);
  const compacted = sessionOf(labTranscript('main'));
  const demo = sessionOf(recordedTranscript('demo'), 200_000);

  it('lists each session with its size, what was reported and its compactions', () => {
    mount('dashboard', viewState(underWayTally(), { gates: GATES, context: [compacted, demo] }));
    const c = textOf(rowOf('f10e432c'));
    assert.match(c, /^f10e432c claude-opus-5-5 ~[\d.]+k tokens estimated from the text \(~[\d.]+k\); nothing reported yet window unknown 1 \(the last manual: 120 → 2\.7k tokens\) /);
    const d = textOf(rowOf('5f7bb7e8'));
    assert.match(d, /^5f7bb7e8 claude-opus-5-5 ~\d+ tokens of 200k the provider reported 100; the text alone reads ~[\d.]+k .*% none /);
    const headers = within(region()).getAllByRole('columnheader').map((h) => textOf(h));
    assert.deepEqual(headers, ['Session', 'In context', 'Share of the window', 'Compactions', 'Updated']);
  });

  it('shows the share of a known window as a meter', () => {
    mount('dashboard', viewState(underWayTally(), { gates: GATES, context: [demo] }));
    const meter = region().querySelector('meter');
    assert.ok(meter, 'a meter element');
    assert.equal(Number(meter.getAttribute('value')), demo.percent);
    assert.equal(meter.getAttribute('aria-label'), `${demo.percent}% of the window`);
  });

  it('shows no section when the host sent no context', () => {
    mount('dashboard', viewState(underWayTally(), { gates: GATES }));
    assert.equal(screen.queryByRole('region', { name: 'Context' }), null);
  });

  it('shows the section without a goal too: the context is the session\'s, not the plan\'s', () => {
    mount('dashboard', viewState(null, { gates: GATES, context: [compacted] }));
    assert.ok(rowOf('f10e432c'));
  });
});
