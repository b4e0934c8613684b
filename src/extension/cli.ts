// Runs the CLI bundled with the extension (dist/proofmeter.js) in a child process: the hooks
// installer, the uninstaller and the doctor are the CLI's, so the extension and a terminal user
// get the same code and the same result.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class CliUnavailableError extends Error {
  override name = 'CliUnavailableError';
}

/** The CLI to run: the proofmeter.cliPath setting when set, else the one bundled with the extension. */
export function bundledCliPath(extensionPath: string, configured = ''): string {
  return configured || join(extensionPath, 'dist', 'proofmeter.js');
}

/**
 * Runs `node dist/proofmeter.js <args>` with the extension host's own runtime (Electron's binary
 * runs as plain Node with ELECTRON_RUN_AS_NODE). Rejects with CliUnavailableError when the bundle
 * is missing or does not know the subcommand; otherwise resolves with the exit code and output.
 */
export function runBundledCli(extensionPath: string, args: string[], cwd: string, timeoutMs = 60_000, configured = ''): Promise<CliResult> {
  const cli = bundledCliPath(extensionPath, configured);
  const sub = args[0] ?? '';
  if (!existsSync(cli)) return Promise.reject(new CliUnavailableError(`the bundled proofmeter CLI is missing (${cli})`));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : error.killed ? 124 : 1) : 0;
        // spawn failed (ENOENT, ...). ExecFileException is an Error; its declared type, an Omit<>, does not say so.
        const spawnFailure: Error | null = error && typeof error.code === 'string' ? error : null;
        if (spawnFailure) return reject(spawnFailure);
        if (code === 2 && /unknown command/.test(stderr) && stderr.includes(`'${sub}'`)) {
          return reject(new CliUnavailableError(`this build of the proofmeter CLI has no '${sub}' command yet`));
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}
