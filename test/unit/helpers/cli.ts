import { main } from '../../../src/cli/main';

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process with captured output. */
export async function cli(args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string }): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    readStdin: async () => opts.stdin ?? '',
    env: opts.env ?? { ...process.env },
    cwd: opts.cwd,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
