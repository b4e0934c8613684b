// The guard against commands another command runs, with the real Claude Code CLI: a program the
// guard has no reading of handing its words on (`flock /tmp/l rm -rf .claude/proofmeter`), a
// command given in one word (`script -qc '…'`), and a `for` loop's variable. The same program
// handing on a removal of an ordinary folder still goes through.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bash, lastUserText, outcomes, preparedProject, realCliSuite, tallyJson, threadRequests } from './scenarioKit';

const TIMEOUT = 150_000;

describe('the guard against commands another command runs, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`flock … rm`, `script -qc \'rm …\'` and `for f in .claude/proofmeter; do rm -rf $f; done`: all denied, the state and settings keep their bytes, the stop is held; `flock … rm -rf build` goes through', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Handed on\n\n## Steps\n- S1. Write the notes. Proof: `grep -q ready notes.txt`\n';
    const files = preparedProject({ files: { 'PLAN.md': plan, 'build/out.txt': 'x\n' } });
    const settings = files[join('.claude', 'settings.json')]!;
    const denied = [
      'flock /tmp/pm-handed-on.lock rm -rf .claude/proofmeter && echo gone',
      "script -qc 'rm -rf .claude/proofmeter' /dev/null && echo gone",
      'for f in .claude/proofmeter; do rm -rf $f; done && echo gone',
    ];
    const run = await cli.run({
      name: 'guard-handed-on',
      mode: 'print',
      prompt: 'clear the meter',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'clear the meter',
          turns: [...denied.map((c) => bash(c)), bash('flock /tmp/pm-handed-on.lock rm -rf build && echo cleaned'), { text: 'All done.' }],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    denied.forEach((command, k) => {
      const text = lastUserText(reqs[k + 1]!);
      assert.match(text, /Proofmeter guard: .*(would|\.claude)/, `${command}: ${text}`);
      assert.doesNotMatch(text, /gone/, command);
    });
    assert.match(lastUserText(reqs[denied.length + 1]!), /cleaned/, lastUserText(reqs[denied.length + 1]!));
    assert.deepEqual(outcomes(run, 'guard').slice(0, denied.length + 1), [...denied.map(() => 'deny'), 'allow']);
    assert.ok(!existsSync(join(run.project, 'build')), 'the build folder was removed');
    assert.ok(existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')), 'the state folder is still there');
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settings, 'settings unchanged');
    assert.ok(outcomes(run, 'stop').length >= 1 && !outcomes(run, 'stop').includes('allow'), `stops: ${outcomes(run, 'stop').join(' ')}`);
    assert.equal(tallyJson(run).verdict, 'not-done');
  });
});
