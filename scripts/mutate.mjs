#!/usr/bin/env node
// `npm run mutate`: StrykerJS mutation testing of src/core and src/hooks against the unit suite
// (stryker.config.json; incremental, its file in .cache/stryker/, the report in reports/mutation/).
// Not part of `npm test`. StrykerJS 10 (the release whose mocha runner reads mocha 12) needs Node
// 22 or later: under an older Node this runs it with the Node 24 that the VS Code tests install
// into .cache/vscode (node scripts/setup-vscode.mjs), first in PATH so the test processes use it too.
// Its mocha runner loads mocha 12 through scripts/stryker-mocha12.cjs.
// A run scoped with --mutate keeps the other files' results in the incremental file (StrykerJS 10
// carries whatever is outside its scope), and the end prints the score of every folder run so far
// (mutateScores.mjs).
// The results carry over between clones through the committed copy (mutationBaseline.mjs).
// Arguments go to `stryker run`, e.g. `npm run mutate -- --mutate src/core/tally/stages.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vscodePaths } from './setup-vscode.mjs';
import { scores, table } from './mutateScores.mjs';
import { BASELINE, saveBaseline, seedIncremental } from './mutationBaseline.mjs';

const INCREMENTAL = JSON.parse(readFileSync('stryker.config.json', 'utf8')).incrementalFile;

const major = Number(process.versions.node.split('.')[0]);
let env = process.env;
let node = process.execPath;
if (major < 22) {
  const { node24Bin } = vscodePaths();
  node = join(node24Bin, 'node');
  if (!existsSync(node)) {
    process.stderr.write(`mutate: StrykerJS needs Node 22 or later (this is ${process.version}); run it with one, or install the Node 24 of the VS Code tests first: node scripts/setup-vscode.mjs\n`);
    process.exit(1);
  }
  env = { ...env, PATH: `${node24Bin}${delimiter}${env.PATH ?? ''}` };
}
if (seedIncremental(INCREMENTAL)) process.stdout.write(`mutate: continuing from the committed results (${BASELINE})\n`);
// Every Stryker process (the runner, its checker and test-runner children) loads the mocha-12 path shim.
const shim = `--require=${join(dirname(fileURLToPath(import.meta.url)), 'stryker-mocha12.cjs')}`;
env = { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, shim].filter(Boolean).join(' ') };
const r = spawnSync(node, ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
if (existsSync(INCREMENTAL)) process.stdout.write(`\nScores of every file run so far (${INCREMENTAL}):\n${table(scores(JSON.parse(readFileSync(INCREMENTAL, 'utf8'))))}\n`);
if (saveBaseline(INCREMENTAL)) process.stdout.write(`mutate: results saved to ${BASELINE}; commit it with the tests they score\n`);
process.exitCode = r.status ?? 1;
