// Figure 18, for bench.ts: what the shared entries' launcher (hook.sh, core/install/hookScript.ts)
// adds to each hook that starts node: `sh hook.sh --version` against `node proofmeter.js --version`
// in a project installed for the team (settings.json), interleaved round by round so a shared
// machine's load falls on both alike. Standalone: `node --import tsx bench/launcherCost.ts`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cpuOf, median, timeMs, type Figure } from './stats';

const RUNS = Number(process.env.RUNS ?? 31);
const NAME = '18. the shared entries\' launcher, per node hook';

export function launcherFigure(root = resolve(__dirname, '..')): Figure {
  const ws = mkdtempSync(join(tmpdir(), 'pm-bench-launcher-'));
  try {
    mkdirSync(join(ws, '.claude'), { recursive: true });
    execFileSync('node', [join(root, 'dist', 'proofmeter.js'), 'install', '--dir', ws, '--no-sandbox'], { stdio: 'ignore' });
    const dir = join(ws, '.claude', 'proofmeter');
    const direct: number[] = [];
    const launched: number[] = [];
    const directCpu: number[] = [];
    const launchedCpu: number[] = [];
    const opts = { cwd: ws, env: process.env, input: '' };
    const node = ['node', join(dir, 'proofmeter.js'), '--version'];
    const sh = ['sh', join(dir, 'hook.sh'), '--version'];
    for (let i = -1; i < RUNS; i++) {
      const d = timeMs(() => spawnSync(node[0]!, node.slice(1), { input: '' }));
      const l = timeMs(() => spawnSync(sh[0]!, sh.slice(1), { input: '' }));
      if (i < 0) continue;
      direct.push(d);
      launched.push(l);
      // CPU time holds on a loaded machine where wall time spreads by tens of ms.
      directCpu.push(cpuOf(node, opts));
      launchedCpu.push(cpuOf(sh, opts));
    }
    const added = median(launchedCpu) - median(directCpu);
    return {
      name: NAME,
      value: `${added.toFixed(1)} ms CPU added`,
      ratio: `CPU: sh hook.sh ${median(launchedCpu).toFixed(1)} ms, node direct ${median(directCpu).toFixed(1)} ms; wall ${median(launched).toFixed(0)} vs ${median(direct).toFixed(0)} ms (medians of ${RUNS})`,
      target: '<= 5 ms CPU added',
      ok: added <= 5,
    };
  } catch (e) {
    return { name: NAME, value: 'not measured', ratio: (e as Error).message.split('\n')[0] ?? '', target: '<= 5 ms CPU added', ok: null };
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

if (require.main === module) console.log(launcherFigure());
