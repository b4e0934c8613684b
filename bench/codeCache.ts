// Figure 7, for bench.ts: what checking the CLI's V8 code cache (scripts/cliLoader.mjs) costs at
// start-up. The check is timed in fresh processes, since start-up is when the loader pays for it
// (WebAssembly compiled, code not yet optimised), against the plain read the unchecked loader did,
// on the cache a real status line call writes; the difference is set against that call's own time.
// A whole call with and without the check differs by less than this machine's start-up jitter.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestWasm, makeDigest, readCache } from '../scripts/cliLoader.mjs';
import { projectSlug } from '../src/workspace/transcriptFiles';
import { freezeBenchPlan } from './benchGoal';
import { median } from './stats';

const RUNS = 21;

export function codeCacheFigure(cli: string, work: string, transcript: string): { name: string; value: string; ratio: string; target: string; ok: boolean | null } {
  const name = '7. code cache check at start-up';
  const target = '<= 2% of the call';
  const base = join(work, 'codecache');
  rmSync(base, { recursive: true, force: true });
  const ws = join(base, 'proj');
  const home = join(base, 'home');
  const dir = join(home, '.claude', 'projects', projectSlug(ws));
  mkdirSync(dir, { recursive: true });
  mkdirSync(ws, { recursive: true });
  copyFileSync(transcript, join(dir, 'bench-session.jsonl'));
  writeFileSync(join(ws, 'PLAN.md'), '# Bench\n\n## Steps\n- **S1.** Greet. Proof: `echo hello-from-bash`\n- **S2.** Yours. Proof: human — names S2\n');
  // A copy of the runner, so that its caches are this figure's own.
  const runner = join(base, 'proofmeter.js');
  copyFileSync(cli, runner);
  const env = { ...process.env, HOME: home };
  freezeBenchPlan(ws, 'PLAN.md', env);
  const payload = JSON.stringify({ session_id: 'bench-session', transcript_path: join(dir, 'bench-session.jsonl'), cwd: ws, workspace: { current_dir: ws, project_dir: ws } });
  const call = () => {
    const t = process.hrtime.bigint();
    const r = spawnSync('node', [runner, 'statusline'], { cwd: ws, env, input: payload, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`statusline exited ${r.status}: ${r.stderr.slice(0, 200)}`);
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  call();
  const cache = runner + '.statusline.v8cache';
  const head = /const head = Buffer\.from\('([0-9a-f]+)', 'hex'\)/.exec(readFileSync(runner, 'utf8'))?.[1];
  if (!head) return { name, value: 'not measured', ratio: 'the runner has no checked cache (rebuild: node esbuild.mjs)', target, ok: null };
  // The loader's own code, by its source text as the build embeds it.
  const checked = `const fs = require('fs');
const t = process.hrtime.bigint();
const digest = (${makeDigest.toString()})('${digestWasm().toString('base64')}');
const data = (${readCache.toString()})(fs, ${JSON.stringify(cache)}, Buffer.from('${head}', 'hex'), digest);
const ms = Number(process.hrtime.bigint() - t) / 1e6;
if (!data) throw new Error('cache rejected');
console.log(ms);`;
  const plain = `const fs = require('fs');
const t = process.hrtime.bigint();
let data;
try { data = fs.readFileSync(${JSON.stringify(cache)}); } catch {}
console.log(Number(process.hrtime.bigint() - t) / 1e6);`;
  // As script files, like the loader: `node -e` starts differently.
  const probe = (src: string, file: string) => {
    writeFileSync(join(base, file), src);
    return () => Number(execFileSync('node', [join(base, file)], { encoding: 'utf8' }));
  };
  const [runChecked, runPlain] = [probe(checked, 'checked.cjs'), probe(plain, 'plain.cjs')];
  const tChecked: number[] = [], tPlain: number[] = [], tCall: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      tChecked.push(runChecked());
      tPlain.push(runPlain());
      tCall.push(call());
    }
  } catch (e) {
    return { name, value: 'not measured', ratio: (e as Error).message.split('\n')[0]!, target, ok: null };
  }
  const cost = median(tChecked) - median(tPlain);
  const whole = median(tCall);
  const kb = statSync(cache).size / 1024;
  console.log(`        cache check on a ${kb.toFixed(0)} KB cache: ${median(tChecked).toFixed(2)} ms, plain read ${median(tPlain).toFixed(2)} ms, statusline call ${whole.toFixed(0)} ms`);
  return { name, value: `${cost.toFixed(2)} ms`, ratio: `${((100 * cost) / whole).toFixed(1)}% of a ${whole.toFixed(0)} ms statusline call, ${kb.toFixed(0)} KB cache`, target, ok: cost <= 0.02 * whole };
}
