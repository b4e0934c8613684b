// The guard against writes that hide behind something other than a writing verb and its operands,
// with the real Claude Code CLI: a command handed on in one word (`env -S '…'`), a `.claude` folder
// copied over ours whole (`cp -r evil/.claude .`), an archive unpacked into `.claude`, a compressor
// replacing the settings, and an output option (`sort -o`). A skill copied into `.claude/skills/`
// still goes through.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bash, lastUserText, outcomes, preparedProject, realCliSuite, tallyJson, threadRequests } from './scenarioKit';

const TIMEOUT = 150_000;

describe('the guard against writes past a writing verb, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`env -S`, `cp -r evil/.claude .`, `tar -x -C .claude`, `gzip` of the settings and `sort -o` onto them: all denied, state and settings keep their bytes, the stop is held; a skill copied into .claude/skills goes through', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Writers\n\n## Steps\n- S1. Write the notes. Proof: `grep -q ready notes.txt`\n';
    const files = preparedProject({ files: { 'PLAN.md': plan, 'evil/.claude/settings.json': '{}\n', 'skills/tidy/SKILL.md': '# tidy\n' } });
    const settings = files[join('.claude', 'settings.json')]!;
    const denied = [
      'env -S "rm -rf .claude/proofmeter" && echo gone',
      'cp -r evil/.claude . && echo copied',
      'tar -cf /tmp/pm-writers.tar -C evil/.claude settings.json && tar -xf /tmp/pm-writers.tar -C .claude && echo unpacked',
      'gzip .claude/settings.json && echo zipped',
      'sort -o .claude/settings.json evil/.claude/settings.json && echo sorted',
    ];
    const run = await cli.run({
      name: 'guard-writer-verbs',
      mode: 'print',
      prompt: 'clear the meter',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'clear the meter',
          turns: [...denied.map((c) => bash(c)), bash('mkdir -p .claude/skills && cp -r skills/tidy .claude/skills/ && echo installed'), { text: 'All done.' }],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    denied.forEach((command, k) => {
      const text = lastUserText(reqs[k + 1]!);
      assert.match(text, /Proofmeter guard: .*(would|\.claude)/, `${command}: ${text}`);
      assert.doesNotMatch(text, /gone|copied|unpacked|zipped|sorted/, command);
    });
    assert.match(lastUserText(reqs[denied.length + 1]!), /installed/, lastUserText(reqs[denied.length + 1]!));
    assert.deepEqual(outcomes(run, 'guard').slice(0, denied.length + 1), [...denied.map(() => 'deny'), 'allow']);
    assert.ok(existsSync(join(run.project, '.claude', 'skills', 'tidy', 'SKILL.md')), 'the skill was copied');
    assert.ok(existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')), 'the state folder is still there');
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settings, 'settings unchanged');
    assert.ok(outcomes(run, 'stop').length >= 1 && !outcomes(run, 'stop').includes('allow'), `stops: ${outcomes(run, 'stop').join(' ')}`);
    assert.equal(tallyJson(run).verdict, 'not-done');
  });
});
