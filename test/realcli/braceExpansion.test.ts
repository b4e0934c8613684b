// The guard against commands bash rewrites before they run, with the real Claude Code CLI: brace
// expansion (`rm -rf src/{x,..}/.claude/proofmeter` removes `.claude/proofmeter`,
// `.clau{d..d}e` is `.claude`) and a command name worked out at run time (`/bin/r?` is rm). The
// guard reads the words bash makes, not the words as written.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against brace expansion and run-time command names, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`rm -rf src/{x,..}/.claude/proofmeter`, `echo {} > .clau{d..d}e/settings.json` and `/bin/r? -rf .claude/proofmeter`: all denied, state and settings keep their bytes, the stop is held; `find -exec rm {} +` on src is let through', async function () {
    this.timeout(150_000);
    const run = await walkGuard(cli, {
      name: 'guard-brace-expansion',
      files: { 'src/x/a.tmp': 'x\n' },
      denied: ['rm -rf src/{x,..}/.claude/proofmeter', "echo '{}' > .clau{d..d}e/settings.json", '/bin/r? -rf .claude/proofmeter'],
      allowed: { command: 'find src -name "*.tmp" -exec rm {} + && echo swept', prints: /swept/ },
    });
    assert.ok(!existsSync(join(run.project, 'src', 'x', 'a.tmp')), 'the find -exec rm ran');
  });
});
