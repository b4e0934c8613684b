import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProxyController } from '../../../src/extension/proxyController';
import { readStatus } from '../../../src/proxy/runStore';
import { history, request as messagesRequest } from './build';

describe('compaction proxy in the extension host (controller)', () => {
  it('points terminals at the proxy, counts what it compacted, and undoes both on stop', async () => {
    const upstream: Server = createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"type":"message","content":[]}'); }); });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const events: string[] = [];
    let shown = '';
    const state = mkdtempSync(join(tmpdir(), 'pm-ctl-'));
    const c = new ProxyController({
      pointTerminals: (url) => events.push(`point ${url}`),
      unpointTerminals: () => events.push('unpoint'),
      show: (text) => { shown = text; },
      hide: () => events.push('hide'),
    }, state, () => {});
    const url = await c.start({ threshold: 6000, upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
    assert.equal(await c.start(), url, 'a second start reuses the running proxy');
    assert.deepEqual(events, [`point ${url}`]);
    assert.match(shown, /0 compacted/);
    await new Promise<void>((resolve, reject) => {
      const req = request(`${url}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', () => resolve()); });
      req.on('error', reject);
      req.end(JSON.stringify(messagesRequest(history(30, 3000))));
    });
    await new Promise((r) => setTimeout(r, 400));
    assert.match(shown, /1 compacted · ~\d+k? saved/);
    assert.equal(readStatus(state).live.length, 1, 'proxy status sees it');
    assert.equal(await c.stop(), true);
    assert.deepEqual(events.slice(1), ['unpoint', 'hide']);
    assert.equal(c.url, null);
    assert.equal(readStatus(state).live.length, 0);
    assert.equal(await c.stop(), false);
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  });
});
