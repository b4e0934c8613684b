// Figure 11 of bench.ts: what the guard's skip/focus check (src/hooks/guardTests.ts) adds to an
// Edit. The installed guard is run as Claude Code runs it (sh front, payload on stdin; an Edit
// always goes on to the runner) in a workspace whose frozen goal has `npm test` as its proof, so the
// seal's content snapshot lists test/sum.test.js as that proof's test file. Interleaved: an Edit of
// lib/sum.js (a code file no proof runs as a test: the snapshot is read, nothing parsed), an Edit
// of an assertion in the sealed test file (the inventory is taken before and after, and the edit
// goes through), and an Edit that adds `.skip` there (refused, with its denial recorded). The
// check's own time in-process is shown beside it. Standalone: `node --import tsx bench/guardTestCost.ts`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testEditReason } from '../src/hooks/guardTests';
import { afterEdit } from '../src/hooks/guard';
import { freezeBenchPlan } from './benchGoal';
import { benchWorkspace } from './benchWorkspace';
import { median, medP95, p95, runTimed, timeMs, type Figure, type Timed } from './stats';

const RUNS = Number(process.env.RUNS ?? 40);
const IN_PROCESS_RUNS = 300;

/** A mocha test file of `n` cases, about 60 bytes a line. */
function testFile(n: number): string {
  const cases = Array.from({ length: n }, (_, i) => `  it('adds ${i} and ${i + 1}', () => {\n    // the sum of two neighbours is odd\n    assert.equal(sum(${i}, ${i + 1}), ${2 * i + 1});\n  });\n`);
  return `const assert = require('assert');\nconst { sum } = require('../lib/sum');\n\ndescribe('sum', () => {\n${cases.join('\n')}});\n`;
}

export function guardTestFigure(root = resolve(__dirname, '..')): Figure {
  const name = '11. guard on an Edit of a sealed test file';
  const target = '<= 10 ms added per call';
  const base = join(tmpdir(), 'proofmeter-bench', 'guard-tests');
  const { ws, home, env } = benchWorkspace(base);
  mkdirSync(join(ws, 'test'), { recursive: true });
  mkdirSync(join(ws, 'lib'), { recursive: true });
  const test = testFile(80);
  writeFileSync(join(ws, 'package.json'), JSON.stringify({ name: 'bench', scripts: { test: 'mocha' } }));
  writeFileSync(join(ws, 'lib', 'sum.js'), 'exports.sum = (a, b) => a + b;\n');
  writeFileSync(join(ws, 'test', 'sum.test.js'), test);
  writeFileSync(join(ws, 'PLAN.md'), '# Bench\n\n## Steps\n- **S1.** Sum. Proof: `npm test`\n');
  try {
    execFileSync('node', [join(root, 'dist', 'proofmeter.js'), 'install', '--dir', ws], { env, stdio: 'ignore' });
    freezeBenchPlan(ws, 'PLAN.md', env);
  } catch (e) {
    return { name, value: 'not measured', ratio: `set-up failed: ${(e as Error).message.split('\n')[0]}`, target, ok: null };
  }
  const content = readFileSync(join(ws, '.claude', 'proofmeter', 'seal-content.json'), 'utf8');
  if (!content.includes('"test/sum.test.js"')) return { name, value: 'not measured', ratio: 'the seal lists no test file for `npm test`', target, ok: null };
  const fixture = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'hooks', 'pretool-bash.json'), 'utf8')) as Record<string, unknown>;
  const edit = (file: string, old_string: string, new_string: string) =>
    JSON.stringify({ ...fixture, cwd: ws, transcript_path: join(home, '.claude', 'projects', 'x', 'bench.jsonl'), tool_name: 'Edit', tool_input: { file_path: join(ws, file), old_string, new_string, replace_all: false } });
  const calls = {
    other: edit('lib/sum.js', 'a + b', 'b + a'),
    test: edit('test/sum.test.js', 'sum(40, 41), 81', 'sum(41, 40), 81'),
    skip: edit('test/sum.test.js', "it('adds 40 and 41'", "it.skip('adds 40 and 41'"),
  };
  const want = { other: false, test: false, skip: true };
  const guardSh = join(ws, '.claude', 'proofmeter', 'guard.sh');
  const t: Record<keyof typeof calls, Timed[]> = { other: [], test: [], skip: [] };
  try {
    for (let i = -1; i < RUNS; i++) {
      for (const k of Object.keys(calls) as Array<keyof typeof calls>) {
        const r = runTimed(['sh', guardSh], { cwd: ws, env, input: calls[k] });
        if (r.status !== 0) throw new Error(`guard exited ${r.status}: ${r.stderr.slice(0, 200)}`);
        if (r.stdout.includes('"deny"') !== want[k]) throw new Error(`guard answered ${r.stdout.slice(0, 200) || 'nothing'} to the ${k} edit`);
        if (i >= 0) t[k].push(r); // the first round writes the runner's code cache
      }
    }
  } catch (e) {
    return { name, value: 'not measured', ratio: (e as Error).message.split('\n')[0]!, target, ok: null };
  }
  // The check alone, as the guard calls it for the allowed edit of the test file.
  const abs = join(ws, 'test', 'sum.test.js');
  const input = (JSON.parse(calls.test) as { tool_input: Record<string, unknown> }).tool_input;
  const check: number[] = [];
  for (let i = 0; i < IN_PROCESS_RUNS; i++) check.push(timeMs(() => testEditReason(abs, ws, env, () => readFileSync(abs, 'utf8'), (b) => afterEdit('Edit', input, b))));
  if (!process.env.KEEP) rmSync(base, { recursive: true, force: true });
  const wall = (k: keyof typeof calls) => t[k].map((x) => x.wallMs);
  const cpu = (k: keyof typeof calls) => median(t[k].map((x) => x.cpuMs));
  const added = cpu('test') - cpu('other');
  const addedSkip = cpu('skip') - cpu('other');
  const kb = (test.length / 1024).toFixed(0);
  console.log(`        guard Edit, wall median / p95 of ${RUNS}: other file ${medP95(wall('other'))}, sealed test file ${medP95(wall('test'))}, adding .skip (refused) ${medP95(wall('skip'))}; CPU medians ${cpu('other').toFixed(0)} / ${cpu('test').toFixed(0)} / ${cpu('skip').toFixed(0)} ms; the check in-process (warm) ${medP95(check)} on a ${kb} KB test file`);
  return {
    name,
    value: `+${added.toFixed(0)} ms CPU`,
    ratio: `an Edit of a ${kb} KB sealed test file ${median(wall('test')).toFixed(0)} ms wall (p95 ${p95(wall('test')).toFixed(0)}), ${cpu('test').toFixed(0)} ms CPU, against ${median(wall('other')).toFixed(0)} ms (p95 ${p95(wall('other')).toFixed(0)}), ${cpu('other').toFixed(0)} ms CPU for an Edit of a non-test file; refusing a .skip +${addedSkip.toFixed(0)} ms CPU; ${RUNS} runs; the check in-process, warm, ${median(check).toFixed(2)} ms`,
    target,
    ok: added <= 10 && addedSkip <= 10,
  };
}

if (require.main === module) console.log(guardTestFigure());
