// The seal side of the gates: whether a goal counts as frozen on the fault path (any one of the
// goal and the two seal copies there is enough), a notice joining output that is JSON but not an
// object, and the gates' seal check keeping a moved workspace's outside copy under its new path.
import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Finding } from '../../../src/core/findings/finding';
import { defaultSealOf, frozenForFault, withNotice } from '../../../src/hooks/sealGate';
import { freezePlan } from '../../../src/workspace/freezeGoal';
import { goalPath } from '../../../src/workspace/goalState';
import { outsideSealPath, realWorkspace, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';
import { workspace, type Workspace } from './helpers';

const touch = (p: string) => {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, '{}');
};

describe('the seal on the fault path, the notice and a moved workspace', () => {
  const present: Array<[string, (w: Workspace) => string[], boolean]> = [
    ['nothing', () => [], false],
    ['only the goal', (w) => [goalPath(w.ws)], true],
    ['only the workspace copy of the seal', (w) => [workspaceSealPath(w.ws)], true],
    ['only the outside copy of the seal', (w) => [outsideSealPath(realWorkspace(w.ws), w.env)], true],
    ['the goal and both copies', (w) => [goalPath(w.ws), workspaceSealPath(w.ws), outsideSealPath(realWorkspace(w.ws), w.env)], true],
  ];
  for (const [name, files, want] of present) {
    it(`with ${name} there, a goal ${want ? 'counts as' : 'is not'} frozen for a fault`, () => {
      const w = workspace();
      for (const f of files(w)) touch(f);
      assert.equal(frozenForFault(w.ws, w.env), want);
    });
  }

  const finding: Finding = { id: 'F-1', kind: 'meter-tampered', severity: 'error', message: 'change 1.', action: 'doctor', file: null, line: null, evidence: null };
  for (const stdout of ['"words"', '3', 'true']) {
    it(`the notice replaces output that is the JSON scalar ${stdout}`, () => {
      assert.deepEqual(withNotice({ code: 0, stdout, stderr: '', outcome: 'pass' }, [finding]), {
        code: 0,
        stdout: '{"systemMessage":"Proofmeter: meter-tampered: change 1. Run `proofmeter doctor`."}',
        stderr: '',
        outcome: 'pass',
      });
    });
  }

  it("the gates' check of a moved workspace keeps the outside copy under its new path", () => {
    const w = workspace();
    const plan = '# Moved\n\n## Steps\n- S1. Make it. Proof: `test -f made.txt`\n';
    writeFileSync(join(w.ws, 'PLAN.md'), plan);
    const r = freezePlan({ workspace: w.ws, planText: plan, planFile: join(w.ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(), stateEnv: w.env });
    assert.equal(r.kind, 'frozen');
    const moved = join(w.root, 'moved');
    cpSync(w.ws, moved, { recursive: true, preserveTimestamps: true });
    const here = outsideSealPath(realWorkspace(moved), w.env);
    assert.equal(existsSync(here), false);
    assert.deepEqual(defaultSealOf(moved, w.env).findings, []);
    assert.equal(readFileSync(here, 'utf8'), readFileSync(outsideSealPath(realWorkspace(w.ws), w.env), 'utf8'));
  });
});
