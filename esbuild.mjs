// Three bundles: the extension host (CJS, vscode external), the self-contained CLI/hook runner
// (CJS, no runtime node_modules) and the webview (ESM, browser). Type checking is `npm run typecheck`.
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

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
    // Smaller source compiles faster: the status line and hooks pay for start-up on every call.
    minify: true,
    define: { __VERSION__: JSON.stringify(version) },
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

// The CLI runs on every hook and status line refresh, so most of its cost is start-up. The bundle is
// kept as a string and compiled through vm.Script with V8's code cache, saved beside the file on
// first use (skipped quietly where that folder is read-only), so later starts skip parsing and
// compiling. It stays one self-contained file.
function writeCliWithCodeCache(code, out) {
  const wrapped = '(function (exports, require, module, __filename, __dirname) {' + code + '\n})';
  const loader = `#!/usr/bin/env node
'use strict';
const vm = require('vm');
const fs = require('fs');
// One cache per subcommand: V8 saves the functions compiled by the run that wrote it.
const cachePath = __filename + '.' + String(process.argv[2] || 'none').replace(/[^a-z-]/g, '') + '.v8cache';
let cached;
try { cached = fs.readFileSync(cachePath); } catch {}
const script = new vm.Script(${JSON.stringify(wrapped)}, { filename: __filename, cachedData: cached });
if (!cached || script.cachedDataRejected) {
  process.once('exit', () => {
    try {
      const tmp = cachePath + '.' + process.pid + '.tmp';
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cachePath);
    } catch {}
  });
}
script.runInThisContext()(exports, require, module, __filename, __dirname);
`;
  mkdirSync('dist', { recursive: true });
  writeFileSync(out, loader);
  // The CLI is also the hook runner that the installer copies: it must be executable on its own.
  chmodSync(out, 0o755);
}
if (watch) console.log('watch mode is not supported; rerun npm run build');
