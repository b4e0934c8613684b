// The local compaction proxy: listens on loopback, refuses requests addressed to any other host name,
// rewrites Anthropic Messages requests over the threshold and passes everything else through.
// Fail open: an unparseable or compressed body, an engine error, or a provider that rejects a
// rewritten request for any reason but length gets the client's original bytes.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zeroCounters, type Counters } from '../core/proxy/counters';
import { dialectOf } from '../core/proxy/dialect';
import { Engine, type Outcome, type RequestMeta } from '../core/proxy/engine';
import { hostHeaderName, isLoopbackName, type ProxyOptions } from '../core/proxy/options';
import { isLengthRejection } from '../core/proxy/rejection';
import { usageFromEvents, usageFromJson } from '../core/proxy/usage';
import { readAll, responseHeaders, Upstream } from './upstream';

/** One log line: sizes, counts, codes and times only. */
export interface ProxyLogEntry {
  ts: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  bytesIn: number;
  bytesSent: number;
  action?: string;
  reason?: string;
  estBefore?: number;
  estAfter?: number;
  threshold?: number;
  pass?: number;
  summarizedTurns?: number;
  keptTurns?: number;
  retried?: 'length' | 'original';
  calibration?: number;
}

export interface ProxyServer {
  port: number;
  url: string;
  engine: Engine;
  counters: Counters;
  close(): Promise<void>;
}

export interface ProxyDeps {
  log(entry: ProxyLogEntry): void;
  /** Called after each request, e.g. to save the counters. */
  changed?(): void;
}

// Far above the provider's own limit (32 MB): a body this large is a mistake, not a session.
const MAX_BODY = 256 << 20;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function errorJson(res: ServerResponse, status: number, type: string, message: string): void {
  const body = JSON.stringify({ type: 'error', error: { type, message } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export async function startProxy(opts: ProxyOptions, deps: ProxyDeps): Promise<ProxyServer> {
  const engine = new Engine(opts, sha256);
  const upstream = new Upstream(opts.upstream);
  const counters = zeroCounters();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const t0 = performance.now();
    counters.requests++;
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const entry: ProxyLogEntry = { ts: new Date().toISOString(), method: req.method ?? '', path: url.pathname, status: 0, ms: 0, bytesIn: 0, bytesSent: 0 };
    const done = (status: number) => {
      entry.status = status;
      entry.ms = Math.round((performance.now() - t0) * 10) / 10;
      deps.log(entry);
      deps.changed?.();
    };
    // DNS rebinding: a web page can reach 127.0.0.1 under its own host name. Only loopback names pass.
    if (!isLoopbackName(hostHeaderName(req.headers.host))) {
      counters.refusedHosts++;
      errorJson(res, 421, 'invalid_request_error', 'proofmeter proxy: requests must be addressed to 127.0.0.1, ::1 or localhost');
      return done(421);
    }
    const raw = await readAll(req, MAX_BODY + 1);
    entry.bytesIn = raw.length;
    if (raw.length > MAX_BODY) {
      errorJson(res, 413, 'request_too_large', `proofmeter proxy: request bodies over ${MAX_BODY} bytes are refused`);
      return done(413);
    }
    const abort = new AbortController();
    res.on('close', () => { if (!res.writableFinished) abort.abort(); });
    // count_tokens, models and the other dialects' paths pass through unchanged.
    const dialect = dialectOf(req.method ?? '', url.pathname);
    if (!dialect) {
      const up = await upstream.send(req.method ?? 'GET', req.url ?? '/', req.headers, raw, abort.signal);
      entry.bytesSent = raw.length;
      res.writeHead(up.statusCode ?? 502, responseHeaders(up.headers));
      up.pipe(res);
      await new Promise((r) => up.once('end', r).once('error', r));
      return done(up.statusCode ?? 502);
    }

    counters.messages++;
    const meta: RequestMeta = {
      anthropicBeta: req.headers['anthropic-beta'],
      contentEncoding: req.headers['content-encoding'],
      upstream: upstream.origin,
      dialect: dialect.name,
    };
    let text: string | null = null;
    try { text = utf8.decode(raw); } catch { /* not UTF-8: unparseable */ }
    const outcome: Outcome = text === null
      ? { body: null, decision: null, failOpen: 'unparseable', shadowed: false, model: '', sentEstimate: 0 }
      : engine.handle(text, meta);
    const d = outcome.decision;
    Object.assign(entry, d ? {
      action: outcome.shadowed ? `shadow-${d.action}` : outcome.failOpen ? 'fail-open' : d.action,
      reason: outcome.failOpen ?? d.reason, estBefore: d.estBefore, estAfter: d.estAfter, threshold: Math.round(d.threshold),
      pass: d.pass, summarizedTurns: d.summarizedTurns, keptTurns: d.keptTurns,
    } : { action: 'fail-open', reason: outcome.failOpen ?? undefined });
    if (outcome.failOpen) counters.failOpen++;
    if (outcome.shadowed) counters.shadow++;

    if (opts.strict && (outcome.failOpen || d?.over || d?.reason === 'no-older-turns')) {
      errorJson(res, 400, 'invalid_request_error', `proofmeter proxy (--strict): request not sent (${outcome.failOpen ?? 'still over the threshold'})`);
      return done(400);
    }

    let body = outcome.body !== null ? Buffer.from(outcome.body, 'utf8') : raw;
    let sentEstimate = outcome.sentEstimate;
    let sent = outcome;
    let up = await upstream.send('POST', req.url ?? '/', req.headers, body, abort.signal);
    const status = () => up.statusCode ?? 502;
    if (status() >= 400 && !outcome.shadowed && text !== null) {
      const errBody = (await readAll(up, 1 << 20)).toString('utf8');
      let next: Buffer | null = null;
      if (isLengthRejection(status(), errBody)) {
        const again = engine.retryForLength(text, meta, sentEstimate || outcome.decision?.estBefore || 0, errBody);
        if (again.body !== null && !again.failOpen) {
          next = Buffer.from(again.body, 'utf8');
          sentEstimate = again.sentEstimate;
          sent = again;
          counters.lengthRetries++;
          entry.retried = 'length';
          entry.estAfter = again.sentEstimate;
        }
      } else if (outcome.body !== null && !opts.strict) {
        next = raw;
        counters.rejectedRewrites++;
        entry.retried = 'original';
        sentEstimate = outcome.decision?.estBefore ?? 0;
      }
      if (next) {
        body = next;
        up = await upstream.send('POST', req.url ?? '/', req.headers, body, abort.signal);
      } else {
        entry.bytesSent = body.length;
        res.writeHead(status(), responseHeaders(up.headers));
        res.end(errBody);
        count(sent, body === raw);
        return done(status());
      }
    }
    entry.bytesSent = body.length;
    count(sent, body === raw);
    res.writeHead(status(), responseHeaders(up.headers));
    await relay(up, res, (reported) => {
      engine.observe(upstream.origin, outcome.model, sentEstimate, reported);
      entry.calibration = Math.round(engine.calibrationOf(upstream.origin, outcome.model).ratio * 1000) / 1000;
    });
    return done(status());
  };

  function count(o: Outcome, original: boolean): void {
    const d = o.decision;
    if (!d) return;
    if (original || o.shadowed) { counters.passed++; return; }
    if (d.action === 'compact') counters.compacted++;
    else if (d.action === 'reuse') counters.reused++;
    if (d.over) counters.overAfter++;
    counters.estBefore += d.estBefore;
    counters.estAfter += d.estAfter;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      counters.upstreamErrors++;
      if (!res.headersSent) errorJson(res, 502, 'api_error', 'proofmeter proxy: the upstream could not be reached');
      else res.destroy();
      deps.log({ ts: new Date().toISOString(), method: req.method ?? '', path: new URL(req.url ?? '/', 'http://x').pathname, status: 502, ms: 0, bytesIn: 0, bytesSent: 0, action: 'upstream-error' });
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.bind, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.bind.includes(':') ? `[${opts.bind}]` : opts.bind;
  return {
    port,
    url: `http://${host}:${port}`,
    engine,
    counters,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      upstream.close();
      server.close(() => resolve());
    }),
  };
}

/** Pipes the response through, reading the reported input from its first bytes on the way. */
async function relay(up: IncomingMessage, res: ServerResponse, onUsage: (reported: number) => void): Promise<void> {
  const encoded = (up.headers['content-encoding'] ?? 'identity') !== 'identity';
  const sse = String(up.headers['content-type'] ?? '').includes('text/event-stream');
  let head = '';
  let seen = encoded || (up.statusCode ?? 500) >= 300;
  const LIMIT = 1 << 20;
  await new Promise<void>((resolve) => {
    up.on('data', (c: Buffer) => {
      res.write(c);
      if (seen) return;
      head += c.toString('utf8');
      const n = sse ? usageFromEvents(head) : null;
      if (n !== null) { seen = true; head = ''; onUsage(n); } else if (head.length > LIMIT) { seen = true; head = ''; }
    });
    up.once('end', () => {
      if (!seen && !sse) { const n = usageFromJson(head); if (n !== null) onUsage(n); }
      res.end();
      resolve();
    });
    up.once('error', () => { res.destroy(); resolve(); });
  });
}
