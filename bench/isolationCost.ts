// Figure 19, for bench.ts: what running each proof over its own copy-on-write view of the
// workspace (src/workspace/rerunIsolation.ts) adds to a re-run. The verifier re-runs a batch of
// trivial proofs that write a file (so the view copies something up) in the sandbox, with the view
// and without it, batches taken in turn under the same load; the per-proof difference is the
// figure. Beside it, the fallback's alternative measured on the same tree: the content key
// (treeKey.ts) taken once more, as a key around each proof would need.
// Standalone: `node --import tsx bench/isolationCost.ts`.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readGoal } from '../src/workspace/goalState';
import { overlayTools } from '../src/workspace/rerunIsolation';
import { sandboxAvailable } from '../src/workspace/rerunSandbox';
import { contentKey } from '../src/workspace/treeKey';
import { verifyProofs } from '../src/workspace/verifier';
import { adopt, gitWorkspace } from '../test/unit/verify/helpers';
import { median, timeMs, type Figure } from './stats';

const BATCH = 6;
const ROUNDS = Number(process.env.RUNS ?? 5);
const NAME = '19. each proof over its own copy-on-write view, per proof';
const TARGET = '<= 300 ms added per proof';

export async function isolationFigure(work?: string): Promise<Figure> {
  const tools = overlayTools();
  if (typeof tools === 'string') return { name: NAME, value: 'not measured', ratio: tools, target: TARGET, ok: null };
  const avail = sandboxAvailable();
  if (!avail.ok) return { name: NAME, value: 'not measured', ratio: avail.why, target: TARGET, ok: null };
  // A project of some size, so the key and the probe see more than a folder of three files.
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) files[`src/m${i}.js`] = `module.exports = ${i};\n`.repeat(20);
  const items = Array.from({ length: BATCH }, (_, i) => `- S${i + 1}. Step. Proof: \`mkdir -p out && echo ${i} > out/r${i}.txt && grep -q hi greet.txt\``).join('\n');
  const w = gitWorkspace({ ...files, '.claude/settings.json': '{}\n' });
  try {
    adopt(w, `# G\n\n## Steps\n${items}\n`);
    const g = readGoal(w.ws);
    if (g.kind !== 'ok') throw new Error('no goal');
    const targets = g.goal.items.map((i) => ({ id: i.id, proof: i.proof?.kind === 'command' ? i.proof.command : 'true' }));
    const batch = async (view: boolean): Promise<{ perProof: number; proofs: number[] }> => {
      const t = process.hrtime.bigint();
      const run = await verifyProofs({ workspace: w.ws, goal: g.goal, targets, env: w.env, timeoutMs: 30_000, by: 'verify', withoutView: view ? undefined : 'bench: no view' });
      const wall = Number(process.hrtime.bigint() - t) / 1e6;
      if (run.results.some((r) => r.outcome !== 'pass')) throw new Error(`a proof failed: ${JSON.stringify(run.results.map((r) => [r.outcome, r.error]))}`);
      if ((run.view?.kind === 'overlay') !== view) throw new Error(`view ${run.view?.kind ?? 'none'} (${run.view?.why ?? ''}), wanted ${view ? 'overlay' : 'none'}`);
      return { perProof: wall / BATCH, proofs: run.results.map((r) => r.durationMs) };
    };
    await batch(true); // the library's first load in this process
    const withView: number[] = [];
    const without: number[] = [];
    const viewProof: number[] = [];
    const plainProof: number[] = [];
    const keys: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const a = await batch(true);
      const b = await batch(false);
      withView.push(a.perProof);
      without.push(b.perProof);
      viewProof.push(...a.proofs);
      plainProof.push(...b.proofs);
      keys.push(timeMs(() => contentKey(w.ws, w.env)));
    }
    const [v, n, vp, np, k] = [median(withView), median(without), median(viewProof), median(plainProof), median(keys)];
    if (work) {
      mkdirSync(work, { recursive: true });
      writeFileSync(join(work, 'isolation.json'), JSON.stringify({ batch: BATCH, withView, without, viewProof, plainProof, keys }, null, 2));
    }
    const added = v - n;
    return {
      name: NAME,
      value: `+${added.toFixed(0)} ms`,
      ratio: `${v.toFixed(0)} ms per proof over a view against ${n.toFixed(0)} ms in the tree, both in the sandbox (the proof's own run ${vp.toFixed(0)} against ${np.toFixed(0)} ms; ${BATCH} proofs a batch, ${ROUNDS} rounds, 400-file project); the fallback's content key around a proof would cost ${k.toFixed(0)} ms each`,
      target: TARGET,
      ok: added <= 300,
    };
  } catch (e) {
    return { name: NAME, value: 'not measured', ratio: (e as Error).message.split('\n')[0] ?? '', target: TARGET, ok: null };
  }
}

if (require.main === module) void isolationFigure().then((f) => console.log(f));
