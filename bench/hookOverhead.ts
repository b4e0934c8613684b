// Wall time of a scripted six-turn Claude Code session (five Bash calls, then a final answer) with
// every Proofmeter hook installed, against the same session with no hooks. Run by bench.ts; prints
// `HOOKS_MS=<median> NOHOOKS_MS=<median>` and the medians of the CPU the sessions' processes used
// (HOOKS_CPU, NOHOOKS_CPU), which a loaded machine spreads far less than the wall time. The goal's
// items are the five commands the session runs, so the stop gate lets the session end on the first
// try and both runs do the same work. HOOK_BENCH_SANDBOX=off installs with --no-sandbox; on (the
// default) installs the sandbox block, and the session without hooks then runs with that block
// alone, so the ratio is the meter's own cost under the sandbox. SANDBOX_MS, the session with the
// block alone, against BARE_MS, with no settings at all, is Claude Code's own sandbox cost.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { freezeBenchPlan } from './benchGoal';
import { runClaude, type PrintScenario } from '../test/realcli/runClaude';
import { carrySeal } from '../test/realcli/sealCarry';
import { median, reapedCpuMs } from './stats';

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

/**
 * What `proofmeter install` and `proofmeter adopt` write into a project, as files for the scenario.
 * `wrap`, when given, rewrites each hook command before the project is sealed (hookBreakdown.ts).
 */
export function installedFiles(wrap?: (command: string, event: string) => string, sandbox = process.env.HOOK_BENCH_SANDBOX !== 'off'): { settings: Record<string, unknown>; files: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'pm-hookbench-'));
  try {
    writeFileSync(join(dir, 'PLAN.md'), PLAN);
    execFileSync('node', [CLI, 'install', '--dir', dir, ...(sandbox ? [] : ['--no-sandbox'])], { stdio: 'ignore' });
    if (wrap) wrapHooks(join(dir, '.claude', 'settings.json'), wrap);
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

function wrapHooks(file: string, wrap: (command: string, event: string) => string): void {
  const s = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
  for (const [event, groups] of Object.entries(s.hooks)) for (const g of groups) for (const h of g.hooks) h.command = wrap(h.command, event);
  writeFileSync(file, JSON.stringify(s, null, 2));
}

export type Installed = ReturnType<typeof installedFiles>;

/** The sandbox and permission settings install wrote, without the hooks: the baseline under the sandbox. */
function sandboxOnly(installed: Installed): Record<string, unknown> {
  const { sandbox, permissions } = installed.settings;
  return sandbox === undefined ? {} : { sandbox, permissions };
}

/** The six-turn session, with every hook installed or with none (`bare`: no sandbox either). */
export function sessionScenario(withHooks: boolean, installed: Installed, bare = false): PrintScenario {
  return {
    name: withHooks ? 'bench-hooks' : 'bench-nohooks',
    mode: 'print',
    prompt: 'do the task',
    script: script as PrintScenario['script'],
    args: ['--dangerously-skip-permissions'],
    files: withHooks ? { ...installed.files, 'PLAN.md': PLAN } : { 'PLAN.md': PLAN },
    settings: withHooks ? installed.settings : bare ? {} : sandboxOnly(installed),
    // A folder whose path names none of the meter's words, as a user's project would.
    parentDir: join(tmpdir(), 'pm-bench-runs'),
  };
}

/** Wall time of one session, and the CPU of its processes (Claude Code, hooks, tools, the fake API's host). */
async function once(withHooks: boolean, installed: Installed, bare = false): Promise<{ ms: number; cpu: number }> {
  const scenario = sessionScenario(withHooks, installed, bare);
  const cpu0 = reapedCpuMs();
  const t = process.hrtime.bigint();
  const r = await runClaude(scenario);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const failed = r.invocations.some((i) => i.exitCode !== 0);
  r.cleanup();
  if (failed) throw new Error(`${scenario.name}: the CLI did not exit 0`);
  return { ms, cpu: reapedCpuMs() - cpu0 };
}

async function main(): Promise<void> {
  const installed = installedFiles();
  const withHooks: Array<{ ms: number; cpu: number }> = [];
  const without: Array<{ ms: number; cpu: number }> = [];
  const bare: Array<{ ms: number; cpu: number }> = [];
  const sandboxed = installed.settings.sandbox !== undefined;
  await once(false, installed); // warm the CLI binary's page cache
  for (let i = 0; i < RUNS; i++) {
    without.push(await once(false, installed));
    withHooks.push(await once(true, installed));
    if (sandboxed) bare.push(await once(false, installed, true));
  }
  const ms = (xs: typeof without) => xs.map((x) => x.ms);
  const cpu = (xs: typeof without) => xs.map((x) => x.cpu);
  console.log(`runs: with hooks ${ms(withHooks).map((x) => x.toFixed(0)).join(' ')} ms; without ${ms(without).map((x) => x.toFixed(0)).join(' ')} ms`);
  console.log(`HOOKS_MS=${median(ms(withHooks)).toFixed(1)} NOHOOKS_MS=${median(ms(without)).toFixed(1)} HOOKS_CPU=${median(cpu(withHooks))} NOHOOKS_CPU=${median(cpu(without))}`);
  if (sandboxed) console.log(`SANDBOX_MS=${median(ms(without)).toFixed(1)} BARE_MS=${median(ms(bare)).toFixed(1)} BASH_CALLS=${steps.length}`);
}

if (require.main === module) {
  void main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  });
}
