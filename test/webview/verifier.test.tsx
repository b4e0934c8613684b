// The dashboard's re-run section, from a real tally: the recorded lab/main session proves its
// items, and a saved re-run that failed after it takes one back.
import './dom';
import { strict as assert } from 'node:assert';
import { cleanup, screen, within } from '@testing-library/preact';
import type { Rerun } from '../../src/core/evidence/rerun';
import { parsePlan } from '../../src/core/plan/parsePlan';
import { computeTally } from '../../src/core/tally/tally';
import { readTranscripts } from '../../src/workspace/workspaceTally';
import { labTranscript } from '../unit/helpers/fixtures';
import { allDonePlan, clean, viewState } from './fixtures';
import { mount, textOf } from './harness';

const LATER = '2026-11-30T10:00:00.000Z';

function rerun(id: string, proof: string, over: Partial<Rerun>): Rerun {
  return { id, proof, outcome: 'pass', exit: 0, signal: null, durationMs: 12, outputBytes: 40, outputTruncated: false, at: LATER, clean: false, timeoutMs: 120_000, error: null, ...over };
}

function tallyWith(reruns: Rerun[]) {
  const p = parsePlan(allDonePlan);
  return computeTally({
    goal: { title: p.title, planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: p.items,
    findings: [],
    added: [],
    transcripts: readTranscripts([labTranscript('main')]),
    git: clean,
    home: '/home/dev',
    countSdkPrompts: false,
    reruns,
  });
}

const S1 = 'echo hello-from-bash; echo to-stderr >&2';
const V1 = 'sleep 2; echo done-bg';

describe('dashboard: re-run outside the session', () => {
  afterEach(cleanup);

  it('no saved re-runs: no section', () => {
    mount('dashboard', viewState(tallyWith([])));
    assert.equal(screen.queryByRole('region', { name: 'Re-run outside the session' }), null);
  });

  it('a failed re-run leads, says it took the proof back, and the clean checkout is shown apart', () => {
    const t = tallyWith([
      rerun('S1', S1, {}),
      rerun('V1', V1, { outcome: 'fail', exit: 1 }),
      rerun('V1', V1, { outcome: 'timeout', exit: null, clean: true, timeoutMs: 1000 }),
    ]);
    assert.equal(t.verdict, 'not-done', 'the engine took V1 back');
    mount('dashboard', viewState(t));
    const region = screen.getByRole('region', { name: 'Re-run outside the session' });
    assert.match(textOf(region), /The session and the re-runs disagree on V1\. Taken back: V1 \(open until a newer run in the session passes\)\./);
    const [tree, cleanTable] = within(region).getAllByRole('table');
    const rows = within(tree!).getAllByRole('row').slice(1);
    assert.deepEqual(rows.map((r) => r.getAttribute('data-id')), ['V1', 'S1'], 'the disagreement first');
    assert.match(textOf(rows[0]!), /^V1 sleep 2; echo done-bg failed: exit 1 12 ms, 40 bytes of output; took the proof back proved/);
    assert.equal(rows[0]!.classList.contains('pm-disagree'), true);
    assert.match(textOf(rows[1]!), /^S1 echo hello-from-bash; echo to-stderr >&2 passed 12 ms/);
    assert.match(textOf(within(cleanTable!).getAllByRole('row')[1]!), /^V1 sleep 2; echo done-bg timed out after 1 s/);
    // The expectations table reads the item as the engine does.
    const v1 = within(screen.getByRole('region', { name: 'Expectations' })).getAllByRole('row').find((r) => r.getAttribute('data-id') === 'V1')!;
    assert.match(textOf(v1), /failed on re-run \(exit 1, 2026-11-30T10:00:00Z\)/);
  });

  it('re-runs that agree say so', () => {
    mount('dashboard', viewState(tallyWith([rerun('S1', S1, {})])));
    const region = screen.getByRole('region', { name: 'Re-run outside the session' });
    assert.match(textOf(region), /The re-runs agree with the session\./);
  });
});
