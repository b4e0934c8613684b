// Runs one proof outside the agent's shell: `bash --noprofile --norc -c PROOF` with only the given
// environment (so no shell snapshot, BASH_ENV, ENV, alias or exported function comes along), stdin
// closed, in its own process group so a timeout ends everything it started, with a cap on the
// output kept in memory (the rest is counted). Nothing here is saved: the caller keeps codes and
// sizes only.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { RerunOutcome, RerunResult } from '../core/evidence/rerun';

export const OUTPUT_CAP = 256 * 1024;
/** Of what comes past the cap, the last this many bytes: a runner's summary closes the output (testCount.ts). */
export const TAIL_CAP = 64 * 1024;
/** After SIGTERM, how long the group has before SIGKILL. */
const GRACE_MS = 1000;
/** After the shell exits and its group is killed, how long to wait for the pipes to close. */
const DRAIN_MS = 2000;

export interface ProofSpec {
  command: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  capBytes?: number;
  /** Ends the proof's whole group at once; the result then reads error 'cancelled'. */
  signal?: AbortSignal;
  /** What to start instead of `bash --noprofile --norc -c command`: the same, wrapped in the sandbox (rerunSandbox.ts). */
  argv?: readonly string[];
}

export interface ProofResult extends RerunResult {
  /** The first capBytes of stdout and stderr as they arrived; for the person's terminal only. */
  output: Buffer;
  /** The last TAIL_CAP bytes past those (empty when nothing passed the cap), for the test count; never saved. */
  tail: Buffer;
}

/** A fixed bash, never one found on the proof's PATH, so a PATH entry cannot stand in for the shell. */
export function bashPath(): string {
  return ['/bin/bash', '/usr/bin/bash', '/usr/local/bin/bash'].find((p) => existsSync(p)) ?? 'bash';
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

export function runProof(spec: ProofSpec): Promise<ProofResult> {
  const cap = spec.capBytes ?? OUTPUT_CAP;
  const started = Date.now();
  const at = new Date(started).toISOString();
  return new Promise((resolve) => {
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let tail: Buffer[] = [];
    let tailBytes = 0;
    let total = 0;
    let timedOut = false;
    let cancelled = false;
    let exit: number | null = null;
    let signal: string | null = null;
    let settled = false;
    let pid: number | undefined;
    const timers: NodeJS.Timeout[] = [];
    const onAbort = () => {
      cancelled = true;
      killGroup(pid, 'SIGKILL');
    };
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      spec.signal?.removeEventListener('abort', onAbort);
      const why = cancelled ? 'cancelled' : error;
      const outcome: RerunOutcome = why ? 'error' : timedOut ? 'timeout' : exit === 0 ? 'pass' : 'fail';
      resolve({ outcome, exit: timedOut || why ? null : exit, signal, durationMs: Date.now() - started, outputBytes: total, outputTruncated: total > cap, at, error: why, output: Buffer.concat(kept), tail: Buffer.concat(tail).subarray(-TAIL_CAP) });
    };
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      const [file, ...args] = spec.argv ?? [bashPath(), '--noprofile', '--norc', '-c', spec.command];
      child = spawn(file ?? bashPath(), args, { cwd: spec.cwd, env: spec.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      finish((e as NodeJS.ErrnoException).code ?? 'spawn failed');
      return;
    }
    pid = child.pid;
    const take = (chunk: Buffer) => {
      total += chunk.length;
      let rest = chunk;
      if (keptBytes < cap) {
        const part = chunk.subarray(0, cap - keptBytes);
        kept.push(part);
        keptBytes += part.length;
        rest = chunk.subarray(part.length);
      }
      if (!rest.length) return;
      tail.push(rest);
      tailBytes += rest.length;
      // Trimmed once it holds twice the tail, so keeping it costs O(1) a byte.
      if (tailBytes > 2 * TAIL_CAP) {
        const last = Buffer.concat(tail).subarray(-TAIL_CAP);
        tail = [last];
        tailBytes = last.length;
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? 'spawn failed'));
    if (spec.signal?.aborted) onAbort();
    else spec.signal?.addEventListener('abort', onAbort, { once: true });
    timers.push(
      setTimeout(() => {
        timedOut = true;
        killGroup(pid, 'SIGTERM');
        timers.push(setTimeout(() => killGroup(pid, 'SIGKILL'), GRACE_MS));
      }, spec.timeoutMs),
    );
    child.on('exit', (code, sig) => {
      exit = code;
      signal = sig;
      // Whatever the proof left running in its group is ended, so the next proof runs alone and
      // the pipes it holds close.
      killGroup(pid, 'SIGKILL');
      timers.push(
        setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
          finish(null);
        }, DRAIN_MS),
      );
    });
    child.on('close', () => finish(null));
  });
}
