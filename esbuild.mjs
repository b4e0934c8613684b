// Three bundles: the extension host (CJS, vscode external), the self-contained CLI/hook runner
// (CJS, no runtime node_modules) and the webview (ESM, browser). Type checking is `npm run typecheck`.
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
// How the CLI bundle is loaded through V8's code cache, and why: see there.
import { cliLoader } from './scripts/cliLoader.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const common = { bundle: true, sourcemap: false, logLevel: 'warning', legalComments: 'none' };

const bundles = [
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/proofmeter.js',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    // Smaller source compiles faster: the status line and hooks pay for start-up on every call.
    minify: true,
    // @anthropic-ai/sandbox-runtime (the re-runs' sandbox, src/workspace/rerunSandbox.ts) is ESM and
    // reads import.meta.url while it loads, which a CJS bundle leaves undefined: it gets the
    // runner's own URL (the helper binaries it would look for beside it are not needed).
    define: { __VERSION__: JSON.stringify(version), 'import.meta.url': '__pmImportMetaUrl' },
    banner: { js: 'var __pmImportMetaUrl=require("url").pathToFileURL(__filename).href;' },
    write: false,
  },
];
if (existsSync('src/extension/extension.ts')) {
  bundles.push({
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['vscode'],
    // The time the bundle starts loading, so activation is measured from the require (see extension.ts).
    banner: { js: 'var __proofmeterLoadStart = performance.now();' },
  });
}
if (existsSync('webview/main.tsx')) {
  bundles.push({
    ...common,
    entryPoints: ['webview/main.tsx'],
    outfile: 'dist/webview/main.js',
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
  });
}

const [cli] = await Promise.all(bundles.map((b) => build(b)));
writeCliWithCodeCache(cli.outputFiles[0].text, 'dist/proofmeter.js');

function writeCliWithCodeCache(code, out) {
  mkdirSync('dist', { recursive: true });
  writeFileSync(out, cliLoader(code));
  // The CLI is also the hook runner that the installer copies: it must be executable on its own.
  chmodSync(out, 0o755);
}
