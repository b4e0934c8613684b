// The guard against a glob that climbs back out with `..`, with the real Claude Code CLI: bash
// expands `src/*/../../.claude/proofmeter` to the meter's state folder once `src/` has a
// subfolder, so the guard reads the path the shell will use, not the folder before the glob.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bash, lastUserText, outcomes, preparedProject, realCliSuite, tallyJson, threadRequests } from './scenarioKit';

const TIMEOUT = 150_000;

describe('the guard against globs that climb out with `..`, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`rm -rf src/*/../../.claude/proofmeter` and `echo {} > src/*/../../.claude/settings.json`: both denied, the state and settings keep their bytes, the stop is held', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Climb\n\n## Steps\n- S1. Write the notes. Proof: `grep -q ready notes.txt`\n';
    const files = preparedProject({ files: { 'PLAN.md': plan, 'src/lib/x.txt': 'x\n' } });
    const settings = files[join('.claude', 'settings.json')]!;
    const run = await cli.run({
      name: 'guard-glob-climb',
      mode: 'print',
      prompt: 'clear the meter',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'clear the meter',
          turns: [
            bash('rm -rf src/*/../../.claude/proofmeter && echo removed'),
            bash("echo '{}' > src/*/../../.claude/settings.json && echo written"),
            { text: 'All done.' },
          ],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    assert.match(lastUserText(reqs[1]!), /Proofmeter guard: this command would .*\.claude\/proofmeter/, lastUserText(reqs[1]!));
    assert.doesNotMatch(lastUserText(reqs[1]!), /removed/);
    assert.match(lastUserText(reqs[2]!), /Proofmeter guard: this command would .*\.claude\/settings\.json/, lastUserText(reqs[2]!));
    assert.deepEqual(outcomes(run, 'guard').slice(0, 2), ['deny', 'deny']);
    assert.ok(existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')), 'the state folder is still there');
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settings, 'settings unchanged');
    assert.ok(outcomes(run, 'stop').length >= 1 && !outcomes(run, 'stop').includes('allow'), `stops: ${outcomes(run, 'stop').join(' ')}`);
    assert.equal(tallyJson(run).verdict, 'not-done');
  });
});
