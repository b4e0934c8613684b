// The Bash receipt's cost: it runs after every shell call, so its added time per call is what a
// session pays. The installed script (install/receiptScript.ts) is run as Claude Code runs it (sh,
// the payload on stdin) on a real 2.1.332 payload and on the same payload with 200 KB of output,
// interleaved with `sh -c :` on the same input as the baseline; `node -e 0` shows what starting node
// per call would cost instead. Figure 9 of bench.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECEIPT_SCRIPT, RECEIPT_SCRIPT_REL } from '../src/core/install/receiptScript';
import { median } from './stats';

const RUNS = 200;

function ms(cmd: string, args: string[], input: string): number {
  const t = process.hrtime.bigint();
  spawnSync(cmd, args, { input, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  return Number(process.hrtime.bigint() - t) / 1e6;
}

export function receiptFigure(root: string, work: string): { name: string; value: string; ratio: string; target: string; ok: boolean | null } {
  const ws = join(work, 'receipt');
  rmSync(ws, { recursive: true, force: true });
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  const script = join(ws, RECEIPT_SCRIPT_REL);
  writeFileSync(script, RECEIPT_SCRIPT, { mode: 0o755 });
  const payloads = readFileSync(join(root, 'test', 'fixtures', 'receipts', 'payloads.jsonl'), 'utf8').split('\n');
  const small = payloads.find((l) => l.includes('"hook_event_name":"PostToolUse"'))!;
  const big = JSON.parse(small) as { tool_response: { stdout: string } };
  big.tool_response.stdout = 'a line of "output" with \\ and \t in it, and more text to fill it up\n'.repeat(3000);
  const bigText = JSON.stringify(big);
  const t: Record<'base' | 'small' | 'big' | 'node', number[]> = { base: [], small: [], big: [], node: [] };
  for (let i = 0; i < RUNS; i++) {
    t.base.push(ms('sh', ['-c', ':'], small));
    t.small.push(ms('sh', [script], small));
    t.big.push(ms('sh', [script], bigText));
    if (i % 10 === 0) t.node.push(ms(process.execPath, ['-e', '0'], small));
  }
  const base = median(t.base);
  const addSmall = median(t.small) - base;
  const addBig = median(t.big) - base;
  const written = readFileSync(join(ws, '.claude', 'proofmeter', 'receipts', `${(JSON.parse(small) as { session_id: string }).session_id}.jsonl`), 'utf8').split('\n').filter(Boolean).length;
  console.log(`        receipt: sh -c : ${base.toFixed(1)} ms; +${addSmall.toFixed(1)} ms (${small.length} B payload), +${addBig.toFixed(1)} ms (${(bigText.length / 1024).toFixed(0)} KB); node -e 0 ${median(t.node).toFixed(1)} ms; ${written} receipts written`);
  return {
    name: '9. Bash receipt, median added time per call',
    value: `${addSmall.toFixed(1)} ms / ${addBig.toFixed(1)} ms`,
    ratio: `small / ${(bigText.length / 1024).toFixed(0)} KB payload, over \`sh -c :\` (${base.toFixed(1)} ms); starting node alone ${median(t.node).toFixed(0)} ms`,
    target: '<= 10 ms',
    ok: written === 2 * RUNS && addSmall <= 10 && addBig <= 10,
  };
}
