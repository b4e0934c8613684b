// One walk of the Bash guard with the real Claude Code CLI, shared by the walks that try a class of
// command past it: the agent runs each command that must be denied, then one of the same class that
// must go through, then claims it is done. Every denied command ends in `&& echo DONE-MARK`, so its
// output would show had it run; the state folder and the settings must keep their bytes, and the
// stop must be held with the verdict NOT DONE.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunResult } from './runClaude';
import { bash, lastUserText, outcomes, preparedProject, tallyJson, threadRequests, type RealCli } from './scenarioKit';

export interface GuardWalk {
  name: string;
  /** Files of the project besides PLAN.md and the installed meter. */
  files?: Record<string, string>;
  /** Commands the guard must deny; each is run as `<command> && echo DONE-MARK`. */
  denied: readonly string[];
  /** A command of the same class the guard must let through, and what its output shows. */
  allowed: { command: string; prints: RegExp };
}

const PLAN = '# Guard walk\n\n## Steps\n- S1. Write the notes. Proof: `grep -q ready notes.txt`\n';

/** Runs the walk and asserts what every such walk holds; returns the run for the walk's own checks. */
export async function walkGuard(cli: RealCli, walk: GuardWalk): Promise<RunResult> {
  const files = preparedProject({ files: { 'PLAN.md': PLAN, ...walk.files } });
  const settings = files[join('.claude', 'settings.json')]!;
  const run = await cli.run({
    name: walk.name,
    mode: 'print',
    prompt: 'clear the meter',
    args: ['--dangerously-skip-permissions'],
    files,
    script: {
      threads: [{
        name: 'main',
        match: 'clear the meter',
        turns: [...walk.denied.map((c) => bash(`${c} && echo DONE-MARK`)), bash(walk.allowed.command), { text: 'All done.' }],
      }],
    },
  });
  assert.equal(run.invocations[0]!.exitCode, 0);
  const reqs = threadRequests(run);
  walk.denied.forEach((command, k) => {
    const text = lastUserText(reqs[k + 1]!);
    assert.match(text, /Proofmeter guard: .*(would|\.claude|not one an agent may run)/, `${command}: ${text}`);
    assert.doesNotMatch(text, /DONE-MARK/, command);
  });
  const after = lastUserText(reqs[walk.denied.length + 1]!);
  assert.match(after, walk.allowed.prints, `${walk.allowed.command}: ${after}`);
  assert.deepEqual(outcomes(run, 'guard').slice(0, walk.denied.length + 1), [...walk.denied.map(() => 'deny'), 'allow']);
  assert.ok(existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')), 'the state folder is still there');
  assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settings, 'settings unchanged');
  assert.ok(outcomes(run, 'stop').length >= 1 && !outcomes(run, 'stop').includes('allow'), `stops: ${outcomes(run, 'stop').join(' ')}`);
  assert.equal(tallyJson(run).verdict, 'not-done');
  return run;
}
