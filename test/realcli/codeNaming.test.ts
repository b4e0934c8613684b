// The guard against code that removes the meter's files without writing their paths out, with the
// real Claude Code CLI: inline Python naming the `.claude` folder whole, and a script file in the
// project that joins `.claude` and `proofmeter` from parts, run by the agent. Inline code naming
// nothing of ours still runs.
import { walkGuard } from './guardWalk';
import { realCliSuite } from './scenarioKit';

describe('the guard against code naming the meter\'s files from parts, with the real Claude Code CLI', function () {
  this.timeout(5 * 60 * 1000);
  const cli = realCliSuite();

  it('`python3 -c \'…rmtree(".claude")\'` and `python3 tidy.py` (joining ".claude" and "proofmeter"): both denied, state and settings keep their bytes, the stop is held; `python3 -c \'print(6*7)\'` runs', async function () {
    this.timeout(150_000);
    await walkGuard(cli, {
      name: 'guard-code-naming',
      files: { 'tidy.py': 'import os, shutil\nshutil.rmtree(os.path.join(".claude", "proofmeter"))\n' },
      denied: [`python3 -c 'import shutil; shutil.rmtree(".claude")'`, 'python3 tidy.py'],
      allowed: { command: "python3 -c 'print(6*7)'", prints: /42/ },
    });
  });
});
