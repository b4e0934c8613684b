// `proofmeter proxy serve | run -- <cmd> | status | replay <session>`: the local compaction proxy.
// Each subcommand's module loads only when called; node:http is never loaded for status or replay.
import { UsageError, type CommandResult, type Io } from '../io';

export const PROXY_USAGE = [
  'usage: proofmeter proxy serve [flags]            a proxy on http://127.0.0.1:8260 (--port 0 picks a free one)',
  '       proofmeter run --proxy [flags] -- CMD ...   one proxy for one command (ANTHROPIC_BASE_URL set for it; proxy run is the same)',
  '       proofmeter proxy status [--json]          counters and estimated-token totals, this run and all time',
  '       proofmeter proxy replay SESSION [flags] [--json]   what the proxy would have sent; calls no provider',
  '',
  'flags: --threshold N (128000)  --threshold-1m N (256000)  --keep-recent N (3)  --keep-tail-percent P (0)',
  '       --result-max-chars N (500)  --carry-max-chars N (24000)  --no-calibrate  --shadow  --strict',
  '       --port N  --bind ADDR (loopback only)  --upstream URL (https://api.anthropic.com)  --log FILE',
].join('\n');

export async function run(args: string[], io: Io): Promise<CommandResult> {
  const [sub, ...rest] = args;
  if (sub === 'serve') return (await import('./proxyServe')).run(sub, rest, io);
  // `proxy run` is what `run --proxy` was called before the launcher: it locks the sandbox too.
  if (sub === 'run') return (await import('./run')).run(['--proxy', ...rest], io);
  if (sub === 'status') return (await import('./proxyStatus')).run(rest, io);
  if (sub === 'replay') return (await import('./proxyReplay')).run(rest, io);
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.out(PROXY_USAGE);
    return { code: 0 };
  }
  throw new UsageError(sub ? `unknown subcommand '${sub}'\n${PROXY_USAGE}` : PROXY_USAGE);
}
