#!/usr/bin/env node
// `npm test`: builds, type-checks, lints and runs every suite, bringing what the suites need when it is
// missing (the pinned Claude Code CLI, code-server and Debian's chromium, into .cache/; bubblewrap,
// socat and ripgrep from Debian's packages for the sandbox).
// Runs every step even after a failure, then prints one summary line and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const mocha = ['node_modules/.bin/mocha', '--config', '.mocharc.json'];
const steps = [
  { name: 'build', cmd: ['node', 'esbuild.mjs'] },
  { name: 'typecheck', cmd: ['node_modules/.bin/tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  // Before the suites: the sandboxed re-runs' unit tests need bwrap as much as the real-CLI ones.
  { name: 'setup sandbox', cmd: ['node', 'scripts/setup-sandbox.mjs'], when: 'scripts/setup-sandbox.mjs' },
  { name: 'unit', cmd: [...mocha, 'test/unit/**/*.test.ts'], counts: true },
  { name: 'sandbox', cmd: [...mocha, 'test/sandbox/**/*.test.ts'], counts: true, when: 'test/sandbox' },
  { name: 'webview', cmd: [...mocha, 'test/webview/**/*.test.tsx'], counts: true, when: 'test/webview' },
  { name: 'setup claude', cmd: ['node', 'scripts/setup-claude.mjs'], when: 'scripts/setup-claude.mjs' },
  { name: 'real claude code', cmd: [...mocha, '--timeout', '180000', 'test/realcli/**/*.test.ts'], counts: true, when: 'test/realcli' },
  { name: 'vscode host + browser', cmd: ['node', 'test/vscode/run.mjs'], counts: true, when: 'test/vscode/run.mjs' },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failedSteps = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  if (step.when && !existsSync(step.when)) continue;
  const t0 = Date.now();
  process.stdout.write(`\n=== ${step.name}: ${step.cmd.join(' ')}\n`);
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 256 << 20 });
  process.stdout.write(r.stdout ?? '');
  if (step.counts) {
    passed += Number(/(\d+) passing/.exec(r.stdout ?? '')?.[1] ?? 0);
    failed += Number(/(\d+) failing/.exec(r.stdout ?? '')?.[1] ?? 0);
  }
  const ok = r.status === 0;
  if (!ok) failedSteps.push(step.name);
  process.stdout.write(`=== ${step.name}: ${ok ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}
if (failedSteps.length) {
  process.stdout.write(`\nfailed steps: ${failedSteps.join(', ')}\n`);
  if (failed === 0) failed = failedSteps.length;
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exitCode = failedSteps.length ? 1 : 0;
