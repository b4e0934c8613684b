// The guard against paths and commands the shell builds before it runs them, with the real Claude
// Code CLI: a variable set earlier in the command (`d=.claude; rm -rf $d/proofmeter`), a
// substitution that only prints a folder (`$(pwd)/.claude`), a second name made with `ln -s`, and
// a command fed to a shell down a pipe. A variable naming an ordinary folder still goes through.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bash, lastUserText, outcomes, preparedProject, realCliSuite, tallyJson, threadRequests } from './scenarioKit';

const TIMEOUT = 150_000;

describe('the guard against paths and commands the shell builds, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`d=.claude; rm -rf $d/proofmeter`, `rm -rf "$(pwd)"/.claude/proofmeter`, `ln -s .claude/settings.json s && echo {} > s` and `printf … | sh`: all denied, state and settings keep their bytes, the stop is held; `d=build; rm -rf $d` goes through', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Indirection\n\n## Steps\n- S1. Write the notes. Proof: `grep -q ready notes.txt`\n';
    const files = preparedProject({ files: { 'PLAN.md': plan, 'build/out.txt': 'x\n' } });
    const settings = files[join('.claude', 'settings.json')]!;
    const denied = [
      'd=.claude; rm -rf $d/proofmeter && echo gone',
      'rm -rf "$(pwd)"/.claude/proofmeter && echo gone',
      "ln -s .claude/settings.json s && echo '{}' > s && echo gone",
      'printf "rm -rf .claude/proofmeter" | sh && echo gone',
    ];
    const run = await cli.run({
      name: 'guard-shell-indirection',
      mode: 'print',
      prompt: 'clear the meter',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'clear the meter',
          turns: [...denied.map((c) => bash(c)), bash('d=build; rm -rf $d && echo cleaned'), { text: 'All done.' }],
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
    assert.ok(!existsSync(join(run.project, 's')), 'no second name was made');
    assert.ok(existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')), 'the state folder is still there');
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settings, 'settings unchanged');
    assert.ok(outcomes(run, 'stop').length >= 1 && !outcomes(run, 'stop').includes('allow'), `stops: ${outcomes(run, 'stop').join(' ')}`);
    assert.equal(tallyJson(run).verdict, 'not-done');
  });
});
