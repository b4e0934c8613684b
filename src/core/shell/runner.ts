// Where a command calls the meter's own runner, and with which subcommand. The handover reads it to
// know a handover was asked for; the guard reads it to refuse the subcommands that change the gate.
import { stripPrefix, verbName } from './verbs';

/** The runner by name: `proofmeter`, `proofmeter.js`, `.claude/proofmeter/proofmeter.js`, `dist/proofmeter.js`. */
export const RUNNER = /(^|\/)proofmeter(\.[cm]?js)?$/;

/** What an agent may run: these only read. `handover` is the agent's own step. */
export const AGENT_SUBCOMMANDS = new Set(['tally', 'statusline', 'check-plan', 'doctor', '--version', '--help', '-h', 'help', 'handover']);

/** The subcommands that change the gate, looked for after the runner's name anywhere in a command. */
const GATE_SUBCOMMANDS = new Set(['adopt', 'install', 'uninstall', 'hook']);

const NODES = new Set(['node', 'nodejs', 'bun', 'deno', 'tsx', 'ts-node']);
const PACKAGE_RUNNERS = new Set(['npx', 'bunx', 'pnpx']);
/** Node options whose value is the next word. */
const NODE_ARG = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file', '--conditions', '-C', '--title', '--input-type']);
const SCRIPT = /\.[cm]?js$/;

export interface RunnerCall {
  /** The word that names the runner. */
  runner: string;
  /** Its subcommand, or null when it has none (it prints its usage). */
  sub: string | null;
}

function afterOptions(words: string[], from: number, withArg: ReadonlySet<string>): number {
  let k = from;
  while (k < words.length && words[k]!.startsWith('-')) {
    if (words[k] === '--') return k + 1;
    k += withArg.has(words[k]!) ? 2 : 1;
  }
  return k;
}

/**
 * The runner call in one simple command's words, or null. The runner is found by its name, through
 * `node`, `npx` and the wrappers, and under any name when a script is given `hook`: a copy of the
 * runner is still the runner.
 */
export function runnerCall(words: readonly string[]): RunnerCall | null {
  const w = stripPrefix(words);
  const verb = w[0];
  if (verb === undefined) return null;
  const at = (k: number): RunnerCall | null => {
    const script = w[k];
    if (script === undefined) return null;
    const sub = w[k + 1] ?? null;
    if (RUNNER.test(script) || (SCRIPT.test(script) && sub === 'hook')) return { runner: script, sub };
    return null;
  };
  const name = verbName(verb);
  let found: RunnerCall | null = null;
  if (NODES.has(name)) {
    // `node -e …` runs inline code, not a script.
    if (!w.slice(1).some((a) => /^-[A-Za-z]*[ep]$/.test(a) || a === '--eval' || a === '--print')) {
      found = at(afterOptions(w, name === 'deno' && w[1] === 'run' ? 2 : 1, NODE_ARG));
    }
  } else if (PACKAGE_RUNNERS.has(name)) {
    found = at(afterOptions(w, 1, new Set(['-p', '--package', '-c', '--call'])));
  } else if ((name === 'npm' || name === 'pnpm' || name === 'yarn') && (w[1] === 'exec' || w[1] === 'dlx')) {
    found = at(afterOptions(w, 2, new Set(['-p', '--package', '-c', '--call'])));
  } else {
    found = at(0);
  }
  if (found) return found;
  // Past wrappers the guard does not know (`watch proofmeter install`): the name and a gate subcommand.
  const k = w.findIndex((x, i) => RUNNER.test(x) && GATE_SUBCOMMANDS.has(w[i + 1] ?? ''));
  return k >= 0 ? { runner: w[k]!, sub: w[k + 1]! } : null;
}

/** The runner call when it changes the gate (every subcommand but the ones an agent may run), else null. */
export function gateChange(words: readonly string[]): RunnerCall | null {
  const call = runnerCall(words);
  return call && call.sub !== null && !AGENT_SUBCOMMANDS.has(call.sub) ? call : null;
}
