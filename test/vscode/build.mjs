#!/usr/bin/env node
// Builds what the VS Code tests load: the project's bundles (esbuild.mjs: dist/extension.js,
// dist/proofmeter.js, dist/webview/) and the extension-host suite (out/vscode-test/suite.js, with
// mocha bundled in and vscode left to the host). With --vsix also packages proofmeter.vsix, with the
// Marketplace README (scripts/marketplaceReadme.mjs) as its readme.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeMarketplaceReadme } from '../../scripts/marketplaceReadme.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SUITE_OUT = join(ROOT, 'out', 'vscode-test', 'suite.js');
export const VSIX_OUT = join(ROOT, 'out', 'vscode-test', 'proofmeter.vsix');

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export async function buildAll({ vsix = false } = {}) {
  const t0 = Date.now();
  run(process.execPath, ['esbuild.mjs'], 'npm run build');
  for (const f of ['dist/extension.js', 'dist/proofmeter.js', 'dist/webview/main.js']) {
    if (!existsSync(join(ROOT, f))) throw new Error(`${f} was not built`);
  }
  const { build } = createRequire(join(ROOT, 'package.json'))('esbuild');
  mkdirSync(dirname(SUITE_OUT), { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'test', 'vscode', 'suite', 'index.ts')],
    outfile: SUITE_OUT,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'error',
    sourcemap: 'inline',
  });
  const times = { build: Date.now() - t0 };
  if (vsix) {
    const t1 = Date.now();
    // The package carries the Marketplace README made from README.md, as `npm run package` does.
    const readme = writeMarketplaceReadme();
    if (readme.problems.length) throw new Error(`marketplace README:\n${readme.problems.join('\n')}`);
    run(join(ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '--no-update-package-json', '--readme-path', relative(ROOT, readme.out), '-o', VSIX_OUT], 'vsce package');
    times.vsix = Date.now() - t1;
  }
  return times;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildAll({ vsix: process.argv.includes('--vsix') }).then(
    (t) => console.log(`built ${SUITE_OUT}${t.vsix !== undefined ? ` and ${VSIX_OUT}` : ''} (${JSON.stringify(t)})`),
    (/** @type {unknown} */ e) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}
