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
