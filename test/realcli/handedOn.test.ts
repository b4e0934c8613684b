// The guard against commands another command runs, with the real Claude Code CLI: a program the
// guard has no reading of handing its words on (`flock /tmp/l rm -rf .claude/proofmeter`), a
// command given in one word (`script -qc '…'`), and a `for` loop's variable. The same program
// handing on a removal of an ordinary folder still goes through.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against commands another command runs, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`flock … rm`, `script -qc \'rm …\'` and `for f in .claude/proofmeter; do rm -rf $f; done`: all denied, the state and settings keep their bytes, the stop is held; `flock … rm -rf build` goes through', async function () {
    this.timeout(150_000);
    const run = await walkGuard(cli, {
      name: 'guard-handed-on',
      files: { 'build/out.txt': 'x\n' },
      denied: [
        'flock /tmp/pm-handed-on.lock rm -rf .claude/proofmeter',
        "script -qc 'rm -rf .claude/proofmeter' /dev/null",
        'for f in .claude/proofmeter; do rm -rf $f; done',
      ],
      allowed: { command: 'flock /tmp/pm-handed-on.lock rm -rf build && echo cleaned', prints: /cleaned/ },
    });
    assert.ok(!existsSync(join(run.project, 'build')), 'the build folder was removed');
  });
});
