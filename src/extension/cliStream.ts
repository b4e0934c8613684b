// Runs the bundled CLI with its stderr read line by line as it comes (the verifier's progress),
// and ends it on cancel: SIGTERM, which `proofmeter verify` answers by ending the running proof's
// process group and exiting 130.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bundledCliPath, CliUnavailableError } from './cli';
import type { StreamedRun } from './verifyFlow';

export function runCliStreaming(extensionPath: string, args: string[], cwd: string, onLine: (line: string) => void, signal: AbortSignal, configured = ''): Promise<StreamedRun> {
  const cli = bundledCliPath(extensionPath, configured);
  if (!existsSync(cli)) return Promise.reject(new CliUnavailableError(`the bundled proofmeter CLI is missing (${cli})`));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let partial = '';
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      child.kill('SIGTERM');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      stderr += s;
      const lines = (partial + s).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    child.on('error', (e) => {
      signal.removeEventListener('abort', onAbort);
      reject(e);
    });
    child.on('close', (code, sig) => {
      signal.removeEventListener('abort', onAbort);
      if (partial) onLine(partial);
      const sub = args[0] ?? '';
      if (code === 2 && /unknown command/.test(stderr) && stderr.includes(`'${sub}'`)) {
        reject(new CliUnavailableError(`this build of the proofmeter CLI has no '${sub}' command yet`));
        return;
      }
      resolve({ code: code ?? (sig ? 128 : 1), stdout, stderr, cancelled });
    });
  });
}
