// `proofmeter close V1`: the person closes one of their own items outside Claude Code (VS Code's
// Close… runs it). It records the closure and its receipt, so the tally counts the item closed; it
// is refused in the agent's shell, for Claude's items and for ids the goal does not have.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { writeGoal } from '../../../src/workspace/goalState';
import { readCloseReceipts, readClosures, recordClosure, witnessedClosures } from '../../../src/workspace/closures';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { cli } from '../helpers/cli';

const PLAN = '# Ship\n\n## Steps\n\n- **S1.** Build. Proof: `npm run build`\n\n## Checks\n\n- **V1.** You try it. Proof: human — you try it and say so\n- **V2.** Release. Proof: later — the release after approval\n';

function setup(): { ws: string; env: NodeJS.ProcessEnv } {
  const ws = mkdtempSync(join(tmpdir(), 'pm-close-cli-'));
  writeFileSync(join(ws, 'PLAN.md'), PLAN);
  const plan = parsePlan(PLAN);
  writeGoal(ws, { version: 1, planPath: 'PLAN.md', title: plan.title, frozenBy: 'adopt', frozenAt: '2026-12-03T10:00:00.000Z', sessionId: null, countSdkPrompts: false, items: plan.items });
  return { ws, env: { HOME: join(ws, 'home'), XDG_STATE_HOME: join(ws, 'state'), PATH: process.env.PATH } };
}

describe('proofmeter close', () => {
  it('records the closure with the receipt the tally counts it by, and the item reads closed by you', async () => {
    const { ws, env } = setup();
    assert.equal(tallyWorkspace({ cwd: ws, env }).items.find((i) => i.id === 'V1')!.state, 'open');
    const r = await cli(['close', 'v1', '--cwd', ws], { cwd: ws, env });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^V1 closed by you \(\d{4}-/);
    const [c, ...more] = readClosures(ws);
    assert.deepEqual(more, []);
    assert.deepEqual(readCloseReceipts(ws, env), [{ v: 1, kind: 'close', id: 'V1', at: c!.at }]);
    const t = tallyWorkspace({ cwd: ws, env });
    const v1 = t.items.find((i) => i.id === 'V1')!;
    assert.deepEqual([v1.state, v1.closedBy?.source, v1.closedBy?.time], ['closed', 'close', c!.at]);
    assert.equal(t.items.find((i) => i.id === 'V2')!.state, 'open', 'only the item named');
    assert.deepEqual(t.integrity.filter((f) => f.kind === 'acceptance-forged'), []);
  });

  it('a closure written into closures.json without its receipt closes nothing and is a forged-acceptance error', () => {
    const { ws, env } = setup();
    recordClosure(ws, { id: 'V1', at: '2026-12-03T11:00:00.000Z' });
    assert.deepEqual(witnessedClosures(ws, env).closed, []);
    const t = tallyWorkspace({ cwd: ws, env });
    assert.equal(t.items.find((i) => i.id === 'V1')!.state, 'open');
    assert.deepEqual(t.integrity.filter((f) => f.kind === 'acceptance-forged').map((f) => f.severity), ['error']);
    assert.equal(t.verdict, 'not-done');
  });

  const refused: Array<[string, string[], number, RegExp]> = [
    ['Claude’s item closes by its proof, never by this', ['S1'], 1, /^proofmeter close: S1 is Claude's item/],
    ['an id the goal does not have', ['V9'], 1, /^proofmeter close: the goal has no item V9/],
    ['no id', [], 2, /usage: proofmeter close V1/],
    ['two ids', ['V1', 'V2'], 2, /usage: proofmeter close V1/],
    ['a path, not an id', ['../V1'], 2, /is not an item id/],
  ];
  for (const [name, args, code, err] of refused) {
    it(`${name}: refused, nothing recorded`, async () => {
      const { ws, env } = setup();
      const r = await cli(['close', ...args, '--cwd', ws], { cwd: ws, env });
      assert.equal(r.code, code, r.err);
      assert.match(r.err, err);
      assert.deepEqual(readClosures(ws), []);
      assert.deepEqual(readCloseReceipts(ws, env), []);
    });
  }

  it("inside the agent's shell it is refused in one line and records nothing", async () => {
    const { ws, env } = setup();
    // CLAUDECODE=1 with no Claude Code among the ancestors: the agent's shell with its ancestry cut.
    const r = await cli(['close', 'V1', '--cwd', ws], { cwd: ws, env: { ...env, CLAUDECODE: '1' } });
    assert.equal(r.code, 1);
    assert.equal(r.err.trim().split('\n').length, 1);
    assert.ok(r.err.startsWith('proofmeter close: only the person can close their own item'), r.err);
    assert.deepEqual(readClosures(ws), []);
    assert.deepEqual(readCloseReceipts(ws, env), []);
  });
});
