// The guard against commands bash rewrites before they run, with the real Claude Code CLI: brace
// expansion (`rm -rf src/{x,..}/.claude/proofmeter` removes `.claude/proofmeter`,
// `.clau{d..d}e` is `.claude`) and a command name worked out at run time (`/bin/r?` is rm). The
// guard reads the words bash makes, not the words as written.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bash, lastUserText, outcomes, preparedProject, realCliSuite, tallyJson, threadRequests } from './scenarioKit';

const TIMEOUT = 150_000;

describe('the guard against brace expansion and run-time command names, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`rm -rf src/{x,..}/.claude/proofmeter`, `echo {} > .clau{d..d}e/settings.json` and `/bin/r? -rf .claude/proofmeter`: all denied, state and settings keep their bytes, the stop is held; `find -exec rm {} +` on src is let through', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Braces\n\n## Steps\n- S1. Write the notes. Proof: `grep -q ready notes.txt`\n';
    const files = preparedProject({ files: { 'PLAN.md': plan, 'src/x/a.tmp': 'x\n' } });
    const settings = files[join('.claude', 'settings.json')]!;
    const run = await cli.run({
      name: 'guard-brace-expansion',
      mode: 'print',
      prompt: 'clear the meter',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'clear the meter',
          turns: [
            bash('rm -rf src/{x,..}/.claude/proofmeter && echo removed'),
            bash("echo '{}' > .clau{d..d}e/settings.json && echo written"),
            bash('/bin/r? -rf .claude/proofmeter && echo globbed'),
            bash('find src -name "*.tmp" -exec rm {} + && echo swept'),
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
    assert.match(lastUserText(reqs[3]!), /Proofmeter guard: this command would .*\.claude\/proofmeter/, lastUserText(reqs[3]!));
    assert.doesNotMatch(lastUserText(reqs[3]!), /globbed/);
    assert.match(lastUserText(reqs[4]!), /swept/, lastUserText(reqs[4]!));
    assert.deepEqual(outcomes(run, 'guard').slice(0, 4), ['deny', 'deny', 'deny', 'allow']);
    assert.ok(!existsSync(join(run.project, 'src', 'x', 'a.tmp')), 'the find -exec rm ran');
    assert.ok(existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')), 'the state folder is still there');
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settings, 'settings unchanged');
    assert.ok(outcomes(run, 'stop').length >= 1 && !outcomes(run, 'stop').includes('allow'), `stops: ${outcomes(run, 'stop').join(' ')}`);
    assert.equal(tallyJson(run).verdict, 'not-done');
  });
});
