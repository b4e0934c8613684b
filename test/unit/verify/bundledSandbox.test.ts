// The runner (dist/proofmeter.js) carries the sandbox library as a section of its own that it
// reads only when a re-run needs it (esbuild.mjs, scripts/cliLoader.mjs). The tests of the source
// tree load the package itself, so this one runs the built runner: `verify` re-runs a proof that
// writes goal.json inside the sandbox, the write is refused, and the goal's bytes stay.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { verifyJson } from '../helpers/cliJson';
import { adopt, gitWorkspace } from './helpers';

const RUNNER = resolve(__dirname, '..', '..', '..', 'dist', 'proofmeter.js');

describe('the built runner’s re-runs', function () {
  this.timeout(60_000);

  it('run in the sandbox from the runner’s library section: a proof writing goal.json is refused', () => {
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n- S2. Tamper. Proof: `echo x > .claude/proofmeter/goal.json && grep -q x .claude/proofmeter/goal.json`\n');
    const goal = join(w.ws, '.claude', 'proofmeter', 'goal.json');
    const before = readFileSync(goal, 'utf8');
    const r = spawnSync(process.execPath, [RUNNER, 'verify', '--json'], { cwd: w.ws, env: w.env, encoding: 'utf8', timeout: 50_000 });
    assert.equal(r.status, 1, r.stderr);
    const j = verifyJson(r.stdout);
    assert.deepEqual(
      j.results.map((x) => [x.id, x.outcome, x.sandbox]),
      [['S1', 'pass', 'kernel'], ['S2', 'fail', 'kernel']],
    );
    assert.equal(readFileSync(goal, 'utf8'), before);
  });
});
