// `node --import tsx bench/planSize.ts` (after `node esbuild.mjs`): what a plan of the largest size
// the meter reads costs, and how fast a larger one is refused. Each figure is the median of
// several runs of `proofmeter check-plan` in its own process (peak RSS from rss-probe.cjs), with a
// target; exits non-zero when one is missed. Not part of `npm test`: timings on a shared machine
// are noisy. The shapes are the ones that cost most per character: many items, lists nested 30
// deep, a paragraph of thousands of code spans, and items saying `Proof:` thousands of times (the
// last was quadratic before readProof read each `Proof:` by offsets only).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MAX_PLAN_CHARS } from '../src/core/plan/planSize';
import { median } from './stats';

const ROOT = resolve(__dirname, '..');
const WORK = join(ROOT, '.cache', 'bench', 'plans');
const CLI = join(ROOT, 'dist', 'proofmeter.js');
const PROBE = join(ROOT, 'bench', 'rss-probe.cjs');

/** Units repeated after `head` while the text stays within `size` characters. */
function fill(size: number, head: string, unit: (i: number) => string, tail = ''): string {
  const parts = [head];
  let len = head.length + tail.length;
  for (let i = 1; ; i++) {
    const u = unit(i);
    if (len + u.length > size) break;
    parts.push(u);
    len += u.length;
  }
  parts.push(tail);
  return parts.join('');
}

export const SHAPES: Record<string, (size: number) => string> = {
  'many items': (n) => fill(n, '# P\n\n## Steps\n', (i) => `- S${i}. Add the parser step ${i} and its tests. Proof: \`npm test -- --grep step${i}\`\n`),
  'items without proofs': (n) => fill(n, '# P\n\n## Steps\n', (i) => `- S${i}. Add the parser step ${i} and its tests, no proof here.\n`),
  'nested lists': (n) => fill(n, '# P\n\n## Steps\n', (i) => `${'  '.repeat(i % 30)}- S${i}. step. Proof: \`t${i}\`\n`),
  'code spans': (n) => fill(n, '# P\n\n## Steps\n- S1. ', (i) => `\`c${i}\` `, 'Proof: `npm test`\n'),
  'Proof: repeated (unquoted)': (n) => fill(n, '# P\n\n## Steps\n- S1. ', (i) => `Proof: x${i} `, '\n'),
  'Proof: repeated (human)': (n) => fill(n, '# P\n\n## Steps\n- S1. ', (i) => `Proof: human — step ${i} `, '\n'),
};

interface Run {
  ms: number;
  rssMb: number;
  out: string;
}

function cli(args: string[], input?: string): Run {
  const t = process.hrtime.bigint();
  const r = spawnSync('node', ['-r', PROBE, CLI, ...args], { input, cwd: WORK, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const kb = Number(/PEAK_RSS_KB=(\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { ms, rssMb: kb / 1024, out: r.stdout };
}

const checkPlan = (file: string): Run => cli(['check-plan', file]);

interface Figure {
  name: string;
  ms: number;
  rssMb: number;
  ok: boolean;
  target: string;
}

// Targets for a 2-core machine (nested lists, the slowest shape, took 1.3 to 2.6 s there in the
// Markdown parser alone): a plan at the limit is checked well inside a hook's patience and a modest
// share of memory; a plan 80 times larger is refused about as fast as the runner starts.
const LIMIT_MS = 5000;
const LIMIT_RSS_MB = 400;
const REFUSE_MS = 500;
const REFUSE_RSS_MB = 250;

export function planSizeFigures(runs = 3): Figure[] {
  mkdirSync(WORK, { recursive: true });
  const figures: Figure[] = [];
  for (const [name, make] of Object.entries(SHAPES)) {
    const file = join(WORK, `${name.replace(/[^a-z]+/gi, '-')}.md`);
    writeFileSync(file, make(MAX_PLAN_CHARS));
    const rs = Array.from({ length: runs }, () => checkPlan(file));
    if (rs.some((r) => r.out.includes('[too-large]'))) throw new Error(`${name}: a plan at the limit was refused`);
    const ms = median(rs.map((r) => r.ms));
    const rssMb = median(rs.map((r) => r.rssMb));
    figures.push({ name: `check-plan, ${name}, ${MAX_PLAN_CHARS} characters`, ms, rssMb, ok: ms <= LIMIT_MS && rssMb <= LIMIT_RSS_MB, target: `≤ ${LIMIT_MS} ms, ≤ ${LIMIT_RSS_MB} MB` });
  }
  const huge = join(WORK, 'twenty-mb.md');
  writeFileSync(huge, SHAPES['many items']!(20 << 20));
  const rs = Array.from({ length: runs }, () => checkPlan(huge));
  if (!rs.every((r) => r.out.includes('[too-large]'))) throw new Error('a 20 MiB plan was not refused');
  const ms = median(rs.map((r) => r.ms));
  const rssMb = median(rs.map((r) => r.rssMb));
  figures.push({ name: 'check-plan refuses a 20 MiB plan', ms, rssMb, ok: ms <= REFUSE_MS && rssMb <= REFUSE_RSS_MB, target: `≤ ${REFUSE_MS} ms, ≤ ${REFUSE_RSS_MB} MB` });
  // The plan gate gets the plan inline in its stdin payload, the way the crash was first seen.
  const payload = JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'ExitPlanMode', cwd: WORK, tool_input: { plan: SHAPES['many items']!(20 << 20) } });
  const gs = Array.from({ length: runs }, () => cli(['hook', 'plan-gate'], payload));
  if (!gs.every((r) => r.out.includes('256 Ki'))) throw new Error('the plan gate did not refuse a 20 MiB inline plan');
  const gms = median(gs.map((r) => r.ms));
  const grss = median(gs.map((r) => r.rssMb));
  figures.push({ name: 'hook plan-gate refuses a 20 MiB inline plan', ms: gms, rssMb: grss, ok: gms <= REFUSE_MS && grss <= REFUSE_RSS_MB, target: `≤ ${REFUSE_MS} ms, ≤ ${REFUSE_RSS_MB} MB` });
  return figures;
}

if (require.main === module) {
  const figures = planSizeFigures();
  for (const f of figures) console.log(`${(f.ok ? 'ok' : 'MISSED').padEnd(7)} ${f.name}: ${Math.round(f.ms)} ms, ${Math.round(f.rssMb)} MB peak RSS  (target ${f.target})`);
  if (figures.some((f) => !f.ok)) process.exitCode = 1;
}
