// Wall time of a scripted six-turn Claude Code session (five Bash calls, then a final answer) with
// every Proofmeter hook installed, against the same session with no hooks. Run by bench.ts; prints
// `HOOKS_MS=<median> NOHOOKS_MS=<median>`. The goal's items are the five commands the session runs,
// so the stop gate lets the session end on the first try and both runs do the same work.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { freezeBenchPlan } from './benchGoal';
import { runClaude, type PrintScenario } from '../test/realcli/runClaude';
import { carrySeal } from '../test/realcli/sealCarry';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'dist', 'proofmeter.js');
const RUNS = Number(process.env.HOOK_BENCH_RUNS ?? 5);
const steps = [0, 1, 2, 3, 4].map((i) => `echo step${i}`);
const PLAN = '# Six turns\n\n## Steps\n' + steps.map((c, i) => `- **S${i + 1}.** Step ${i}. Proof: \`${c}\``).join('\n') + '\n';

const script = {
  threads: [
    {
      name: 'main',
      match: 'do the task',
      turns: [...steps.map((command) => ({ content: [{ type: 'tool_use', name: 'Bash', input: { command, description: command } }] })), { text: 'All five steps ran.' }],
    },
  ],
  side_text: 'OK',
};

/** What `proofmeter install` and `proofmeter adopt` write into a project, as files for the scenario. */
function installedFiles(): { settings: Record<string, unknown>; files: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'pm-hookbench-'));
  try {
    writeFileSync(join(dir, 'PLAN.md'), PLAN);
    execFileSync('node', [CLI, 'install', '--dir', dir], { stdio: 'ignore' });
    freezeBenchPlan(dir);
    // The seal's outside copy travels with the project, or every stop would read as tampered and
    // be blocked; resealed before the state folder is read, so both copies are the same seal.
    const carried = carrySeal(dir);
    const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')) as Record<string, unknown>;
    const files: Record<string, string> = {};
    const walk = (d: string) => {
      for (const n of readdirSync(d)) {
        const p = join(d, n);
        if (statSync(p).isDirectory()) walk(p);
        else if (!n.endsWith('.v8cache')) files[relative(dir, p)] = readFileSync(p, 'utf8');
      }
    };
    walk(join(dir, '.claude', 'proofmeter'));
    return { settings, files: { ...files, ...carried } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function once(withHooks: boolean, installed: ReturnType<typeof installedFiles>): Promise<number> {
  const scenario: PrintScenario = {
    name: withHooks ? 'bench-hooks' : 'bench-nohooks',
    mode: 'print',
    prompt: 'do the task',
    script: script as PrintScenario['script'],
    args: ['--dangerously-skip-permissions'],
    files: withHooks ? { ...installed.files, 'PLAN.md': PLAN } : { 'PLAN.md': PLAN },
    settings: withHooks ? installed.settings : {},
    // A folder whose path names none of the meter's words, as a user's project would.
    parentDir: join(tmpdir(), 'pm-bench-runs'),
  };
  const t = process.hrtime.bigint();
  const r = await runClaude(scenario);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const failed = r.invocations.some((i) => i.exitCode !== 0);
  r.cleanup();
  if (failed) throw new Error(`${scenario.name}: the CLI did not exit 0`);
  return ms;
}

async function main(): Promise<void> {
  const installed = installedFiles();
  const withHooks: number[] = [];
  const without: number[] = [];
  await once(false, installed); // warm the CLI binary's page cache
  for (let i = 0; i < RUNS; i++) {
    without.push(await once(false, installed));
    withHooks.push(await once(true, installed));
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`runs: with hooks ${withHooks.map((x) => x.toFixed(0)).join(' ')} ms; without ${without.map((x) => x.toFixed(0)).join(' ')} ms`);
  console.log(`HOOKS_MS=${med(withHooks).toFixed(1)} NOHOOKS_MS=${med(without).toFixed(1)}`);
}

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
