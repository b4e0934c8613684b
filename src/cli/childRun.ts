// Runs one child in the person's terminal until it ends, for the launcher and the proxy: Ctrl-C
// reaches the child from the terminal itself, TERM and HUP are passed on, and the exit code (or
// 128 + signal) is the caller's.
import { spawn } from 'node:child_process';
import type { Io } from './io';

function signalNumber(sig: NodeJS.Signals): number | undefined {
  return ({ SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[sig];
}

export async function runChild(cmd: string[], env: NodeJS.ProcessEnv, io: Io, who: string): Promise<number> {
  const child = spawn(cmd[0]!, cmd.slice(1), { stdio: 'inherit', env });
  const ignore = () => {};
  const pass = (sig: NodeJS.Signals) => () => { child.kill(sig); };
  const onTerm = pass('SIGTERM');
  const onHup = pass('SIGHUP');
  process.on('SIGINT', ignore);
  process.on('SIGTERM', onTerm);
  process.on('SIGHUP', onHup);
  try {
    return await new Promise<number>((resolve) => {
      child.once('error', (e) => { io.err(`${who}: cannot start ${cmd[0]}: ${e.message}`); resolve(127); });
      child.once('exit', (c, sig) => resolve(c ?? (sig ? 128 + (signalNumber(sig) ?? 1) : 1)));
    });
  } finally {
    process.off('SIGINT', ignore);
    process.off('SIGTERM', onTerm);
    process.off('SIGHUP', onHup);
  }
}
