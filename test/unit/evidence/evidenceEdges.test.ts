// Evidence for what no recording has: a plan item with no usable proof, and a background run whose
// task ended without an exit code.
import { strict as assert } from 'node:assert';
import { evaluateEvidence, resolveRun } from '../../../src/core/evidence/evidence';
import type { BashRun, PlanItem, TaskNotice } from '../../../src/core/types';

const FILE = '/home/dev/.claude/projects/p/s.jsonl';

describe('an item with no usable proof', () => {
  it('an item whose proof the plan could not read is open, with no usable proof, and nothing decides it', () => {
    const item: PlanItem = { id: 'S1', list: 'Steps', text: 'Deploy.', key: 'steps deploy.', owner: 'claude', proof: null, line: 3 };
    const e = evaluateEvidence([item], [], { home: '/home/dev', countSdkPrompts: false });
    assert.deepEqual(
      e.items.map((x) => [x.item.id, x.state, x.detail, x.deciding, x.closedBy, x.handover]),
      [['S1', 'open', 'no usable proof', null, null, null]],
    );
  });
});

describe('a background run ended by its notice', () => {
  const run = (): BashRun => ({
    toolUseId: 'toolu_bg1',
    command: 'npm test',
    at: { file: FILE, line: 3, time: '2026-12-01T10:00:00.000Z' },
    source: 'main',
    sidechain: false,
    end: { kind: 'pending', taskId: 'bg1' },
    endAt: { file: FILE, line: 4, time: '2026-12-01T10:00:01.000Z' },
  });
  const notice = (status: string, exitCode: number | null): TaskNotice => ({ taskId: 'bg1', status, exitCode, at: { file: FILE, line: 9, time: '2026-12-01T10:05:00.000Z' } });

  const cases: Array<[string, TaskNotice, string]> = [
    ['a task killed without an exit code fails, saying only how it ended', notice('killed', null), 'background task killed'],
    ['a task that failed with an exit code fails, naming it', notice('failed', 2), 'background task failed (exit code 2)'],
  ];
  for (const [name, n, reason] of cases) {
    it(name, () => {
      const r = resolveRun(run(), [n]);
      assert.deepEqual([r.end, r.endAt?.line, r.exitCode], [{ kind: 'failed', reason, exitCode: n.exitCode }, 9, n.exitCode]);
    });
  }
});
