// Which re-run applies to an item (same id, same proof, owned by Claude, the newest) and when it
// takes a proof back (only a proved item, only when strictly newer than its deciding run).
import { strict as assert } from 'node:assert';
import type { ItemEvidence } from '../../../src/core/evidence/evidence';
import { applyReruns, rerunDetail, verifierView, type Rerun } from '../../../src/core/evidence/rerun';
import type { ItemState } from '../../../src/core/evidence/evidenceSchema';
import type { Owner } from '../../../src/core/types';

const PROOF = 'npm test';
const RUN_AT = '2025-01-02T03:04:05.000Z';

function evidence(id: string, state: ItemState, runTime: string | null, owner: Owner = 'claude', detail = 'exit code 0'): ItemEvidence {
  return {
    item: { id, list: 'Steps', text: `${id} \`${PROOF}\``, key: id.toLowerCase(), owner, proof: { kind: 'command', command: PROOF }, line: 1 },
    state,
    deciding: {
      run: { toolUseId: `tu-${id}`, command: PROOF, at: { file: 'main.jsonl', line: 3, time: runTime }, source: 'main', sidechain: false },
      end: { kind: 'passed' },
      endAt: null,
      exitCode: 0,
    },
    closedBy: null,
    handover: null,
    detail,
  };
}

function rerun(id: string, outcome: Rerun['outcome'], at: string): Rerun {
  return { id, proof: PROOF, outcome, exit: outcome === 'fail' ? 1 : outcome === 'pass' ? 0 : null, signal: null, durationMs: 5, outputBytes: 0, outputTruncated: false, at, clean: false, timeoutMs: 120_000, error: null };
}

const states = (items: ItemEvidence[]) => items.map((e) => [e.item.id, e.state, e.detail]);

describe('which re-run applies and when it takes a proof back', () => {
  it('a re-run of an item not owned by Claude is not shown, even when its proof is a command', () => {
    const view = verifierView([evidence('H1', 'open', null, 'human')], [rerun('H1', 'fail', '2025-01-02T03:05:00.000Z')]);
    assert.deepEqual(view.results, []);
    assert.deepEqual(view.disagreements, []);
  });

  it('a re-run of one item does not apply to another item with the same proof', () => {
    const items = [evidence('S1', 'proved', RUN_AT), evidence('S2', 'proved', RUN_AT)];
    const out = applyReruns(items, [rerun('S1', 'fail', '2025-01-02T03:05:00.000Z')]);
    assert.deepEqual(states(out), [
      ['S1', 'failed', 'failed on re-run (exit 1, 2025-01-02T03:05:00Z)'],
      ['S2', 'proved', 'exit code 0'],
    ]);
  });

  it('the newest re-run applies even when an older one comes after it in the list', () => {
    const items = [evidence('S1', 'proved', RUN_AT)];
    const out = applyReruns(items, [rerun('S1', 'pass', '2025-01-02T03:09:00.000Z'), rerun('S1', 'fail', '2025-01-02T03:06:00.000Z')]);
    assert.deepEqual(states(out), [['S1', 'proved', 'exit code 0']]);
  });

  it('a deciding run whose record has no time counts as older, so a failing re-run takes the proof back', () => {
    const out = applyReruns([evidence('S1', 'proved', null)], [rerun('S1', 'fail', '2025-01-02T03:05:00.000Z')]);
    assert.deepEqual(states(out), [['S1', 'failed', 'failed on re-run (exit 1, 2025-01-02T03:05:00Z)']]);
  });

  it('a failing re-run at the very instant of the deciding run is not newer and takes nothing back', () => {
    const out = applyReruns([evidence('S1', 'proved', RUN_AT)], [rerun('S1', 'fail', RUN_AT)]);
    assert.deepEqual(states(out), [['S1', 'proved', 'exit code 0']]);
  });

  it('a failing re-run leaves an item the session already failed as it was, its own detail kept', () => {
    const out = applyReruns([evidence('S1', 'failed', RUN_AT, 'claude', 'exit code 3')], [rerun('S1', 'fail', '2025-01-02T03:05:00.000Z')]);
    assert.deepEqual(states(out), [['S1', 'failed', 'exit code 3']]);
  });

  it('only fractional seconds that end the time are cut from the detail', () => {
    const r = rerun('S1', 'fail', '2025-01-02T03:05:00.250Z (local)');
    assert.equal(rerunDetail(r), 'failed on re-run (exit 1, 2025-01-02T03:05:00.250Z (local))');
  });
});
