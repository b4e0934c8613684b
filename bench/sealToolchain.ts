// The toolchain seal's added cost per hook call (figure 10b of bench.ts): the content check
// (workspace/seal/snapshot.ts checkSeal) when nothing moved, on a project whose proof is
// `npm test` running mocha from node_modules/.bin (a link into the package, as npm installs it),
// with 40 test files each loading test helpers, and a runner whose bin loads 120 files of its package. Timed with the toolchain and the helpers the seal
// now keeps, and with the same snapshot stripped of them (the seal as it was before), so the
// difference is what following the toolchain and the module graph adds to every check.
// Standalone: `node --import tsx bench/sealToolchain.ts`.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SealSnapshot } from '../src/core/seal/snapshot';
import { checkSeal, sealWorkspace } from '../src/workspace/seal/snapshot';
import { median, timeMs, type Figure } from './stats';

const RUNS = 300;
const TESTS = 40;

export function sealToolchainFigure(): Figure {
  const dir = mkdtempSync(join(tmpdir(), 'pm-bench-tool-'));
  const put = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('package.json', JSON.stringify({ name: 'b', scripts: { test: 'mocha --require test/setup.js' } }));
  put('package-lock.json', JSON.stringify({ lockfileVersion: 3, packages: { 'node_modules/mocha': { version: '10.2.0', integrity: 'sha512-x' } } }));
  put('node_modules/mocha/package.json', JSON.stringify({ name: 'mocha', version: '10.2.0' }));
  // A runner's bin loads its own code: 120 files, as mocha's lib is about that size.
  put('node_modules/mocha/bin/mocha.js', "#!/usr/bin/env node\nrequire('../lib/index');\n");
  put('node_modules/mocha/lib/index.js', Array.from({ length: 119 }, (_, k) => `require('./f${k}');`).join('\n') + '\n');
  for (let k = 0; k < 119; k++) put(`node_modules/mocha/lib/f${k}.js`, `module.exports = ${k};\n`);
  mkdirSync(join(dir, 'node_modules/.bin'));
  symlinkSync('../mocha/bin/mocha.js', join(dir, 'node_modules/.bin/mocha'));
  put('test/setup.js', "require('./support/global');\n");
  put('test/support/global.js', '');
  put('test/support/expect.js', "module.exports = require('./deep');\n");
  put('test/support/deep.js', '');
  for (let k = 0; k < TESTS; k++) put(`test/t${k}.test.js`, `const expect = require('./support/expect');\nconst m = require('../src/m${k}');\nit('t${k}', () => expect(m()));\n`);
  for (let k = 0; k < TESTS; k++) put(`src/m${k}.js`, 'module.exports = () => 1;\n');
  // Dated past the racy window, as a seal is a few seconds old by the first check.
  const sealed: SealSnapshot = { ...sealWorkspace(dir, ['npm test']), takenAtMs: Date.now() + 5000 };
  // What a check costs when something moved: the whole reading again (resolve, module graph, digests).
  const full: number[] = [];
  for (let i = 0; i < 25; i++) full.push(timeMs(() => sealWorkspace(dir, ['npm test'])));
  const kept = new Set(sealed.proofs.flatMap((p) => [...(p.toolchain ?? []), ...p.deps.filter((d) => d.role === 'test-helper')].map((d) => d.path)));
  const before: SealSnapshot = {
    ...sealed,
    proofs: sealed.proofs.map((p) => ({ ...p, toolchain: [], deps: p.deps.filter((d) => d.role !== 'test-helper') })),
    files: sealed.files.filter((f) => !kept.has(f.path)),
  };
  const findings = checkSeal(dir, sealed).findings.length + checkSeal(dir, before).findings.length;
  const now: number[] = [];
  const was: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    now.push(timeMs(() => checkSeal(dir, sealed)));
    was.push(timeMs(() => checkSeal(dir, before)));
  }
  rmSync(dir, { recursive: true, force: true });
  const m = median(now);
  const w = median(was);
  return {
    name: '10b. toolchain seal per hook call',
    value: `${m.toFixed(2)} ms`,
    ratio: `nothing moved, ${sealed.files.length} files and ${sealed.dirs.length} folders stat-ed (${kept.size} of them the toolchain and the helpers); without them ${w.toFixed(2)} ms, added ${(m - w).toFixed(2)} ms; ${findings} findings; when something moved, the reading again ${median(full).toFixed(1)} ms`,
    target: '<= 2 ms',
    ok: findings === 0 && m <= 2,
  };
}

if (require.main === module) console.log(sealToolchainFigure());
