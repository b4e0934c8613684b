// Three bundles: the extension host (CJS, vscode external), the self-contained CLI/hook runner
// (CJS, no runtime node_modules; its main code and, as a section of the same file, the library only
// the re-runs load) and the webview (ESM, browser). Type checking is `npm run typecheck`.
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
// How the CLI bundle is loaded through V8's code cache, and why: see there.
import { cliLoader } from './scripts/cliLoader.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const common = { bundle: true, sourcemap: false, logLevel: 'warning', legalComments: 'none' };

const SANDBOX_LIBRARY = '@anthropic-ai/sandbox-runtime';
const cliCommon = {
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  // Smaller source compiles faster: the status line and hooks pay for start-up on every call.
  minify: true,
  write: false,
};

// In the runner's main code the sandbox library is the loader's reader of the library section
// (src/workspace/sandboxLibrary.ts says why): the wrapper's sixth parameter, see cliLoader.mjs.
const librarySection = {
  name: 'library-section',
  setup(b) {
    b.onResolve({ filter: /^@anthropic-ai\/sandbox-runtime$/ }, () => ({ path: SANDBOX_LIBRARY, namespace: 'library-section' }));
    b.onLoad({ filter: /.*/, namespace: 'library-section' }, () => ({
      contents: "if (typeof __pmLibrary !== 'function') throw new Error('no library section in this build'); module.exports = __pmLibrary();",
      loader: 'js',
    }));
  },
};

const bundles = [
  {
    ...cliCommon,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/proofmeter.js',
    define: { __VERSION__: JSON.stringify(version) },
    plugins: [librarySection],
  },
  {
    ...cliCommon,
    stdin: { contents: `export * from '${SANDBOX_LIBRARY}';`, resolveDir: '.', sourcefile: 'sandbox-library.js' },
    outfile: 'dist/proofmeter-library.js',
    // The library is ESM and reads import.meta.url while it loads, which a CJS bundle leaves
    // undefined: it gets the runner's own URL (the helper binaries it would look for beside it are
    // not needed). The section runs with the runner's module wrapper, so __filename is the runner.
    define: { 'import.meta.url': '__pmImportMetaUrl' },
    banner: { js: 'var __pmImportMetaUrl=require("url").pathToFileURL(__filename).href;' },
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

const [cli, library] = await Promise.all(bundles.map((b) => build(b)));
writeCliWithCodeCache(cli.outputFiles[0].text, library.outputFiles[0].text, 'dist/proofmeter.js');

function writeCliWithCodeCache(code, libraryCode, out) {
  mkdirSync('dist', { recursive: true });
  writeFileSync(out, cliLoader(code, libraryCode));
  // The CLI is also the hook runner that the installer copies: it must be executable on its own.
  chmodSync(out, 0o755);
}
