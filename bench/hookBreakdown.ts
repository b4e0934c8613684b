// Where figure 4's time goes: the same six-turn session as hookOverhead.ts, with and without the
// hooks, split into phases by the times the fake Messages API saw each request (start to the first
// request: SessionStart and UserPromptSubmit; between requests: a Bash call with its guard and
// receipt; last request to exit: the Stop gate), with each node hook's own time from the health
// lines it writes (counted from its process start, so node's start-up is in it). Standalone:
// `node --import tsx bench/hookBreakdown.ts`; HOOK_BENCH_RUNS sets the number of pairs (default 7),
// HOOK_CPU=1 adds each hook's CPU (timedHook: the entries are rewritten before the project is
// sealed), HOOK_NOOP=1 a third arm whose entries are all `true` (Claude Code's own cost of a call).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runClaude } from '../test/realcli/runClaude';
import { installedFiles, sessionScenario, type Installed } from './hookOverhead';
import { median, reapedCpuMs } from './stats';

const RUNS = Number(process.env.HOOK_BENCH_RUNS ?? 7);

interface Split {
  total: number;
  /** CPU of the run's processes: Claude Code, its hooks and tools, and the fake API's host. */
  cpu: number;
  /** start -> first request, each gap between requests, last request -> exit. */
  phases: number[];
  /** hook event -> its durations in this run (node hooks only; the sh fronts log 0). */
  hooks: Map<string, number[]>;
  /** hook event -> CPU of each call (with HOOK_CPU=1 only). */
  hookCpu: Map<string, number[]>;
}

async function split(withHooks: boolean, installed: Installed, meter = withHooks): Promise<Split> {
  const cpu0 = reapedCpuMs();
  const start = Date.now();
  const r = await runClaude(sessionScenario(withHooks, installed));
  const end = Date.now();
  try {
    if (r.invocations.some((i) => i.exitCode !== 0)) throw new Error('the CLI did not exit 0');
    const ts = r.requests().filter((q) => q.path.startsWith('/v1/messages') && (q.body as { messages?: unknown } | null)?.messages).map((q) => Date.parse(q.ts));
    const points = [start, ...ts, end];
    const phases = points.slice(1).map((t, i) => t - points[i]!);
    const hooks = new Map<string, number[]>();
    if (meter) {
      const health = readFileSync(join(r.project, '.claude', 'proofmeter', 'health.jsonl'), 'utf8').split('\n').filter(Boolean);
      for (const l of health) {
        const h = JSON.parse(l) as { event: string; durationMs: number; path?: string };
        const key = h.path === 'fast' ? `${h.event} (sh front)` : h.event;
        hooks.set(key, [...(hooks.get(key) ?? []), h.durationMs]);
      }
    }
    const cpuByHook = hookCpu(r.root);
    r.cleanup();
    return { total: end - start, cpu: reapedCpuMs() - cpu0, phases, hooks, hookCpu: cpuByHook };
  } catch (e) {
    r.cleanup();
    throw e;
  }
}

/**
 * Each hook command, preceded by an EXIT trap that appends the CPU of the processes its shell waited
 * for (bash/dash `times`: the hook's own node, sh, awk, proofs) to a file beside the project. The
 * command itself stays last and whole, so the meter still knows its entries, and the project is
 * sealed with these settings.
 */
const timedHook = (command: string, event: string) => `trap '{ echo ${event}; times; } >> "$CLAUDE_PROJECT_DIR"/../hook-cpu.txt' EXIT; ${command}`;

/** hook event -> CPU ms of each call, from the trap's lines. */
function hookCpu(root: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  let text: string;
  try {
    text = readFileSync(join(root, 'hook-cpu.txt'), 'utf8');
  } catch {
    return out;
  }
  // Three lines a call: the event, the shell's own times, its children's (dash: 10 ms ticks).
  const lines = text.split('\n');
  for (let i = 0; i + 2 < lines.length; i += 3) {
    const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(lines[i + 2]!.trim());
    const event = lines[i]!.trim();
    if (m) out.set(event, [...(out.get(event) ?? []), (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000]);
  }
  return out;
}

async function main(): Promise<void> {
  const installed = installedFiles(process.env.HOOK_CPU ? timedHook : undefined);
  await split(false, installed); // warm the CLI binary's page cache
  // Claude Code's own cost of a hook call: the same entries, each only `true`.
  const noop = process.env.HOOK_NOOP ? installedFiles(() => 'true') : null;
  const withs: Split[] = [];
  const withouts: Split[] = [];
  const noops: Split[] = [];
  for (let i = 0; i < RUNS; i++) {
    withouts.push(await split(false, installed));
    withs.push(await split(true, installed));
    if (noop) noops.push(await split(true, noop, false));
  }
  const n = Math.min(...[...withs, ...withouts].map((s) => s.phases.length));
  const at = (ss: Split[], i: number) => median(ss.map((s) => s.phases[i]!));
  const [w, o] = [median(withs.map((s) => s.total)), median(withouts.map((s) => s.total))];
  const [cw, co] = [median(withs.map((s) => s.cpu)), median(withouts.map((s) => s.cpu))];
  console.log(`${RUNS} pairs, medians in ms; wall with hooks ${w}, without ${o} (${(w / o).toFixed(2)}x); CPU with hooks ${cw}, without ${co} (+${cw - co})`);
  if (noops.length) console.log(`  every entry \`true\` instead: wall ${median(noops.map((s) => s.total))}, CPU ${median(noops.map((s) => s.cpu))} (+${median(noops.map((s) => s.cpu)) - co} over no hooks)`);
  for (let i = 0; i < n; i++) {
    const what = i === 0 ? 'start -> 1st request (SessionStart, UserPromptSubmit)' : i === n - 1 ? 'last request -> exit (Stop)' : `request ${i} -> ${i + 1} (Bash call, guard, receipt)`;
    const [w, o] = [at(withs, i), at(withouts, i)];
    console.log(`  ${what.padEnd(58)} with ${String(w).padStart(5)}  without ${String(o).padStart(5)}  +${w - o}`);
  }
  const names = new Set(withs.flatMap((s) => [...s.hooks.keys()]));
  for (const name of names) {
    const per = withs.map((s) => s.hooks.get(name) ?? []);
    const all = per.flat();
    console.log(`  hook ${name.padEnd(28)} ${per[0]!.length} call(s) per run, median ${median(all)} ms in-process (from node's start), max ${Math.max(...all)}`);
  }
  for (const event of new Set(withs.flatMap((s) => [...s.hookCpu.keys()]))) {
    const per = withs.map((s) => s.hookCpu.get(event) ?? []);
    // dash counts CPU in 10 ms ticks, given to whichever process runs at the tick: a mean over
    // many calls is unbiased where a median of a 3 ms call is 0.
    const all = per.flat();
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    console.log(`  CPU ${event.padEnd(29)} ${(all.length / per.length).toFixed(0)} call(s) per run, mean ${mean.toFixed(1)} ms a call, ${(mean * all.length / per.length).toFixed(0)} ms a run`);
  }
}

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
