// `proofmeter proxy status [--json]`: the running proxies' counters and the all-time totals.
import { savedTokens, type Counters } from '../../core/proxy/counters';
import { readStatus } from '../../proxy/runStore';
import { proxyStateDir } from '../../proxy/stateDir';
import { UsageError, type CommandResult, type Io } from '../io';

function line(c: Counters): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${n(c.messages)} message requests, ${n(c.compacted)} compacted, ${n(c.reused)} reused a prefix, ${n(c.passed)} unchanged, ` +
    `${n(c.failOpen)} failed open, ${n(c.lengthRetries)} length retries, ${n(c.rejectedRewrites)} rewrites rejected (original resent), ` +
    `${n(c.shadow)} shadowed, ${n(c.refusedHosts)} refused (other host names), ${n(c.upstreamErrors)} upstream errors; estimated tokens ${n(c.estBefore)} -> ${n(c.estAfter)} (${n(savedTokens(c))} saved)`;
}

export function run(args: string[], io: Io): CommandResult {
  const json = args.includes('--json');
  const other = args.filter((a) => a !== '--json');
  if (other.length) throw new UsageError('usage: proofmeter proxy status [--json]');
  const s = readStatus(proxyStateDir(io.env));
  if (json) {
    io.out(JSON.stringify({
      running: s.live.map((r) => ({ pid: r.pid, port: r.port, startedAt: r.startedAt, upstreamHost: r.upstreamHost, shadow: r.shadow, counters: r.counters, estSaved: savedTokens(r.counters) })),
      allTime: { runs: s.runs, counters: s.allTime, estSaved: savedTokens(s.allTime) },
    }));
    return { code: 0 };
  }
  if (!s.live.length) io.out('no proxy running');
  for (const r of s.live) {
    io.out(`running: http://127.0.0.1:${r.port} (pid ${r.pid}, since ${r.startedAt}, upstream ${r.upstreamHost}${r.shadow ? ', shadow' : ''})`);
    io.out(`  this run: ${line(r.counters)}`);
  }
  io.out(`all time (${s.runs} runs): ${line(s.allTime)}`);
  io.out('Sizes are estimates (4 characters per token), not billed tokens.');
  return { code: 0 };
}
