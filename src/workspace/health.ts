// The meter's own telemetry: one line per hook call in .claude/proofmeter/health.jsonl, and one
// incident file per internal fault in .claude/proofmeter/incidents/. Records hold names, sizes,
// times and classified reasons only: never prompt text, command output or the environment.
// Every function here swallows its own I/O errors: telemetry never changes a hook's answer.
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { oneLine } from '../core/text/oneLine';
import { STATE_DIR } from './goalState';

export interface HealthRecord {
  time: string;
  /** The meter's hook name (stop, plan-gate, ...). */
  event: string;
  session: string | null;
  /** From the runner's process start to the answer, so start-up cost is included. */
  durationMs: number;
  /** allow, block, deny, context, pass, fault, ... */
  outcome: string;
  inputBytes: number;
  outputBytes: number;
}

// Records are read back by doctor (and through it the dashboard): a line of the wrong shape, from
// a torn write, another version or a hand edit, is skipped rather than shown or trusted.
export const healthRecordSchema: z.ZodType<HealthRecord> = z.object({
  time: z.string(),
  event: z.string(),
  session: z.string().nullable(),
  durationMs: z.number(),
  outcome: z.string(),
  inputBytes: z.number(),
  outputBytes: z.number(),
});

export type FaultClass = 'bad-input' | 'bad-state' | 'io' | 'internal';

export interface Incident {
  time: string;
  event: string;
  session: string | null;
  faultClass: FaultClass;
  /** One line, at most 240 characters, written by the meter itself (see HookFault). */
  reason: string;
  durationMs: number;
  /** What the hook answered instead. */
  failSafe: string;
}

/** A fault the meter classified itself; its message is safe to record. */
export class HookFault extends Error {
  override name = 'HookFault';
  constructor(
    readonly faultClass: FaultClass,
    message: string,
  ) {
    super(message);
  }
}

const ROTATE_BYTES = 2 * 1024 * 1024;

export function healthPath(workspace: string): string {
  return join(workspace, STATE_DIR, 'health.jsonl');
}

export function incidentsDir(workspace: string): string {
  return join(workspace, STATE_DIR, 'incidents');
}

/** Appends one record; keeps one rotated file beside it. Returns false when it could not write. */
export function appendHealth(workspace: string, rec: HealthRecord): boolean {
  try {
    const path = healthPath(workspace);
    mkdirSync(join(workspace, STATE_DIR), { recursive: true });
    try {
      if (statSync(path).size > ROTATE_BYTES) renameSync(path, path.replace(/\.jsonl$/, '.1.jsonl'));
    } catch {
      // no file yet
    }
    appendLine(path, JSON.stringify(rec));
    return true;
  } catch {
    return false;
  }
}

/**
 * Appends one line, on a line of its own: a write cut short (a full disk, a crash) leaves a partial
 * line without its newline, and a record appended straight after it would be glued on and lost.
 */
function appendLine(path: string, line: string): void {
  const fd = openSync(path, 'a+');
  try {
    const size = fstatSync(fd).size;
    const last = Buffer.alloc(1);
    const torn = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    writeSync(fd, (torn ? '\n' : '') + line + '\n');
  } finally {
    closeSync(fd);
  }
}

/** How long a fault reason may be in an incident and in the health file. */
const REASON_MAX = 240;

/** Classifies an error thrown inside a hook into a fault class and a reason that quotes no input. */
export function classifyFault(e: unknown): { faultClass: FaultClass; reason: string } {
  if (e instanceof HookFault) return { faultClass: e.faultClass, reason: oneLine(e.message, REASON_MAX) };
  const err = e as NodeJS.ErrnoException;
  if (err && typeof err.code === 'string' && typeof err.syscall === 'string') {
    // fs errors: the code, the call and the path (a workspace path, never content)
    return { faultClass: 'io', reason: oneLine(`${err.code} on ${err.syscall}${err.path ? ` ${err.path}` : ''}`, REASON_MAX) };
  }
  if (err && err.name === 'UserError') return { faultClass: 'bad-state', reason: oneLine(err.message, REASON_MAX) };
  // Anything else is the meter's own bug: keep the error's name and where it was thrown, not its
  // message, which could quote data the hook was handling.
  const frame = typeof err?.stack === 'string' ? (err.stack.split('\n')[1] ?? '').trim() : '';
  return { faultClass: 'internal', reason: oneLine(`${err?.name ?? 'Error'} ${frame}`, REASON_MAX) };
}

/** Writes one incident file; returns its path, or null when it could not be written. */
export function writeIncident(workspace: string, inc: Incident): string | null {
  try {
    const dir = incidentsDir(workspace);
    mkdirSync(dir, { recursive: true });
    const stamp = inc.time.replace(/[:.]/g, '-');
    let path = join(dir, `${stamp}-${inc.event}.json`);
    for (let i = 2; existsSync(path); i++) path = join(dir, `${stamp}-${inc.event}-${i}.json`);
    writeFileSync(path, JSON.stringify(inc, null, 2) + '\n', { flag: 'wx' });
    return path;
  } catch {
    return null;
  }
}

/** The last records of health.jsonl (at most the last `maxBytes` bytes are read). */
export function readHealth(workspace: string, maxBytes = 1 << 20): HealthRecord[] {
  const path = healthPath(workspace);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return [];
  }
  try {
    const size = statSync(path).size;
    const start = Math.max(0, size - maxBytes);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    if (start > 0) lines.shift(); // a partial first line
    const out: HealthRecord[] = [];
    for (const l of lines) {
      if (!l.trim()) continue;
      try {
        const r = healthRecordSchema.safeParse(JSON.parse(l));
        if (r.success) out.push(r.data);
      } catch {
        // a torn line from a crash: skipped
      }
    }
    return out;
  } catch {
    return [];
  } finally {
    closeSync(fd);
  }
}
