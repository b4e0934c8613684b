// Three bundles: the extension host (CJS, vscode external), the self-contained CLI/hook runner
// (CJS, no runtime node_modules) and the webview (ESM, browser). Type checking is `npm run typecheck`.
import { build } from 'esbuild';
import { chmodSync, existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const common = { bundle: true, sourcemap: false, logLevel: 'warning', legalComments: 'none' };

const bundles = [
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/proofmeter.js',
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    banner: { js: '#!/usr/bin/env node' },
    minifySyntax: true,
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

await Promise.all(bundles.map((b) => build(b)));
// The CLI is also the hook runner that the installer copies: it must be executable on its own.
chmodSync('dist/proofmeter.js', 0o755);
if (watch) console.log('watch mode is not supported; rerun npm run build');
