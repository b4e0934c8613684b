// Figure 12 of bench.ts: the ConfigChange gate's cost per event (src/hooks/configChange.ts). The
// installed entry is run as Claude Code runs it (node, the runner, the payload on stdin) in a
// workspace with the meter installed, a goal frozen and the session's starting view of the settings
// taken as the session-start gate takes it. Interleaved: an event the gate passes over at once
// (source `skills`), a change it lets through (a model choice added to the project settings,
// which hold the meter's hooks: both views are read and compared) and one it refuses
// (disableAllHooks written into settings.local.json). Standalone: `node --import tsx bench/configChangeCost.ts`.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configChange } from '../src/hooks/configChange';
import { takeSessionView } from '../src/workspace/sessionSettingsView';
import { freezeBenchPlan } from './benchGoal';
import { benchWorkspace } from './benchWorkspace';
import { median, medP95, p95, runTimed, timeMs, type Figure, type Timed } from './stats';

const RUNS = Number(process.env.RUNS ?? 40);
const IN_PROCESS_RUNS = 300;
const SESSION = 'b3c4c0de-0000-4000-8000-000000000012';

export function configChangeFigure(root = resolve(__dirname, '..')): Figure {
  const name = '12. ConfigChange gate per event';
  const target = '<= 10 ms added per event';
  const base = join(tmpdir(), 'proofmeter-bench', 'config-change');
  const { ws, home, env } = benchWorkspace(base);
  const project = join(ws, '.claude', 'settings.json');
  const local = join(ws, '.claude', 'settings.local.json');
  writeFileSync(join(ws, 'PLAN.md'), '# Bench\n\n## Steps\n- **S1.** Greet. Proof: `echo hello-from-bash`\n');
  try {
    execFileSync('node', [join(root, 'dist', 'proofmeter.js'), 'install', '--dir', ws], { env, stdio: 'ignore' });
    freezeBenchPlan(ws, 'PLAN.md', env);
    writeFileSync(local, JSON.stringify({ permissions: { allow: ['Read'] } }, null, 2));
    if (!takeSessionView(ws, SESSION, env, new Date())) throw new Error('no session view taken');
  } catch (e) {
    return { name, value: 'not measured', ratio: `set-up failed: ${(e as Error).message.split('\n')[0]}`, target, ok: null };
  }
  // The changes after the view: one the gate allows, one it refuses.
  // A permission rule would be refused: the permissions and the sandbox fence the agent in (configRule.ts).
  const settings = JSON.parse(readFileSync(project, 'utf8')) as { model?: string };
  settings.model = 'opus';
  writeFileSync(project, JSON.stringify(settings, null, 2));
  writeFileSync(local, JSON.stringify({ permissions: { allow: ['Read'] }, disableAllHooks: true }, null, 2));
  const event = (source: string, file: string) => ({ session_id: SESSION, transcript_path: join(home, '.claude', 'projects', 'x', `${SESSION}.jsonl`), cwd: ws, hook_event_name: 'ConfigChange', source, file_path: file });
  const calls = { skipped: event('skills', join(ws, '.claude', 'skills', 'x', 'SKILL.md')), allowed: event('project_settings', project), refused: event('local_settings', local) };
  const want = { skipped: false, allowed: false, refused: true };
  const runner = join(ws, '.claude', 'proofmeter', 'proofmeter.js');
  const t: Record<keyof typeof calls, Timed[]> = { skipped: [], allowed: [], refused: [] };
  try {
    for (let i = -1; i < RUNS; i++) {
      for (const k of Object.keys(calls) as Array<keyof typeof calls>) {
        const r = runTimed([process.execPath, runner, 'hook', 'config-change'], { cwd: ws, env, input: JSON.stringify(calls[k]) });
        if (r.status !== 0) throw new Error(`config-change exited ${r.status}: ${r.stderr.slice(0, 200)}`);
        if (r.stdout.includes('"block"') !== want[k]) throw new Error(`config-change answered ${r.stdout.slice(0, 200) || 'nothing'} to the ${k} event`);
        if (i >= 0) t[k].push(r); // the first round writes the runner's code cache
      }
    }
  } catch (e) {
    return { name, value: 'not measured', ratio: (e as Error).message.split('\n')[0]!, target, ok: null };
  }
  const ctx = { workspace: ws, env, now: () => new Date() };
  const inProcess = (k: 'allowed' | 'refused') => {
    const xs: number[] = [];
    for (let i = 0; i < IN_PROCESS_RUNS; i++) xs.push(timeMs(() => configChange(calls[k], ctx)));
    return median(xs);
  };
  const [inAllowed, inRefused] = [inProcess('allowed'), inProcess('refused')];
  rmSync(base, { recursive: true, force: true });
  const wall = (k: keyof typeof calls) => t[k].map((x) => x.wallMs);
  const cpu = (k: keyof typeof calls) => median(t[k].map((x) => x.cpuMs));
  const [addAllowed, addRefused] = [cpu('allowed') - cpu('skipped'), cpu('refused') - cpu('skipped')];
  console.log(`        config-change, wall median / p95 of ${RUNS}: skipped ${medP95(wall('skipped'))}, allowed ${medP95(wall('allowed'))}, refused ${medP95(wall('refused'))}; CPU medians ${cpu('skipped').toFixed(0)} / ${cpu('allowed').toFixed(0)} / ${cpu('refused').toFixed(0)} ms; in-process (warm) ${inAllowed.toFixed(2)} / ${inRefused.toFixed(2)} ms`);
  return {
    name,
    value: `+${addAllowed.toFixed(0)} / +${addRefused.toFixed(0)} ms CPU`,
    ratio: `allowed / refused: ${median(wall('allowed')).toFixed(0)} ms (p95 ${p95(wall('allowed')).toFixed(0)}) / ${median(wall('refused')).toFixed(0)} ms (p95 ${p95(wall('refused')).toFixed(0)}) wall, against ${median(wall('skipped')).toFixed(0)} ms (p95 ${p95(wall('skipped')).toFixed(0)}), ${cpu('skipped').toFixed(0)} ms CPU for an event the gate skips; ${RUNS} runs; in-process, warm, ${inAllowed.toFixed(2)} / ${inRefused.toFixed(2)} ms`,
    target,
    ok: addAllowed <= 10 && addRefused <= 10,
  };
}

if (require.main === module) console.log(configChangeFigure());
