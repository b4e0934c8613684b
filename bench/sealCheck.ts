// The seal check's cost per hook call (figure 10 of bench.ts): checkSeal on a workspace with the
// meter installed and a goal frozen, in-process, when nothing moved (both copies read, every
// sealed file stat-ed) and when the runner and the settings were touched (both re-read and
// hashed), and the Stop entry's own digest of the runner (sha256sum in sh) over `sh -c :`.
// Standalone: `node --import tsx bench/sealCheck.ts`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gateCommand } from '../src/core/install/entries';
import { freezePlan } from '../src/workspace/freezeGoal';
import { checkSeal } from '../src/workspace/sealRecord/check';
import { takeSeal } from '../src/workspace/sealRecord/take';
import { installMeter } from '../src/workspace/hookInstaller';
import { median, timeMs } from './stats';

const RUNS = 300;

export interface SealCheckFigure {
  name: string;
  value: string;
  ratio: string;
  target: string;
  ok: boolean | null;
}

export function sealCheckFigure(root = resolve(__dirname, '..')): SealCheckFigure {
  const base = mkdtempSync(join(tmpdir(), 'pm-bench-seal-'));
  const ws = join(base, 'proj');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  const env: NodeJS.ProcessEnv = { HOME: join(base, 'home'), PATH: process.env.PATH };
  const runner = join(root, 'dist', 'proofmeter.js');
  installMeter(ws, 'settings.json', runner, new Date(), { node: { path: process.execPath, electron: false } });
  const plan = '# Bench\n\n## Steps\n- S1. Make it. Proof: `test -f made.txt`\n- S2. Check it. Proof: `grep -q ok made.txt`\n';
  writeFileSync(join(ws, 'PLAN.md'), plan);
  freezePlan({ workspace: ws, planText: plan, planFile: join(ws, 'PLAN.md'), frozenBy: 'adopt', sessionId: null, now: new Date(), stateEnv: env });
  // Dated past the racy window, as any seal is a few seconds after it was taken.
  takeSeal(ws, { by: 'reseal', parts: ['goal', 'meter', 'settings', 'content'], env, now: new Date(Date.now() + 5000) });
  const findings = checkSeal(ws, env).findings.length;
  const still: number[] = [];
  for (let i = 0; i < RUNS; i++) still.push(timeMs(() => checkSeal(ws, env)));
  // Touched, not changed: stat moved, so the runner is hashed and the settings parsed on every call.
  const later = new Date(Date.now() + 10_000);
  utimesSync(join(ws, '.claude', 'proofmeter', 'proofmeter.js'), later, later);
  utimesSync(join(ws, '.claude', 'settings.json'), later, later);
  const moved: number[] = [];
  for (let i = 0; i < RUNS; i++) moved.push(timeMs(() => checkSeal(ws, env)));
  const sha = createHash('sha256').update(readFileSync(runner)).digest('hex');
  const digestPart = gateCommand('stop', { node: { path: '/bin/true', electron: false }, runnerSha256: sha });
  const shEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', CLAUDE_PROJECT_DIR: ws };
  const entry: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 100; i++) {
    bare.push(timeMs(() => spawnSync('/bin/sh', ['-c', '/bin/true'], { env: shEnv })));
    entry.push(timeMs(() => spawnSync('/bin/sh', ['-c', digestPart], { env: shEnv })));
  }
  rmSync(base, { recursive: true, force: true });
  const m = median(still);
  const mv = median(moved);
  const e = median(entry) - median(bare);
  return {
    name: '10. seal check per hook call',
    value: `${m.toFixed(2)} ms`,
    ratio: `nothing moved (2 copies read, 9 files stat-ed, ${findings} findings); runner and settings touched ${mv.toFixed(2)} ms (re-hashed, re-parsed); the Stop entry's runner digest in sh +${e.toFixed(1)} ms`,
    target: '<= 2 ms',
    ok: findings === 0 && m <= 2,
  };
}

if (require.main === module) console.log(sealCheckFigure());
