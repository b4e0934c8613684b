// The environment a proof is re-run in: PATH, HOME and the locale of whoever froze the goal, kept
// with the goal, so a venv's `pytest` or nvm's `npm` still resolve while nothing the agent's shell
// set later (BASH_ENV, exported functions, a PATH with a fake tool first) reaches the re-run.
import { createHash } from './lazyCrypto';

/** The only variables recorded and passed on. */
const KEPT = /^(PATH|HOME|LANG|LANGUAGE|LC_[A-Z_]+)$/;

export type ProofEnv = Record<string, string>;

/** The kept variables of an environment, as goal.json stores them. */
export function recordEnv(env: NodeJS.ProcessEnv): ProofEnv {
  const out: ProofEnv = {};
  for (const k of Object.keys(env).sort()) {
    const v = env[k];
    if (KEPT.test(k) && typeof v === 'string') out[k] = v;
  }
  return out;
}

export interface ChosenEnv {
  env: ProofEnv;
  /** 'goal': recorded when the goal was frozen; 'runner': an older goal without one, so the runner's own. */
  source: 'goal' | 'runner';
  /** Names the environment in saved results without holding its values. */
  digest: string;
}

/** The goal's recorded environment, or (for a goal frozen before it was recorded) the runner's. */
export function chooseEnv(recorded: Record<string, string> | undefined, runner: NodeJS.ProcessEnv): ChosenEnv {
  const env = recorded ? recordEnv(recorded) : recordEnv(runner);
  const digest = createHash('sha256').update(JSON.stringify(env)).digest('hex').slice(0, 16);
  return { env, source: recorded ? 'goal' : 'runner', digest };
}

/**
 * The variables Claude Code 2.1.332 sets in its Bash tool's environment, measured with the real
 * CLI (SANDBOX-MEASURED.md, "The re-run's markers"). A re-run carries the same names, so code under
 * test cannot tell the re-run from the session's own call by its environment (`CLAUDECODE` absent
 * is the first thing such code reads). Fixed values are the measured ones; a per-session value is
 * the one Claude Code gave the stop hook, which runs in Claude Code's environment; a secret (the
 * messaging token) is never copied: its name gets a fresh random value.
 */
const FIXED_MARKERS: Readonly<Record<string, string>> = {
  CLAUDECODE: '1',
  CLAUDE_CODE_CHILD_SESSION: '1',
  COREPACK_ENABLE_AUTO_PIN: '0',
  GIT_EDITOR: 'true',
  NoDefaultCurrentDirectoryInExePath: '1',
};
/** Per-session values, with what a re-run outside any session (the person's `proofmeter verify`) gets. */
const SESSION_MARKERS: Readonly<Record<string, (() => string) | null>> = {
  AI_AGENT: () => 'claude-code_2.1.332_agent',
  CLAUDE_CODE_ENTRYPOINT: () => 'cli',
  CLAUDE_CODE_SESSION_ID: () => randomUuid(),
  CLAUDE_CODE_SESSION_ATTENDED: () => '1',
  CLAUDE_CODE_EXECPATH: null,
  CLAUDE_CODE_CHILD_NOTES_DIR: null,
  CLAUDE_CODE_MESSAGING_SOCKET: null,
  CLAUDE_EFFORT: null,
  CLAUDE_PID: null,
};
const SECRET_MARKERS = ['CLAUDE_CODE_MESSAGING_TOKEN'];

function randomHex(bytes: number): string {
  return createHash('sha256').update(`${Math.random()}\0${Date.now()}\0${process.hrtime.bigint()}`).digest('hex').slice(0, bytes * 2);
}

function randomUuid(): string {
  const h = randomHex(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The markers a re-run adds to its recorded environment. `runner`: the meter's own environment
 * (the stop hook's is Claude Code's); `sandboxed`: the session's Bash ran in Claude Code's sandbox,
 * which adds SANDBOX_RUNTIME and points TMPDIR at its own folder (measured). `exists` says whether
 * a folder is there: a TMPDIR that is gone would fail a proof that passed in the session.
 */
export function sessionMarkers(runner: NodeJS.ProcessEnv, sandboxed: boolean, exists: (dir: string) => boolean): ProofEnv {
  const out: ProofEnv = { ...FIXED_MARKERS };
  for (const [name, fallback] of Object.entries(SESSION_MARKERS)) {
    const v = runner[name];
    if (typeof v === 'string' && v !== '') out[name] = v;
    else if (fallback) out[name] = fallback();
  }
  for (const name of SECRET_MARKERS) if (runner[name] !== undefined) out[name] = randomHex(32);
  const tmp = sandboxed ? runner.CLAUDE_TMPDIR : runner.TMPDIR;
  if (tmp && exists(tmp)) {
    out.TMPDIR = tmp;
    out.CLAUDE_CODE_TMPDIR = tmp;
  } else if (runner.CLAUDE_CODE_TMPDIR) out.CLAUDE_CODE_TMPDIR = runner.CLAUDE_CODE_TMPDIR;
  if (sandboxed) {
    out.SANDBOX_RUNTIME = '1';
    if (runner.CLAUDE_TMPDIR) out.CLAUDE_TMPDIR = runner.CLAUDE_TMPDIR;
  }
  return out;
}
