// The extension-host suite in desktop VS Code, for contributors who have it (CI and the default
// runner use code-server instead: `npm run test:vscode`, see test/vscode/run.mjs).
//
//   node .vscode-test.mjs                 downloads VS Code stable via @vscode/test-electron and runs
//                                         the suite on a fresh fixture workspace
//   VSCODE_EXECUTABLE=/path/to/code node .vscode-test.mjs     uses an installed VS Code instead
//   npx @vscode/test-cli                  reads the default export below (a test-cli configuration)
//
// Both build first (test/vscode/build.mjs) and make the fixture workspace (test/vscode/fixture.mjs)
// with a fake HOME holding the recorded session; the extension host gets that HOME, so the extension
// finds the transcripts where Claude Code would keep them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, SUITE_OUT } from './test/vscode/build.mjs';
import { makeFixture, ROOT } from './test/vscode/fixture.mjs';

await buildAll();
const root = mkdtempSync(join(tmpdir(), 'pmvt.'));
const home = join(root, 'home');
const fixture = makeFixture({ root, name: 'ws', home });
const env = {
  HOME: home,
  PROOFMETER_SUITE_MODE: 'trusted',
  PROOFMETER_SUITE_RESULTS: join(ROOT, 'test-results', 'vscode', 'exthost-desktop.json'),
};
const launchArgs = ['--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--user-data-dir', join(root, 'user-data')];

/** @type {import('@vscode/test-cli').TestConfiguration} (the shape test-cli reads; written out so no import is needed) */
export default {
  label: 'proofmeter extension host',
  files: SUITE_OUT,
  extensionDevelopmentPath: ROOT,
  workspaceFolder: fixture.ws,
  launchArgs,
  env,
  mocha: { ui: 'bdd', timeout: 60_000 },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { runTests } = await import('@vscode/test-electron');
  try {
    await runTests({
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: SUITE_OUT,
      extensionTestsEnv: env,
      launchArgs: [fixture.ws, ...launchArgs],
      ...(process.env.VSCODE_EXECUTABLE ? { vscodeExecutablePath: process.env.VSCODE_EXECUTABLE } : { version: process.env.VSCODE_VERSION || 'stable' }),
    });
    console.log(`desktop VS Code: extension-host suite passed (fixture ${fixture.ws})`);
  } catch (e) {
    console.error(`desktop VS Code: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
