// What the re-runs' sandbox (src/workspace/rerunSandbox.ts) costs: the verifier re-running a batch
// of trivial proofs (`grep -q hi greet.txt && echo N`, so the figure is the wrapping and not the proof) in one process, with
// the sandbox and bare, taken in turn under the same load; and a batch of one proof, whose extra
// time is the opening (loading the library, one probe run). Figure 8b of bench.ts; run alone with
// `node --import tsx bench/rerunSandbox.ts`. The timings land in .cache/bench/rerun-sandbox.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readGoal } from '../src/workspace/goalState';
import { sandboxAvailable } from '../src/workspace/rerunSandbox';
import { verifyProofs } from '../src/workspace/verifier';
import { adopt, gitWorkspace } from '../test/unit/verify/helpers';
import { median, type Figure } from './stats';

const BATCH = 8;
const ROUNDS = 5;

export async function rerunSandboxFigure(work: string): Promise<Figure> {
  const name = '8b. re-run in the sandbox, per proof';
  const avail = sandboxAvailable();
  if (!avail.ok) return { name, value: 'not measured', ratio: avail.why, target: '<= 100 ms added per proof', ok: null };
  const items = Array.from({ length: BATCH }, (_, i) => `- S${i + 1}. Step. Proof: \`grep -q hi greet.txt && echo ${i + 1}\``).join('\n');
  const w = gitWorkspace({});
  try {
    adopt(w, `# G\n\n## Steps\n${items}\n`);
    const g = readGoal(w.ws);
    if (g.kind !== 'ok') throw new Error('no goal');
    const targets = g.goal.items.map((i) => ({ id: i.id, proof: i.proof?.kind === 'command' ? i.proof.command : 'true' }));
    const batch = async (n: number, bare: boolean): Promise<{ wall: number; proofs: number[] }> => {
      const t = process.hrtime.bigint();
      const run = await verifyProofs({ workspace: w.ws, goal: g.goal, targets: targets.slice(0, n), env: w.env, timeoutMs: 30_000, by: 'verify', withoutSandbox: bare ? 'bench: bare' : undefined });
      const wall = Number(process.hrtime.bigint() - t) / 1e6;
      if (run.results.some((r) => r.outcome !== 'pass')) throw new Error(`a proof failed: ${JSON.stringify(run.results.map((r) => r.outcome))}`);
      if ((run.sandbox?.kind === 'kernel') === bare) throw new Error(`ran ${run.sandbox?.kind ?? 'nowhere'}, wanted ${bare ? 'bare' : 'the sandbox'}`);
      return { wall, proofs: run.results.map((r) => r.durationMs) };
    };
    await batch(1, false); // the library's first load in this process
    const kernel: number[] = [];
    const bare: number[] = [];
    const kernelProof: number[] = [];
    const bareProof: number[] = [];
    const openKernel: number[] = [];
    const openBare: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const k = await batch(BATCH, false);
      const b = await batch(BATCH, true);
      kernel.push(k.wall / BATCH);
      bare.push(b.wall / BATCH);
      kernelProof.push(...k.proofs);
      bareProof.push(...b.proofs);
      openKernel.push((await batch(1, false)).wall);
      openBare.push((await batch(1, true)).wall);
    }
    mkdirSync(work, { recursive: true });
    writeFileSync(join(work, 'rerun-sandbox.json'), JSON.stringify({ batch: BATCH, kernel, bare, kernelProof, bareProof, openKernel, openBare }, null, 2));
    const [k, b, kp, bp, ok1, ob1] = [median(kernel), median(bare), median(kernelProof), median(bareProof), median(openKernel), median(openBare)];
    console.log(`        ${BATCH} trivial proofs per batch, ${ROUNDS} rounds: ${k.toFixed(1)} ms per proof in the sandbox (the proof's own run ${kp.toFixed(1)} ms), ${b.toFixed(1)} ms bare (${bp.toFixed(1)} ms); a batch of one ${ok1.toFixed(0)} ms against ${ob1.toFixed(0)} ms`);
    return {
      name,
      value: `+${(k - b).toFixed(0)} ms`,
      ratio: `${k.toFixed(0)} ms per proof in the sandbox against ${b.toFixed(0)} ms bare (the seal checked around each in both; the wrap itself ${(k - kp - (b - bp)).toFixed(0)} ms, bwrap's start ${(kp - bp).toFixed(0)} ms); a batch of one ${ok1.toFixed(0)} ms against ${ob1.toFixed(0)} ms (opening: the library loaded once per process, one probe run)`,
      target: '<= 100 ms added per proof',
      ok: k - b <= 100,
    };
  } catch (e) {
    return { name, value: 'not measured', ratio: (e as Error).message.split('\n')[0] ?? '', target: '<= 100 ms added per proof', ok: null };
  } finally {
    rmSync(w.root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  void rerunSandboxFigure(join(resolve(__dirname, '..'), '.cache', 'bench')).then((f) => console.log(`${f.name}: ${f.value}; ${f.ratio} (target ${f.target}: ${f.ok === null ? 'not measured' : f.ok ? 'met' : 'MISSED'})`));
}
