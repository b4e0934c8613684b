// Figure 20, for bench.ts: what "done means re-verified" adds to a tally once every item is
// proved (reverifiedStore.ts): reading both copies of the stop gate's record and the work tree's
// content key. The status line reuses the key for its git age limit; `proofmeter tally` and the
// stop gate compute it each time (a `git add -A` into a copied index). A 400-file repository with
// a record for its current content. Standalone: `node --import tsx bench/reverifyCost.ts`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tally } from '../src/core/tally/tally';
import type { PlanItem } from '../src/core/types';
import { goalDigest, reverifyNow, writeReverified } from '../src/workspace/reverifiedStore';
import { contentKey } from '../src/workspace/treeKey';
import { median, timeMs, type Figure } from './stats';

const RUNS = Number(process.env.RUNS ?? 21);
const NAME = '20. done means re-verified: the re-run record checked per status line call, every item proved';
const TARGET = '<= 2 ms per status line call (key reused); reported for the tally';

export function reverifyFigure(): Figure {
  const root = mkdtempSync(join(tmpdir(), 'pm-bench-reverify-'));
  const ws = join(root, 'ws');
  const env = { ...process.env, HOME: join(root, 'home'), XDG_STATE_HOME: join(root, 'state') };
  try {
    mkdirSync(join(ws, 'src'), { recursive: true });
    for (let i = 0; i < 400; i++) writeFileSync(join(ws, 'src', `f${i}.ts`), `export const v${i} = ${i};\n`);
    mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
    writeFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), '{"version":1}\n');
    const git = (...a: string[]) => execFileSync('git', a, { cwd: ws, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=a@example.com', '-c', 'user.name=A', 'commit', '-qm', 'start');
    const items = [{ id: 'S1', owner: 'claude', proof: { kind: 'command', command: 'true' } }] as unknown as PlanItem[];
    const tally = { items: [{ id: 'S1', handover: null }] } as unknown as Tally;
    writeReverified(ws, env, { version: 1, goal: goalDigest(ws)!, treeKey: contentKey(ws, env)!, treeKeyAfter: null, at: new Date().toISOString(), proofs: [{ id: 'S1', proof: 'true' }], sandbox: 'kernel' });
    const cache = { dir: join(ws, '.claude', 'proofmeter', 'scan'), maxAgeMs: 60_000 };
    if (reverifyNow(ws, env, items, tally).state !== 'verified') throw new Error('the record did not stand');
    const cached: number[] = [];
    const fresh: number[] = [];
    for (let i = -1; i < RUNS; i++) {
      const c = timeMs(() => reverifyNow(ws, env, items, tally, cache));
      const f = timeMs(() => reverifyNow(ws, env, items, tally));
      if (i < 0) continue;
      cached.push(c);
      fresh.push(f);
    }
    const value = median(cached);
    return {
      name: NAME,
      value: `${value.toFixed(2)} ms (key reused)`,
      ratio: `${median(fresh).toFixed(0)} ms with the key computed (proofmeter tally, the stop gate; medians of ${RUNS}, 400 files)`,
      target: TARGET,
      ok: value <= 2,
    };
  } catch (e) {
    return { name: NAME, value: 'not measured', ratio: (e as Error).message.split('\n')[0] ?? '', target: TARGET, ok: null };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) console.log(reverifyFigure());
