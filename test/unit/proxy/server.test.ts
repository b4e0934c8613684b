// The proxy over real loopback HTTP, against a scripted upstream that records what it received.
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { DEFAULTS, type ProxyOptions } from '../../../src/core/proxy/options';
import { requestSchema } from '../../../src/core/proxy/messages';
import { pairingViolations } from '../../../src/core/proxy/turns';
import { startProxy, type ProxyLogEntry, type ProxyServer } from '../../../src/proxy/server';
import { history, request as messagesRequest } from './build';

interface Got { headers: IncomingHttpHeaders; body: Buffer; path: string }
type Reply = (got: Got, n: number) => { status: number; body: string; type?: string };

const SECRET = 'sk-ant-api03-secret-never-logged-0000';
const ok: Reply = () => ({ status: 200, type: 'application/json', body: JSON.stringify({ type: 'message', content: [], usage: { input_tokens: 5000, cache_read_input_tokens: 0 } }) });

async function upstream(reply: Reply): Promise<{ url: string; got: Got[]; close: () => Promise<void> }> {
  const got: Got[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const g = { headers: req.headers, body: Buffer.concat(chunks), path: req.url ?? '' };
      got.push(g);
      const r = reply(g, got.length);
      res.writeHead(r.status, { 'content-type': r.type ?? 'application/json' });
      res.end(r.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

function post(port: number, body: Buffer | string, headers: Record<string, string> = {}, path = '/v1/messages?beta=true'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': 'application/json', 'x-api-key': SECRET, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('proxy server', () => {
  let up: Awaited<ReturnType<typeof upstream>> | null = null;
  let proxy: ProxyServer | null = null;
  let logs: ProxyLogEntry[] = [];
  afterEach(async () => { await proxy?.close(); await up?.close(); proxy = null; up = null; });

  async function start(reply: Reply, o: Partial<ProxyOptions> = {}): Promise<number> {
    up = await upstream(reply);
    logs = [];
    proxy = await startProxy({ ...DEFAULTS, threshold: 6000, port: 0, upstream: up.url, ...o }, { log: (e) => logs.push(e) });
    return proxy.port;
  }
  const bigBody = () => JSON.stringify(messagesRequest(history(30, 3000)));

  it('refuses requests addressed to another host name and never calls the upstream', async () => {
    const port = await start(ok);
    const r = await post(port, bigBody(), { host: 'attacker.example:8260' });
    assert.equal(r.status, 421);
    assert.equal(up!.got.length, 0);
    assert.equal(proxy!.counters.refusedHosts, 1);
  });

  it('passes a small request through byte for byte, headers and path included', async () => {
    const port = await start(ok);
    const small = JSON.stringify(messagesRequest(history(2, 10)));
    const r = await post(port, small, { 'anthropic-beta': 'prompt-caching-2024-07-31' });
    assert.equal(r.status, 200);
    assert.equal(up!.got[0]!.body.toString(), small);
    assert.equal(up!.got[0]!.path, '/v1/messages?beta=true');
    assert.equal(up!.got[0]!.headers['x-api-key'], SECRET);
    assert.equal(up!.got[0]!.headers['anthropic-beta'], 'prompt-caching-2024-07-31');
  });

  it('sends a request over the threshold compacted, valid and under it', async () => {
    const port = await start(ok);
    const body = bigBody();
    await post(port, body);
    const sent = requestSchema.parse(JSON.parse(up!.got[0]!.body.toString()));
    assert.ok(up!.got[0]!.body.length < body.length / 3);
    assert.equal(pairingViolations(sent.messages), 0);
    assert.equal(proxy!.counters.compacted, 1);
    assert.ok(logs[0]!.estAfter! <= logs[0]!.threshold!);
  });

  const failOpen: Array<[string, () => Buffer, Record<string, string>]> = [
    ['an unparseable body', () => Buffer.from('{"messages": [ not json'), {}],
    ['a gzip-compressed body', () => gzipSync(bigBody()), { 'content-encoding': 'gzip' }],
  ];
  for (const [name, body, headers] of failOpen) {
    it(`forwards ${name} unchanged`, async () => {
      const port = await start(ok);
      const b = body();
      await post(port, b, headers);
      assert.ok(up!.got[0]!.body.equals(b));
      assert.equal(proxy!.counters.failOpen, 1);
    });
  }

  it('resends the original bytes when the provider rejects a rewrite for another reason than length', async () => {
    const port = await start((_g, n) => (n === 1 ? { status: 400, body: '{"type":"error","error":{"type":"invalid_request_error","message":"unexpected block"}}' } : ok(_g, n)));
    const body = bigBody();
    const r = await post(port, body);
    assert.equal(r.status, 200);
    assert.equal(up!.got.length, 2);
    assert.equal(up!.got[1]!.body.toString(), body);
    assert.equal(proxy!.counters.rejectedRewrites, 1);
  });

  it('compacts once more after a length rejection, and returns a second rejection instead of looping', async () => {
    const tooLong = { status: 400, body: '{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 9000 tokens > 5000 maximum"}}' };
    const port = await start(() => tooLong);
    const r = await post(port, bigBody());
    assert.equal(r.status, 400);
    assert.equal(up!.got.length, 2);
    assert.ok(up!.got[1]!.body.length < up!.got[0]!.body.length);
    assert.equal(pairingViolations(requestSchema.parse(JSON.parse(up!.got[1]!.body.toString())).messages), 0);
    assert.equal(proxy!.counters.lengthRetries, 1);
  });

  it('forwards everything unchanged with --shadow and counts what it would have done', async () => {
    const port = await start(ok, { shadow: true });
    const body = bigBody();
    await post(port, body);
    assert.equal(up!.got[0]!.body.toString(), body);
    assert.equal(proxy!.counters.shadow, 1);
    assert.equal(logs[0]!.action, 'shadow-compact');
  });

  it('refuses instead of failing open with --strict', async () => {
    const port = await start(ok, { strict: true });
    const r = await post(port, '{"messages": [');
    assert.equal(r.status, 400);
    assert.equal(up!.got.length, 0);
  });

  it('learns the reported input and compacts earlier after five responses', async () => {
    const reply: Reply = (g) => {
      const est = Math.ceil(g.body.length / 4);
      return { status: 200, body: JSON.stringify({ type: 'message', content: [], usage: { input_tokens: est * 2, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 } }) };
    };
    const port = await start(reply, { threshold: 100_000 });
    for (let i = 0; i < 5; i++) await post(port, bigBody());
    assert.ok(proxy!.engine.thresholdFor({ upstream: new URL(up!.url).origin }, 'claude-test') < 100_000);
  });

  it('compacts OpenAI Chat Completions requests on /v1/chat/completions and passes /v1/responses through', async () => {
    const port = await start(ok);
    const messages: unknown[] = [{ role: 'user', content: 'Fix it.' }];
    for (let i = 0; i < 30; i++) {
      messages.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${i}`, type: 'function', function: { name: 'read', arguments: '{}' } }] });
      messages.push({ role: 'tool', tool_call_id: `call_${i}`, content: 'c'.repeat(3000) });
    }
    const chat = JSON.stringify({ model: 'gpt-test', messages });
    await post(port, chat, {}, '/v1/chat/completions');
    assert.ok(up!.got[0]!.body.length < chat.length / 3);
    assert.equal(up!.got[0]!.path, '/v1/chat/completions');
    const responses = JSON.stringify({ model: 'gpt-test', input: messages });
    await post(port, responses, {}, '/v1/responses');
    assert.equal(up!.got[1]!.body.toString(), responses, 'Responses is not implemented: passed through');
  });

  it('logs sizes and counts, never credentials or message text', async () => {
    const port = await start(ok);
    await post(port, bigBody());
    await post(port, JSON.stringify(messagesRequest(history(2, 10))));
    const text = JSON.stringify(logs);
    assert.ok(!text.includes(SECRET));
    assert.ok(!text.includes('parser test') && !text.includes('cat file'));
    assert.equal(logs.length, 2);
  });
});
