// Run as its own process by stopState.test.ts: records `times` consecutive blocks for one session
// and prints each count, so several of these at once exercise the count under real concurrency.
// The workers meet at a barrier first: process start-up varies by more than the whole run takes.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordBlock } from '../../../src/hooks/stopState';

const [ws, session, times, barrier, parties] = process.argv.slice(2) as [string, string, string, string, string];
writeFileSync(join(barrier, session), '');
const deadline = Date.now() + 30_000;
const pause = new Int32Array(new SharedArrayBuffer(4));
while (readdirSync(barrier).length < Number(parties) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 2);
const counts: number[] = [];
for (let i = 0; i < Number(times); i++) counts.push(recordBlock(ws, session, 'prompt-1', i > 0, new Date()));
process.stdout.write(JSON.stringify(counts) + '\n');
