// Figure 15, for bench.ts: each hook that still starts node, against starting node itself. The
// installed runner is called as Claude Code calls it (node, the runner, the payload on stdin) in a
// workspace with the meter installed and a goal frozen (a second one without a goal for the stop
// gate, which otherwise re-runs the goal's proofs), interleaved round by round with `node -e 0` so
// that a shared machine's load falls on all of them alike. The guard is timed on its full path (the
// runner itself, as the sh front hands on a command it cannot answer). Standalone:
// `node --import tsx bench/hookStart.ts`; RUNS sets the rounds (default 21).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { projectSlug } from '../src/workspace/transcriptFiles';
import { freezeBenchPlan } from './benchGoal';
import { cpuOf, median, timeMs, type Figure } from './stats';

const RUNS = Number(process.env.RUNS ?? 21);
const TARGET = 1.5;
const SESSION = 'b3c4c0de-0000-4000-8000-000000000015';

interface Ws {
  ws: string;
  env: NodeJS.ProcessEnv;
  transcript: string;
}

function workspace(base: string, name: string, root: string, source: string, goal: boolean): Ws {
  const ws = join(base, name, 'proj');
  const home = join(base, name, 'home');
  const dir = join(home, '.claude', 'projects', projectSlug(ws));
  mkdirSync(ws, { recursive: true });
  mkdirSync(dir, { recursive: true });
  const transcript = join(dir, `${SESSION}.jsonl`);
  copyFileSync(source, transcript);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CLAUDE_PROJECT_DIR: ws };
  writeFileSync(join(ws, 'PLAN.md'), '# Bench\n\n## Steps\n- **S1.** Greet. Proof: `echo hello-from-bash`\n');
  execFileSync('node', [join(root, 'dist', 'proofmeter.js'), 'install', '--dir', ws], { env, stdio: 'ignore' });
  if (goal) freezeBenchPlan(ws, 'PLAN.md', env);
  return { ws, env, transcript };
}

export function hookStartFigures(root = resolve(__dirname, '..'), source: string): Figure[] {
  const base = join(tmpdir(), 'proofmeter-bench', 'hook-start');
  rmSync(base, { recursive: true, force: true });
  let withGoal: Ws, noGoal: Ws;
  try {
    withGoal = workspace(base, 'goal', root, source, true);
    noGoal = workspace(base, 'nogoal', root, source, false);
  } catch (e) {
    return [{ name: '15. node hooks vs bare node start', value: 'not measured', ratio: `set-up failed: ${(e as Error).message.split('\n')[0]}`, target: `<= ${TARGET}x each`, ok: null }];
  }
  const common = (w: Ws, event: string) => ({ session_id: SESSION, transcript_path: w.transcript, cwd: w.ws, hook_event_name: event });
  const hooks: Array<{ label: string; gate: string; w: Ws; payload: object }> = [
    { label: 'session-start', gate: 'session-start', w: withGoal, payload: { ...common(withGoal, 'SessionStart'), source: 'startup' } },
    { label: 'prompt', gate: 'prompt', w: withGoal, payload: { ...common(withGoal, 'UserPromptSubmit'), prompt: 'do the task' } },
    { label: 'stop, no goal', gate: 'stop', w: noGoal, payload: { ...common(noGoal, 'Stop'), stop_hook_active: false } },
    // A variable and a redirection: the sh front hands such a command to the runner.
    { label: 'guard, full path', gate: 'guard', w: withGoal, payload: { ...common(withGoal, 'PreToolUse'), tool_name: 'Bash', tool_input: { command: 'cd src && echo "$HOME" > out.txt', description: 'x' } } },
    { label: 'config-change', gate: 'config-change', w: withGoal, payload: { ...common(withGoal, 'ConfigChange'), source: 'skills', file_path: join(withGoal.ws, '.claude', 'skills', 'x', 'SKILL.md') } },
    { label: 'plan-gate', gate: 'plan-gate', w: withGoal, payload: { ...common(withGoal, 'PreToolUse'), tool_name: 'ExitPlanMode', tool_input: { plan: '# Plan\n\n## Steps\n- **S1.** Greet. Proof: `grep -q hi greet.txt`\n' } } },
  ];
  const runner = (w: Ws) => join(w.ws, '.claude', 'proofmeter', 'proofmeter.js');
  const wall = hooks.map(() => [] as number[]);
  const cpu = hooks.map(() => [] as number[]);
  const bare: number[] = [];
  const bareCpu: number[] = [];
  try {
    for (let i = -1; i < RUNS; i++) {
      // The first round writes each gate's code cache.
      const t = timeMs(() => spawnSync('node', ['-e', '0']));
      if (i >= 0) bare.push(t);
      hooks.forEach((h, j) => {
        const input = JSON.stringify(h.payload);
        let status: number | null = null;
        let stderr = '';
        const ms = timeMs(() => ({ status, stderr } = spawnSync('node', [runner(h.w), 'hook', h.gate], { cwd: h.w.ws, env: h.w.env, input, encoding: 'utf8' })));
        if (status !== 0) throw new Error(`hook ${h.gate} exited ${status}: ${stderr.slice(0, 200)}`);
        if (i >= 0) wall[j]!.push(ms);
        // CPU every other round: a loaded machine spreads wall times far more than CPU times.
        if (i >= 0 && i % 2 === 0) cpu[j]!.push(cpuOf(['node', runner(h.w), 'hook', h.gate], { cwd: h.w.ws, env: h.w.env, input }));
      });
      if (i >= 0 && i % 2 === 0) bareCpu.push(cpuOf(['node', '-e', '0'], { cwd: base, env: process.env, input: '' }));
    }
  } catch (e) {
    return [{ name: '15. node hooks vs bare node start', value: 'not measured', ratio: (e as Error).message.split('\n')[0]!, target: `<= ${TARGET}x each`, ok: null }];
  }
  rmSync(base, { recursive: true, force: true });
  const b = median(bare);
  const bc = median(bareCpu);
  console.log(`        node -e 0: ${b.toFixed(0)} ms wall, ${bc.toFixed(0)} ms CPU (medians of ${RUNS} / ${bareCpu.length})`);
  return hooks.map((h, j) => {
    const w = median(wall[j]!);
    const c = median(cpu[j]!);
    return {
      name: `15. hook ${h.label} vs bare node start`,
      value: `${w.toFixed(0)} ms`,
      ratio: `${(w / b).toFixed(2)}x node -e 0 (${b.toFixed(0)} ms) wall; CPU ${c.toFixed(0)} ms, ${(c / bc).toFixed(2)}x (${bc.toFixed(0)} ms); ${RUNS} rounds`,
      target: `<= ${TARGET}x`,
      ok: w / b <= TARGET,
    };
  });
}

if (require.main === module) {
  const source = join(resolve(__dirname, '..'), 'test', 'fixtures', 'lab', 'main', 'transcripts', '-home-dev-main-proj', 'f10e432c-90fb-4895-b76a-fccceabde1d3.jsonl');
  for (const f of hookStartFigures(undefined, source)) console.log(`${f.ok === null ? 'MISSING' : f.ok ? 'ok' : 'MISSED'} ${f.name}: ${f.value} (${f.ratio}; target ${f.target})`);
}
