// The guard against paths and commands the shell builds before it runs them, with the real Claude
// Code CLI: a variable set earlier in the command (`d=.claude; rm -rf $d/proofmeter`), a
// substitution that only prints a folder (`$(pwd)/.claude`), a symbolic link made earlier in the
// command, and a command fed to a shell down a pipe or a read-write redirection. A variable naming
// an ordinary folder still goes through.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against paths and commands the shell builds, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`d=.claude; rm -rf $d/proofmeter`, `rm -rf "$(pwd)"/.claude/proofmeter`, `ln -s .claude/settings.json s && echo {} > s`, `printf … | sh`, `x=rm; $x -rf …`, `r=…/proofmeter.js; node $r unseal` `rm -rf $NOWHERE/.claude`, `head -n 5 fix.sh | sh`, `cat < fix.sh | sh`, `bash <> fix.sh`, a loop over `$NOWHERE/.claude`, a removal handed on four evals deep, the `$1` of a `bash -c` body, `$(echo .claude)`, `d=$(cat name.txt)` `xargs rm -rf < list.txt` `cd .cl* && rm -rf proofmeter` a `while read` loop over `list.txt` and a `read f < list.txt`: all denied, state and settings keep their bytes, the stop is held; `d=build; rm -rf $d` goes through', async function () {
    this.timeout(150_000);
    const run = await walkGuard(cli, {
      name: 'guard-shell-indirection',
      files: { 'build/out.txt': 'x\n', 'fix.sh': 'echo tidying\nrm -rf .claude/proofmeter\n', 'name.txt': '.claude\n', 'list.txt': 'build\n.claude/proofmeter\n' },
      denied: [
        'd=.claude; rm -rf $d/proofmeter',
        'rm -rf "$(pwd)"/.claude/proofmeter',
        "ln -s .claude/settings.json s && echo '{}' > s",
        'printf "rm -rf .claude/proofmeter" | sh',
        'x=rm; $x -rf .claude/proofmeter',
        'r=.claude/proofmeter/proofmeter.js; node $r unseal',
        'rm -rf $NOWHERE/.claude',
        'head -n 5 fix.sh | sh',
        'cat < fix.sh | sh',
        'bash <> fix.sh',
        'for f in $NOWHERE/.claude; do rm -rf $f; done',
        'eval eval eval eval flock /tmp/pm.lock rm -rf .claude/proofmeter',
        `bash -c 'rm -rf "$1"' _ .claude/proofmeter`,
        'echo {} > "$(echo .claude)/settings.json"',
        'd=$(cat name.txt); rm -rf $d/proofmeter',
        'xargs rm -rf < list.txt',
        'cd .cl* && rm -rf proofmeter',
        'while read f; do rm -rf "$f"; done < list.txt',
        'read f < list.txt; rm -rf "$f"',
      ],
      allowed: { command: 'd=build; rm -rf $d && echo cleaned', prints: /cleaned/ },
    });
    assert.ok(!existsSync(join(run.project, 'build')), 'the build folder was removed');
    assert.ok(!existsSync(join(run.project, 's')), 'no second name was made');
  });
});
