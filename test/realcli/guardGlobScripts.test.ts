// The guard against paths and scripts named through globs and names made as the command runs, with
// the real Claude Code CLI: an extglob group over the state folder once `shopt -s extglob` is on, a
// script run through a glob, through a name the command makes as it runs, through names piped to
// `xargs sh`, and a script rewritten through `$PWD` and run by its plain name. Each would remove
// `.claude/proofmeter`; each is denied. Logs removed through an extglob group go through. So are paths
// spelled through parameter expansions, `~+` and a POSIX class, which bash expands to the state folder,
// and through variables set by an array, `read`, a split value or left empty.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against globs and run-time names, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`rm -rf .claude/@(proofmeter|x)` after `shopt -s extglob`, `sh ./t*.sh`, `f=$(ls t*.sh); sh $f`, `ls t*.sh | xargs sh` and a script rewritten through `$PWD` then run: all denied; `rm -f @(a|b).log` under extglob goes through and removes the logs', async function () {
    this.timeout(150_000);
    const run = await walkGuard(cli, {
      name: 'guard-glob-scripts',
      files: { 'tidy.sh': 'rm -rf .claude/proofmeter\n', 'ok.sh': 'echo ok\n', 'a.log': 'x\n', 'b.log': 'y\n' },
      denied: [
        'shopt -s extglob\nrm -rf .claude/@(proofmeter|x)',
        'sh ./t*.sh',
        'f=$(ls t*.sh); sh $f',
        'ls t*.sh | xargs sh',
        "echo 'rm -rf .claude/proofmeter' > $PWD/ok.sh; sh ok.sh",
      ],
      allowed: { command: 'shopt -s extglob\nrm -f @(a|b).log && echo logs-gone', prints: /logs-gone/ },
    });
    assert.ok(!existsSync(join(run.project, 'a.log')) && !existsSync(join(run.project, 'b.log')), 'the logs were removed');
    assert.ok(existsSync(join(run.project, 'tidy.sh')), 'the script the glob named is still there');
  });

  it('`rm -rf .cl${x:-aude}/proofmeter`, `cd src && rm -rf ${PWD%/*}/.claude/proofmeter`, `rm -rf ~+/.claude/proofmeter`, `rm -rf .cl${HOME:0:0}aude/proofmeter` and `rm -rf .claude/proofmete[[:alpha:]]`: all denied; `rm -rf "${TMPDIR:-/tmp}/pm-scratch"` goes through', async function () {
    this.timeout(150_000);
    await walkGuard(cli, {
      name: 'guard-parameter-paths',
      files: { 'src/x.txt': 'x\n' },
      denied: [
        'rm -rf .cl${x:-aude}/proofmeter',
        'cd src && rm -rf ${PWD%/*}/.claude/proofmeter',
        'rm -rf ~+/.claude/proofmeter',
        'rm -rf .cl${HOME:0:0}aude/proofmeter',
        'rm -rf .claude/proofmete[[:alpha:]]',
      ],
      allowed: { command: 'rm -rf "${TMPDIR:-/tmp}/pm-scratch" && echo scratch-gone', prints: /scratch-gone/ },
    });
  });

  it('`x=\'-rf .claude/proofmeter\'; rm $x`, `read x <<< .claude; rm -rf $x/proofmeter`, `x=(.cl aude); rm -rf ${x[0]}${x[1]}/proofmeter` `rm -rf .cl${y}aude/proofmeter`, `printf -v`, `mapfile`, `set --`, `$(true)` and `$"…"`: all denied; `x=(a b); echo ${x[1]}` goes through', async function () {
    this.timeout(150_000);
    await walkGuard(cli, {
      name: 'guard-variables-set',
      files: {},
      denied: [
        "x='-rf .claude/proofmeter'; rm $x",
        'read x <<< .claude; rm -rf $x/proofmeter',
        'x=(.cl aude); rm -rf ${x[0]}${x[1]}/proofmeter',
        'rm -rf .cl${y}aude/proofmeter',
        'printf -v x %s .claude; rm -rf $x/proofmeter',
        'mapfile -t a <<< .claude; rm -rf ${a[0]}/proofmeter',
        'set -- x .claude; rm -rf $2/proofmeter',
        'rm -rf .cl$(true)aude/proofmeter',
        'rm -rf $".claude"/proofmeter',
      ],
      allowed: { command: 'x=(a second-element); echo ${x[1]}', prints: /second-element/ },
    });
  });
});
