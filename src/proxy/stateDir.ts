// Where proxies keep their counters: one small file per run, so concurrent proxies never write the
// same file and "all time" is the sum of every run's file.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function proxyStateDir(env: NodeJS.ProcessEnv): string {
  if (env.PROOFMETER_PROXY_STATE) return env.PROOFMETER_PROXY_STATE;
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'proofmeter', 'proxy');
}
