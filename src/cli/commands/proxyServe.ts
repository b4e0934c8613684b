// `proofmeter proxy serve` and `proofmeter run --proxy -- CMD` (`proxy run` is its old name): start
// the proxy, save its counters for `proxy status`, and stop cleanly. `run` points one child at it
// through ANTHROPIC_BASE_URL and logs to a file, so the child's terminal shows nothing of the proxy.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULTS, parseProxyFlags } from '../../core/proxy/options';
import { RunStore } from '../../proxy/runStore';
import { startProxy, type ProxyLogEntry, type ProxyServer } from '../../proxy/server';
import { proxyStateDir } from '../../proxy/stateDir';
import { runChild } from '../childRun';
import { UsageError, type CommandResult, type Io } from '../io';

export async function run(sub: 'serve' | 'run', args: string[], io: Io): Promise<CommandResult> {
  const { opts, rest, after } = parseProxyFlags(args, sub === 'run' ? { ...DEFAULTS, port: 0 } : DEFAULTS);
  if (sub === 'serve' && (rest.length || after.length)) throw new UsageError('usage: proofmeter proxy serve [flags]');
  if (sub === 'run' && (rest.length || !after.length)) throw new UsageError('usage: proofmeter proxy run [flags] -- CMD [ARGS...]');
  const startedAt = new Date().toISOString();
  const stateDir = proxyStateDir(io.env);
  const logPath = opts.log ?? (sub === 'run' ? join(stateDir, 'logs', `${process.pid}-${Date.parse(startedAt)}.jsonl`) : null);
  if (logPath) mkdirSync(dirname(logPath), { recursive: true });
  const log = (e: ProxyLogEntry) => {
    const text = JSON.stringify(e);
    if (!logPath) return io.err(text);
    try { appendFileSync(logPath, text + '\n'); } catch { /* a full disk must not stop the proxy */ }
  };
  let store: RunStore | null = null;
  let server: ProxyServer;
  try {
    server = await startProxy(opts, { log, changed: () => store?.changed() });
  } catch (e) {
    io.err(`proofmeter proxy: cannot listen on ${opts.bind}:${opts.port}: ${(e as Error).message}`);
    return { code: 2 };
  }
  store = new RunStore(stateDir, { pid: process.pid, port: server.port, startedAt, upstreamHost: new URL(opts.upstream).host, shadow: opts.shadow }, () => server.counters);
  const stop = async () => {
    await server.close();
    store?.end();
  };
  const what = `threshold ${opts.threshold} (1M window ${Math.max(opts.threshold, opts.threshold1m)}), upstream ${new URL(opts.upstream).host}${opts.shadow ? ', shadow' : ''}${opts.strict ? ', strict' : ''}`;
  if (sub === 'serve') {
    io.out(`proofmeter proxy: listening on ${server.url} (${what})`);
    io.out(`  export ANTHROPIC_BASE_URL=${server.url}`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await stop();
    return { code: 0 };
  }
  io.err(`proofmeter proxy: ${server.url} for ${after[0]} (${what}; log ${logPath})`);
  const code = await runChild(after, { ...io.env, ANTHROPIC_BASE_URL: server.url }, io, 'proofmeter proxy');
  await stop();
  return { code };
}
