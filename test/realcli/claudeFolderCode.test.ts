// The guard against code it cannot take apart that removes the `.claude` folder whole, with the
// real Claude Code CLI: inline Python, awk's system() and a Python script file, each naming the
// folder itself rather than the state or the settings inside it. Inline code that makes a folder
// below `.claude` still goes through.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against code that removes the .claude folder, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it("`python3 -c \"shutil.rmtree('.claude')\"`, `awk 'BEGIN { system(\"rm -rf .claude\") }'` and a script file doing the same: all denied, the state and settings keep their bytes, the stop is held; inline code making .claude/skills goes through", async function () {
    this.timeout(150_000);
    const run = await walkGuard(cli, {
      name: 'guard-claude-folder-code',
      files: { 'wipe.py': "import shutil\nshutil.rmtree('.claude')\n" },
      denied: [
        `python3 -c "import shutil; shutil.rmtree('.claude')"`,
        `awk 'BEGIN { system("rm -rf .claude") }'`,
        'python3 wipe.py',
      ],
      allowed: { command: `python3 -c "import os; os.makedirs('.claude/skills/tidy', exist_ok=True); print('made')"`, prints: /made/ },
    });
    assert.ok(existsSync(join(run.project, '.claude', 'skills', 'tidy')), 'the skill folder was made');
  });
});
