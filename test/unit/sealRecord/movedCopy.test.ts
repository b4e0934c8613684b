// A moved or copied workspace finds its outside copy under the path it was sealed at, through the
// workspace copy. Without the gates keeping that copy under the new path's key as well, removing
// the workspace copy there left no seal at all: the goal read as one frozen before the seal, with
// no finding (found by test/realcli/sealOutside.test.ts, where every run is such a workspace).
import { strict as assert } from 'node:assert';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freezePlan } from '../../../src/workspace/freezeGoal';
import { checkSeal } from '../../../src/workspace/sealRecord/check';
import { outsideSealPath, realWorkspace, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';

const PLAN = '# Moved\n\n## Steps\n- S1. Make it. Proof: `test -f made.txt`\n';

function movedWorkspace(): { moved: string; original: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(join(tmpdir(), 'pm-moved-'));
  const original = join(root, 'proj');
  const env: NodeJS.ProcessEnv = { HOME: join(root, 'home'), PATH: process.env.PATH };
  mkdirSync(join(original, '.claude'), { recursive: true });
  writeFileSync(join(original, 'PLAN.md'), PLAN);
  const r = freezePlan({ workspace: original, planText: PLAN, planFile: join(original, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(), stateEnv: env });
  assert.equal(r.kind, 'frozen');
  const moved = join(root, 'moved');
  cpSync(original, moved, { recursive: true, preserveTimestamps: true });
  return { moved, original, env };
}

const messages = (ws: string, env: NodeJS.ProcessEnv) => checkSeal(ws, env).findings.map((f) => f.message);

describe('seal: a moved workspace', () => {
  it("the gates' check keeps the outside copy under the new path too, so removing the workspace copy there is a finding", () => {
    const { moved, original, env } = movedWorkspace();
    const here = outsideSealPath(realWorkspace(moved), env);
    assert.deepEqual(checkSeal(moved, env, { keepMoved: true }).findings, [], 'the moved workspace reads as sealed');
    assert.equal(readFileSync(here, 'utf8'), readFileSync(outsideSealPath(realWorkspace(original), env), 'utf8'), 'the same seal, under the new key');
    rmSync(workspaceSealPath(moved));
    assert.deepEqual(messages(moved, env).filter((m) => /workspace copy of the seal .* is missing/.test(m)).length, 1, messages(moved, env).join('\n'));
  });

  it('copies that disagree are not copied: the finding stays where it was', () => {
    const { moved, env } = movedWorkspace();
    writeFileSync(workspaceSealPath(moved), readFileSync(workspaceSealPath(moved), 'utf8').replace('"adopt"', '"reseal"'));
    assert.ok(checkSeal(moved, env, { keepMoved: true }).findings.some((f) => /differ/.test(f.message)));
    assert.ok(!existsSync(outsideSealPath(realWorkspace(moved), env)));
  });
});
