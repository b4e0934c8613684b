// The seal's cost on this repository (a copy, without node_modules, .git and .cache) with the proof
// `npm test`: taking the snapshot, a check when nothing moved (stat only, and with every file too
// recent to trust its times, so re-hashed), and a check after one test file gained an it.skip.
// Medians of 25. Standalone: `node --import tsx bench/sealSnapshot.ts`; bench.ts may add it as a
// figure (sealFigure).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkSeal, sealWorkspace } from '../src/workspace/seal/snapshot';

const ROOT = resolve(__dirname, '..');
const SKIP = new Set(['node_modules', '.git', '.cache', 'dist']);

function median(fn: () => void, n = 25): number {
  const xs: number[] = [];
  for (let k = 0; k < n; k++) {
    const t = process.hrtime.bigint();
    fn();
    xs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return xs.sort((a, b) => a - b)[n >> 1]!;
}

export interface SealFigures {
  files: number;
  dependencies: number;
  snapshotKiB: number;
  sealMs: number;
  checkUnmovedMs: number;
  checkRecentMs: number;
  checkEditedMs: number;
  found: string[];
}

export function sealFigure(): SealFigures {
  const repo = mkdtempSync(join(tmpdir(), 'pm-seal-bench-'));
  for (const name of readdirSync(ROOT)) if (!SKIP.has(name)) cpSync(join(ROOT, name), join(repo, name), { recursive: true });
  const proofs = ['npm test'];
  const sealed = sealWorkspace(repo, proofs);
  const sealMs = median(() => sealWorkspace(repo, proofs));
  // As if sealed a minute from now: no file is recent enough to need its digest compared.
  const aged = { ...sealed, takenAtMs: Date.now() + 60_000 };
  const checkUnmovedMs = median(() => checkSeal(repo, aged));
  const checkRecentMs = median(() => checkSeal(repo, { ...sealed, takenAtMs: 0 }));
  const test = join(repo, 'test/unit/plan/parsePlan.test.ts');
  writeFileSync(test, readFileSync(test, 'utf8').replace(/\bit\(/, 'it.skip('));
  const checkEditedMs = median(() => checkSeal(repo, aged));
  const found = checkSeal(repo, aged).findings.map((f) => `${f.kind} ${f.file}:${f.line}`);
  rmSync(repo, { recursive: true, force: true });
  return {
    files: sealed.files.length,
    dependencies: new Set(sealed.proofs.flatMap((p) => p.deps.map((d) => d.path))).size,
    snapshotKiB: Math.round(JSON.stringify(sealed).length / 1024),
    sealMs,
    checkUnmovedMs,
    checkRecentMs,
    checkEditedMs,
    found,
  };
}

if (require.main === module) console.log(sealFigure());
