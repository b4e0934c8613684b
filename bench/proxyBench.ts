// Issue 13's proxy figures: the median time the proxy adds to a request (passed through, and a 1 MB
// request compacted) over calling the same local upstream directly, and replay throughput.
import { createServer, request, Agent, type Server } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Engine } from '../src/core/proxy/engine';
import { DEFAULTS } from '../src/core/proxy/options';
import { replayRecords } from '../src/core/proxy/replay';
import { transcriptRecords } from '../src/proxy/jsonlRecords';
import { startProxy } from '../src/proxy/server';
import { writeLongSession } from '../test/unit/proxy/longSession';
import { history, request as messagesRequest } from '../test/unit/proxy/build';

export interface ProxyFigure { name: string; value: string; ratio: string; target: string; ok: boolean | null }

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const REPLY = JSON.stringify({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'ok' }], usage: { input_tokens: 10, output_tokens: 1 } });

function post(port: number, agent: Agent, body: string): Promise<number> {
  const t = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/messages', agent, headers: { 'content-type': 'application/json', 'x-api-key': 'bench' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(Number(process.hrtime.bigint() - t) / 1e6));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Median latency direct and through the proxy, interleaved so load drift falls on both alike. */
async function added(bodies: (i: number) => string, runs: number): Promise<{ direct: number; proxied: number; compacted: number }> {
  const upstream: Server = createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(REPLY); }); });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const upPort = (upstream.address() as AddressInfo).port;
  const proxy = await startProxy({ ...DEFAULTS, port: 0, upstream: `http://127.0.0.1:${upPort}` }, { log: () => {} });
  const agent = new Agent({ keepAlive: true });
  const d: number[] = [], p: number[] = [];
  for (let i = 0; i < 5; i++) { await post(upPort, agent, bodies(-1 - i)); await post(proxy.port, agent, bodies(-100 - i)); }
  for (let i = 0; i < runs; i++) {
    const b = bodies(i);
    d.push(await post(upPort, agent, b));
    p.push(await post(proxy.port, agent, b));
  }
  agent.destroy();
  const compacted = proxy.counters.compacted;
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
  return { direct: median(d), proxied: median(p), compacted };
}

export async function proxyFigures(work: string): Promise<ProxyFigure[]> {
  const out: ProxyFigure[] = [];
  // A Claude Code-sized small request (about 50 KB), under the threshold: passed through.
  const small = JSON.stringify(messagesRequest(history(8, 5000)));
  const pass = await added(() => small, 300);
  out.push({ name: 'P1. proxy, added latency per request, passed through (50 KB)', value: `${(pass.proxied - pass.direct).toFixed(2)} ms`, ratio: `${pass.proxied.toFixed(2)} ms through the proxy, ${pass.direct.toFixed(2)} ms direct`, target: '<= 2 ms', ok: pass.compacted === 0 && pass.proxied - pass.direct <= 2 });
  // A 1 MB request over the default threshold, a new history each time, so each is a new compaction.
  const turns = history(100, 10_000);
  const big = (i: number) => JSON.stringify(messagesRequest([{ role: 'user', content: `Task ${i}: fix the failing parser test.` }, ...turns.slice(1)]));
  const size = Buffer.byteLength(big(0));
  const comp = await added(big, 40);
  out.push({ name: `P2. proxy, added latency per request, compacting ${(size / 2 ** 20).toFixed(1)} MB`, value: `${(comp.proxied - comp.direct).toFixed(1)} ms`, ratio: `${comp.proxied.toFixed(1)} ms through the proxy, ${comp.direct.toFixed(1)} ms direct; ${comp.compacted} new compactions`, target: '<= 50 ms', ok: comp.compacted >= 40 && comp.proxied - comp.direct <= 50 });
  // Replay throughput over a generated long session. Each request is rebuilt and decided in full,
  // so a replay costs requests x history length, and the figure falls as sessions grow.
  mkdirSync(work, { recursive: true });
  const file = join(work, 'proxy-replay.jsonl');
  writeLongSession(file, 100);
  const mb = statSync(file).size / 2 ** 20;
  const times: number[] = [];
  let requests = 0;
  for (let i = 0; i < 3; i++) {
    const t = process.hrtime.bigint();
    requests = replayRecords(transcriptRecords(file), new Engine({ ...DEFAULTS, calibrate: false }, sha256), sha256).requests;
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const mbps = mb / (median(times) / 1000);
  out.push({ name: `P3. proxy replay throughput (${mb.toFixed(0)} MB, ${requests} requests)`, value: `${mbps.toFixed(0)} MB/s`, ratio: `${median(times).toFixed(0)} ms per replay`, target: '>= 5 MB/s', ok: mbps >= 5 });
  return out;
}

if (require.main === module) {
  void proxyFigures(join(__dirname, '..', '.cache', 'bench')).then((fs) => {
    for (const f of fs) console.log(`${f.ok ? 'ok     ' : 'MISSED '} ${f.name}: ${f.value}  (${f.ratio}; target ${f.target})`);
  });
}
