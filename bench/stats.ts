// What the per-call figures share: a figure row, medians and 95th percentiles, wall and CPU timers.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Figure {
  name: string;
  value: string;
  ratio: string;
  target: string;
  /** null: the figure could not be measured. */
  ok: boolean | null;
}

function nth(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

export const median = (xs: readonly number[]): number => nth(xs, 0.5);
export const p95 = (xs: readonly number[]): number => nth(xs, 0.95);

export function timeMs(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** "median / p95" of a sample, in ms with one decimal. */
export const medP95 = (xs: readonly number[]): string => `${median(xs).toFixed(1)} / ${p95(xs).toFixed(1)} ms`;

export interface Timed {
  wallMs: number;
  /** user + system time of the command and every process it waited for. */
  cpuMs: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOpts {
  cwd: string;
  env: NodeJS.ProcessEnv;
  input: string;
}

/** user + system time of cmd and every process it waited for, by bash's `times`; NaN when unread. */
export function cpuOf(cmd: readonly string[], opts: RunOpts): number {
  const c = spawnSync('bash', ['-c', '"$@" >/dev/null 2>&1; times', 'bash', ...cmd], { ...opts, encoding: 'utf8' });
  const m = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(c.stdout);
  return m ? (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000 : NaN;
}

/**
 * Runs cmd twice: once as it is, for its wall time, and once for its CPU time (cpuOf). On a loaded
 * machine the wall time of a 60 ms process spreads by tens of ms with the other jobs while its CPU
 * time holds within a few, so a per-call cost of a few ms shows only in the latter. The answer is
 * the first run's.
 */
export function runTimed(cmd: readonly string[], opts: RunOpts): Timed {
  let r: SpawnSyncReturns<string> | undefined;
  const wallMs = timeMs(() => (r = spawnSync(cmd[0]!, cmd.slice(1), { ...opts, encoding: 'utf8', maxBuffer: 64 << 20 })));
  return { wallMs, cpuMs: cpuOf(cmd, opts), status: r!.status, stdout: r!.stdout, stderr: r!.stderr };
}

/** CPU (user + system, ms) of the children this process has reaped, from /proc (10 ms ticks). */
export function reapedCpuMs(): number {
  const f = readFileSync('/proc/self/stat', 'utf8');
  const after = f.slice(f.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), counted from after the command name (field 3 is after[0]).
  return (Number(after[13]) + Number(after[14])) * 10;
}
