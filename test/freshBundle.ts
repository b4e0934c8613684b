// Mocha root hook, loaded by .mocharc.json ("require"), so every suite that spawns the bundles
// (dist/proofmeter.js, dist/extension.js) tests the current source, whether it runs in `npm test`,
// `npm run test:unit` or alone. Before the first test the bundles are rebuilt (node esbuild.mjs,
// about a second) unless .cache/test-bundle.json says they were built by this hook from exactly
// the sources there are now and the CLI bundle is still the one it built: a stale dist/ (built
// before the last edit, or by hand from other sources) is rebuilt, never tested.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const ROOT = resolve(__dirname, '..');
const STAMP = join(ROOT, '.cache', 'test-bundle.json');
const CLI = join(ROOT, 'dist', 'proofmeter.js');

/** .cache/test-bundle.json: the digest of the sources the bundle was built from, and of the bundle. */
export const stampSchema = z.object({ inputs: z.string().optional(), cli: z.string().optional() }).passthrough();
/** What esbuild.mjs builds from: the sources, the build script and the version it reads. */
const INPUTS = ['src', 'webview', 'esbuild.mjs', 'scripts/cliLoader.mjs', 'package.json'];

function addTree(hash: ReturnType<typeof createHash>, rel: string): void {
  const abs = join(ROOT, rel);
  const st = statSync(abs, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) {
    for (const name of readdirSync(abs).sort()) addTree(hash, join(rel, name));
    return;
  }
  hash.update(`${rel}\0${st.size}\0`);
  hash.update(readFileSync(abs));
}

/** A digest of the paths and contents of everything the bundles are built from. */
export function inputsDigest(): string {
  const hash = createHash('sha256');
  for (const rel of INPUTS) addTree(hash, rel);
  return hash.digest('hex');
}

const fileDigest = (path: string) => (existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : null);

/** Rebuilds the bundles unless they are known to be built from the current sources. */
export function ensureFreshBundle(): void {
  const inputs = inputsDigest();
  let stamp: { inputs?: string; cli?: string } = {};
  try {
    stamp = stampSchema.parse(JSON.parse(readFileSync(STAMP, 'utf8')));
  } catch {
    // No stamp: build.
  }
  if (stamp.inputs === inputs && stamp.cli !== undefined && stamp.cli === fileDigest(CLI)) return;
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ inputs, cli: fileDigest(CLI) }) + '\n');
}

export const mochaHooks = {
  beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    ensureFreshBundle();
  },
};
