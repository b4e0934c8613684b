// Extension-host test entry (extensionTestsPath): VS Code loads this bundle inside the real
// extension host and calls run(). Mocha is bundled in; results go to the console (which the runner
// reads through the workbench) and, when PROOFMETER_SUITE_RESULTS names a file, to that file.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';
import { defineFreshTests } from './fresh.test';
import { defineHostTests } from './host.test';
import { defineProxyTests } from './proxy.test';
import { defineRestrictedTests } from './restricted.test';
import { defineTestingRestrictedTests, defineTestingTests } from './testing.test';

type Mode = 'trusted' | 'restricted' | 'fresh';

function define(mode: Mode): void {
  if (mode === 'restricted') { defineRestrictedTests(); defineProxyTests('restricted'); defineTestingRestrictedTests(); }
  else if (mode === 'fresh') defineFreshTests();
  else { defineTestingTests(); defineHostTests(); defineProxyTests('trusted'); }
}

function suiteMode(): Mode {
  const m = process.env.PROOFMETER_SUITE_MODE;
  return m === 'restricted' || m === 'fresh' ? m : 'trusted';
}

// Loaded as a plain mocha file (by @vscode/test-cli, see .vscode-test.mjs): its mocha has set the
// globals already, so the tests are defined now. Loaded as extensionTestsPath, run() does it.
if (typeof (globalThis as { describe?: unknown }).describe === 'function') {
  define(suiteMode());
}

export function run(): Promise<void> {
  const mode = suiteMode();
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  if (process.env.PROOFMETER_SUITE_GREP) mocha.grep(process.env.PROOFMETER_SUITE_GREP);
  mocha.suite.emit('pre-require', globalThis, 'suite.js', mocha);
  define(mode);
  const resultFile = process.env.PROOFMETER_SUITE_RESULTS;
  return new Promise((resolve, reject) => {
    const failures: Array<{ title: string; error: string }> = [];
    const runner = mocha.run((failed) => {
      const summary = { mode, passes: runner.stats?.passes ?? 0, failures: failed, pending: runner.stats?.pending ?? 0, tests: runner.stats?.tests ?? 0, failed: failures };
      if (resultFile) writeFileSync(resultFile, JSON.stringify(summary, null, 2) + '\n');
      console.log(`extension host (${mode}): ${summary.passes} passed, ${failed} failed`);
      if (failed > 0) reject(new Error(`${failed} extension-host tests failed`));
      else if (summary.passes === 0) reject(new Error('no extension-host test ran'));
      else resolve();
    });
    runner.on('fail', (test, err) => failures.push({ title: test.fullTitle(), error: String((err as Error)?.message ?? err) }));
  });
}
