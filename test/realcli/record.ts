// Re-records the fixtures in test/fixtures/recorded/ with the real Claude Code CLI.
//
//   node --import tsx test/realcli/record.ts              all fixtures
//   node --import tsx test/realcli/record.ts demo ctrlb   some of them
//
// Each scenario (scenarios.ts) is run, checked, sanitized (exportFixture.ts) and written to
// test/fixtures/recorded/<name>/. TUI scenarios depend on timing; a recording that fails its
// check is retried up to 3 times. Set PROOFMETER_KEEP_RUNS=1 to keep the raw run folders.
import { join } from 'node:path';
import { runClaude, repoRoot, netnsUnavailableReason, type RunResult } from './runClaude';
import { exportFixture } from './exportFixture';
import { RECORDED, type RecordedScenario } from './scenarios';

const OUT_DIR = join(repoRoot, 'test', 'fixtures', 'recorded');

async function recordOne(rec: RecordedScenario, attempts = 3): Promise<void> {
  const name = rec.scenario.name;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let run: RunResult | undefined;
    const t0 = Date.now();
    try {
      run = await runClaude(rec.scenario);
      rec.check(run);
      const report = exportFixture({ root: run.root, name, out: join(OUT_DIR, name), projectFiles: rec.projectFiles });
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      console.log(`${name}: recorded in ${secs}s (${report.files.length} files, ${report.redactedStrings} prompt strings redacted)`);
      run.cleanup();
      return;
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      console.error(`${name}: attempt ${attempt} failed: ${msg}${run ? ` (run folder: ${run.root})` : ''}`);
      if (attempt === attempts) throw err;
      run?.cleanup();
    }
  }
}

async function main(): Promise<void> {
  const reason = netnsUnavailableReason();
  if (reason) throw new Error(`cannot isolate the CLI from the network: ${reason}`);
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((n) => !RECORDED.some((r) => r.scenario.name === n));
  if (unknown.length) throw new Error(`unknown fixture(s): ${unknown.join(', ')}; known: ${RECORDED.map((r) => r.scenario.name).join(', ')}`);
  const chosen = wanted.length ? RECORDED.filter((r) => wanted.includes(r.scenario.name)) : RECORDED;
  let failed = 0;
  for (const rec of chosen) {
    try {
      await recordOne(rec);
    } catch {
      failed++;
    }
  }
  if (failed) {
    console.error(`${failed} fixture(s) could not be recorded`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
