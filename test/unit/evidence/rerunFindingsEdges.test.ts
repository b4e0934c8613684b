// A newer failing re-run takes back only a proved item, and the finding it raises says which item and
// what to do; each item's finding has its own id so the two are not taken for one.
import { strict as assert } from 'node:assert';
import type { ItemEvidence } from '../../../src/core/evidence/evidence';
import { verifierView, type Rerun } from '../../../src/core/evidence/rerun';
import type { ItemState } from '../../../src/core/evidence/evidenceSchema';

const PROOF = 'npm test';
const RUN_AT = '2025-01-02T03:04:05.000Z';
const LATER = '2025-01-02T03:05:00.000Z';

function evidence(id: string, state: ItemState): ItemEvidence {
  return {
    item: { id, list: 'Steps', text: `${id} \`${PROOF}\``, key: id.toLowerCase(), owner: 'claude', proof: { kind: 'command', command: PROOF }, line: 1 },
    state,
    deciding: {
      run: { toolUseId: `tu-${id}`, command: PROOF, at: { file: 'main.jsonl', line: 3, time: RUN_AT }, source: 'main', sidechain: false },
      end: { kind: 'passed' },
      endAt: null,
      exitCode: 0,
    },
    closedBy: null,
    handover: null,
    detail: 'exit code 0',
  };
}

function failing(id: string): Rerun {
  return { id, proof: PROOF, outcome: 'fail', exit: 1, signal: null, durationMs: 5, outputBytes: 0, outputTruncated: false, at: LATER, clean: false, timeoutMs: 120_000, error: null };
}

describe('the finding a newer failing re-run raises', () => {
  it('names the proved item and tells what to do', () => {
    const view = verifierView([evidence('S1', 'proved')], [failing('S1')]);
    assert.deepEqual(view.findings.map((f) => [f.kind, f.message, f.action]), [[
      'failed-on-rerun',
      'S1: the session proved it, and its proof failed on re-run (exit 1, 2025-01-02T03:05:00Z).',
      'Fix what the proof checks, then run the proof again in the session; it counts once a newer run passes.',
    ]]);
  });

  it('two proved items taken back get two different finding ids', () => {
    const view = verifierView([evidence('S1', 'proved'), evidence('S2', 'proved')], [failing('S1'), failing('S2')]);
    assert.equal(view.findings.length, 2);
    assert.notEqual(view.findings[0]!.id, view.findings[1]!.id);
  });

  it('an item the session did not prove is not taken back by a failing re-run', () => {
    const view = verifierView([evidence('S1', 'failed')], [failing('S1')]);
    assert.deepEqual(view.findings, []);
    assert.deepEqual(view.results.map((r) => r.reopened), [false]);
  });
});
