// Each running proxy writes its counters to <state>/runs/<pid>-<start>.json (sizes and counts only).
// `proxy status` reads them all: live runs are this run, the sum of every file is all time.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { addCounters, countersSchema, zeroCounters, type Counters } from '../core/proxy/counters';
import { writeFileAtomic } from '../workspace/atomicWrite';
import { processAlive } from '../workspace/processAlive';

export const runFileSchema = z.object({
  version: z.literal(1),
  pid: z.number(),
  port: z.number(),
  startedAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().nullable(),
  upstreamHost: z.string(),
  shadow: z.boolean(),
  counters: countersSchema,
});
export type RunFile = z.infer<typeof runFileSchema>;

export class RunStore {
  readonly path: string;
  private timer: NodeJS.Timeout | null = null;

  constructor(dir: string, private readonly run: Omit<RunFile, 'updatedAt' | 'endedAt' | 'counters' | 'version'>, private readonly counters: () => Counters) {
    mkdirSync(join(dir, 'runs'), { recursive: true });
    this.path = join(dir, 'runs', `${run.pid}-${Date.parse(run.startedAt)}.json`);
    this.write(null);
  }

  /** At most one write a second while requests flow. */
  changed(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => { this.timer = null; this.write(null); }, 1000);
    this.timer.unref();
  }

  end(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.write(new Date().toISOString());
  }

  private write(endedAt: string | null): void {
    const file: RunFile = { version: 1, ...this.run, updatedAt: new Date().toISOString(), endedAt, counters: this.counters() };
    try {
      writeFileAtomic(this.path, JSON.stringify(file) + '\n');
    } catch { /* counters are best effort; the proxy keeps serving */ }
  }
}

export interface StatusView {
  live: RunFile[];
  allTime: Counters;
  runs: number;
  unreadable: number;
}

export function readStatus(dir: string): StatusView {
  const runsDir = join(dir, 'runs');
  let names: string[] = [];
  try { names = readdirSync(runsDir).filter((n) => n.endsWith('.json')); } catch { /* no runs yet */ }
  const live: RunFile[] = [];
  let all = zeroCounters();
  let runs = 0;
  let unreadable = 0;
  for (const n of names) {
    let parsed: ReturnType<typeof runFileSchema.safeParse>;
    try { parsed = runFileSchema.safeParse(JSON.parse(readFileSync(join(runsDir, n), 'utf8'))); } catch { unreadable++; continue; }
    if (!parsed.success) { unreadable++; continue; }
    runs++;
    all = addCounters(all, parsed.data.counters);
    if (parsed.data.endedAt === null && processAlive(parsed.data.pid)) live.push(parsed.data);
  }
  return { live, allTime: all, runs, unreadable };
}
