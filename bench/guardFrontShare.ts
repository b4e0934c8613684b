// Figure 17 of bench.ts: how often the guard starts node on an honest agent's Bash calls. The
// installed sh front is run as Claude Code runs it (payload on stdin) on every command of the
// honest table (test/unit/hooks/honestCommands.ts), once for a session the kernel protects (its
// marker in the state folder) and once for one under guard only; a call it answers alone leaves a
// health line with "path":"fast", any other started the runner. Shown: the share that started
// node under each protection, and the front's median wall time per call it answered alone.
// Standalone: `node --import tsx bench/guardFrontShare.ts`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KERNEL_MARKER_DIR } from '../src/core/install/kernelMarker';
import { HONEST_COMMANDS, honestProject } from '../test/unit/hooks/honestCommands';
import { benchWorkspace } from './benchWorkspace';
import { median, p95, runTimed, type Figure } from './stats';

const KERNEL = '0b7c8c52-51a4-4c1b-a2f5-7f5d3c4b9e10';
const GUARD_ONLY = '7d1e0f4a-2b3c-4d5e-8f9a-0b1c2d3e4f50';
const ROUNDS = Number(process.env.RUNS ?? 5);

export function guardFrontFigure(root = resolve(__dirname, '..')): Figure {
  const name = '17. guard: honest Bash calls that start node';
  const target = '<= 5% under kernel';
  // Not under a folder named proofmeter: the guard-only front hands on any call whose cwd names the meter.
  const base = join(tmpdir(), 'pm-bench-guard-front');
  const { ws, home, env } = benchWorkspace(base);
  try {
    honestProject(ws);
    execFileSync('node', [join(root, 'dist', 'proofmeter.js'), 'install', '--dir', ws], { env, stdio: 'ignore' });
  } catch (e) {
    return { name, value: 'not measured', ratio: `set-up failed: ${(e as Error).message.split('\n')[0]}`, target, ok: null };
  }
  writeFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), '{}');
  mkdirSync(join(ws, KERNEL_MARKER_DIR), { recursive: true });
  writeFileSync(join(ws, KERNEL_MARKER_DIR, KERNEL), '');
  const health = join(ws, '.claude', 'proofmeter', 'health.jsonl');
  const fastLines = () => (existsSync(health) ? readFileSync(health, 'utf8').split('\n').filter((l) => l.includes('"path":"fast"')).length : 0);
  const guardSh = join(ws, '.claude', 'proofmeter', 'guard.sh');
  const measure = (session: string) => {
    const toNode: string[] = [];
    const fastMs: number[] = [];
    const nodeMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const command of HONEST_COMMANDS) {
        const input = JSON.stringify({ session_id: session, transcript_path: join(home, '.claude', 'projects', 'x', `${session}.jsonl`), cwd: ws, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'run it' }, tool_use_id: 'toolu_01' });
        const before = fastLines();
        const r = runTimed(['sh', guardSh], { cwd: ws, env, input });
        if (r.status !== 0 || r.stdout.includes('"deny"')) throw new Error(`guard refused or failed on ${JSON.stringify(command)}: ${r.stdout.slice(0, 200)}`);
        const fast = fastLines() > before;
        if (round === 0 && !fast) toNode.push(command);
        (fast ? fastMs : nodeMs).push(r.wallMs);
      }
    }
    return { toNode, fastMs, nodeMs };
  };
  let kernel: ReturnType<typeof measure>;
  let guardOnly: ReturnType<typeof measure>;
  try {
    kernel = measure(KERNEL);
    guardOnly = measure(GUARD_ONLY);
  } catch (e) {
    return { name, value: 'not measured', ratio: (e as Error).message.split('\n')[0]!, target, ok: null };
  }
  if (!process.env.KEEP) rmSync(base, { recursive: true, force: true });
  const n = HONEST_COMMANDS.length;
  const pct = (k: number) => `${((100 * k) / n).toFixed(0)}%`;
  const ms = (xs: number[]) => (xs.length ? `${median(xs).toFixed(1)} ms (p95 ${p95(xs).toFixed(1)})` : 'none');
  console.log(`        went to node under kernel: ${kernel.toNode.map((c) => JSON.stringify(c)).join(', ') || 'none'}`);
  return {
    name,
    value: `${pct(kernel.toNode.length)} under kernel`,
    ratio: `${kernel.toNode.length} of ${n} honest commands under kernel, ${guardOnly.toNode.length} of ${n} (${pct(guardOnly.toNode.length)}) under guard only; the sh front alone ${ms([...kernel.fastMs, ...guardOnly.fastMs])} per call, a call that starts node ${ms([...kernel.nodeMs, ...guardOnly.nodeMs])}; ${ROUNDS} rounds`,
    target,
    ok: kernel.toNode.length <= n * 0.05,
  };
}

if (require.main === module) console.log(guardFrontFigure());
