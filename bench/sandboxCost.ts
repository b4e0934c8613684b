// What Claude Code's own sandbox costs per Bash call (issue 26): the same session of ten `echo`
// Bash calls with the real CLI (2.1.332), offline, in bypass mode, with `sandbox.enabled` (the
// block install writes) and without it, a few runs each, taken in turn so the machine's load falls
// on both alike. Each run is one whole scripted session's wall time; the difference over ten calls
// is the sandbox's cost per call (bwrap, its proxy and the mounts it builds for every command).
import { performance } from 'node:perf_hooks';
import { runClaude, netnsUnavailableReason } from '../test/realcli/runClaude';
import type { ScriptTurn } from '../test/realcli/fakeMessages';
import { sandboxUnavailableReason } from '../scripts/setup-sandbox.mjs';
import { median, type Figure } from './stats';

const CALLS = 10;
const RUNS = 3;

const SANDBOX = {
  sandbox: { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false, autoAllowBashIfSandboxed: true },
};

async function sessionMs(sandboxed: boolean, i: number): Promise<number> {
  const turns: ScriptTurn[] = Array.from({ length: CALLS }, (_, k) => ({ content: [{ type: 'tool_use', name: 'Bash', input: { command: `echo call ${k}`, description: 'Echo' } }] }));
  const t = performance.now();
  // The whole run, namespace host included: the same for both kinds, so it drops out of the difference.
  const run = await runClaude({
    name: `bench-sandbox-${sandboxed ? 'on' : 'off'}-${i}`,
    mode: 'print',
    prompt: 'echo ten times',
    args: ['--dangerously-skip-permissions'],
    settings: sandboxed ? SANDBOX : {},
    script: { threads: [{ name: 'main', match: 'echo ten times', turns: [...turns, { text: 'Done.' }] }] },
  });
  const ms = performance.now() - t;
  try {
    const inv = run.invocations[0]!;
    if (inv.exitCode !== 0) throw new Error(`claude exited ${inv.exitCode ?? inv.signal}`);
    const echoed = run.records().filter((r) => JSON.stringify(r).includes('call 9')).length;
    if (echoed === 0) throw new Error('the tenth call never ran');
  } finally {
    run.cleanup();
  }
  return ms;
}

/** Figure 16: Claude Code's sandbox per Bash call, the median over RUNS sessions of each kind. */
export async function sandboxCostFigure(): Promise<Figure> {
  const name = `16. Claude Code's sandbox per Bash call (${CALLS} echo calls, bypass mode, median of ${RUNS} sessions)`;
  const why = netnsUnavailableReason() ?? sandboxUnavailableReason();
  if (why) return { name, value: 'not measured', ratio: why, target: '<= 500 ms added per call', ok: null };
  const on: number[] = [];
  const off: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < RUNS; i++) {
    off.push(await sessionMs(false, i));
    on.push(await sessionMs(true, i));
  }
  const perCall = (median(on) - median(off)) / CALLS;
  console.log(`sandbox sessions (ms): off ${off.map((x) => x.toFixed(0)).join(', ')}; on ${on.map((x) => x.toFixed(0)).join(', ')} (${((performance.now() - t0) / 1000).toFixed(0)} s in all)`);
  return {
    name,
    value: `${perCall.toFixed(0)} ms added per call`,
    ratio: `session ${(median(on) / 1000).toFixed(2)} s with, ${(median(off) / 1000).toFixed(2)} s without (${(median(on) / median(off)).toFixed(2)}x)`,
    target: '<= 500 ms added per call',
    ok: perCall <= 500,
  };
}
