// The status bar tooltip lists the verifier's re-runs beside the tally (src/extension/statusText.ts
// has no vscode import, so it is tested here on a real tally).
import { strict as assert } from 'node:assert';
import type { Rerun } from '../../../src/core/evidence/rerun';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { computeTally } from '../../../src/core/tally/tally';
import { progressView } from '../../../src/extension/statusText';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { labTranscript, planOf } from '../helpers/fixtures';

const PROVED = 'echo hello-from-bash; echo to-stderr >&2';
// Parsed inside each test, not at load, so a mutation run sees the plan reading under its tests.
function tally(reruns: Rerun[]) {
  const plan = parsePlan(planOf({ S1: '`' + PROVED + '`' }));
  return computeTally({
    goal: { title: 'T', planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null },
    items: plan.items,
    findings: [],
    added: [],
    transcripts: readTranscripts([labTranscript('main')]),
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
    reruns,
  });
}

const rerun = (over: Partial<Rerun>): Rerun => ({ id: 'S1', proof: PROVED, outcome: 'pass', exit: 0, signal: null, durationMs: 5, outputBytes: 0, outputTruncated: false, at: '2026-12-01T00:00:00.000Z', clean: false, timeoutMs: 120_000, error: null, ...over });

describe('status bar tooltip: re-runs', () => {
  it('without re-runs there is no re-run section', () => {
    assert.ok(!progressView(tally([]), { fault: null, trusted: true }).tooltip.includes('Re-run outside the session'));
  });

  it('a failing re-run is listed as taking the proof back, the bar warns, and a clean checkout is marked not counted', () => {
    const v = progressView(tally([rerun({ outcome: 'fail', exit: 2 }), rerun({ clean: true, outcome: 'timeout', exit: null })]), { fault: null, trusted: true });
    assert.equal(v.severity, 'warning');
    const lines = v.tooltip.split('\n');
    const at = lines.indexOf('**Re-run outside the session**');
    assert.ok(at > 0, v.tooltip);
    assert.equal(lines[at + 2], '- `S1` exit 2 · took the proof back · disagrees with the session');
    assert.equal(lines[at + 3], '- `S1` timed out after 120 s · clean checkout of HEAD, not counted · disagrees with the session');
    assert.match(v.tooltip, /S1` failed: failed on re\\-run \\\(exit 2, 2026\\-12\\-01T00:00:00Z\\\)/);
  });

  it('a re-run that exited 0 having run no test is listed with its count, taking the proof back', () => {
    const v = progressView(tally([rerun({ tests: { runner: 'mocha', ran: 0 } })]), { fault: null, trusted: true });
    const lines = v.tooltip.split('\n');
    const at = lines.indexOf('**Re-run outside the session**');
    assert.ok(at > 0, v.tooltip);
    // The lab session's run printed no count, so only the re-run's is named.
    assert.equal(lines[at + 2], '- `S1` exit 0, but the re\\-run ran 0 tests · took the proof back · disagrees with the session');
  });
});
