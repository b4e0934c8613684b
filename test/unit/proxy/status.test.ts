import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zeroCounters } from '../../../src/core/proxy/counters';
import { main } from '../../../src/cli/main';
import { readStatus, RunStore } from '../../../src/proxy/runStore';

describe('proxy status', () => {
  it('reports the running proxy as this run and every run file as all time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-proxy-state-'));
    const live = { ...zeroCounters(), messages: 4, compacted: 2, estBefore: 300_000, estAfter: 200_000 };
    const store = new RunStore(dir, { pid: process.pid, port: 8260, startedAt: new Date().toISOString(), upstreamHost: 'api.anthropic.com', shadow: false }, () => live);
    const ended = new RunStore(dir, { pid: process.pid, port: 1, startedAt: new Date(Date.now() - 5000).toISOString(), upstreamHost: 'x', shadow: false }, () => ({ ...zeroCounters(), messages: 1, compacted: 1, estBefore: 50_000, estAfter: 10_000 }));
    ended.end();
    writeFileSync(join(dir, 'runs', 'junk.json'), '{"not":"a run"}');
    store.end();
    const s0 = readStatus(dir);
    assert.equal(s0.live.length, 0, 'an ended run is not running');
    const running = new RunStore(dir, { pid: process.pid, port: 8261, startedAt: new Date(Date.now() + 1000).toISOString(), upstreamHost: 'api.anthropic.com', shadow: false }, () => live);
    const s = readStatus(dir);
    assert.equal(s.live.length, 1);
    assert.equal(s.live[0]!.port, 8261);
    assert.equal(s.allTime.compacted, 2 + 1 + 2);
    assert.equal(s.unreadable, 1);
    const out: string[] = [];
    const code = await main(['proxy', 'status', '--json'], { out: (x) => out.push(x), err: () => {}, readStdin: async () => '', env: { PROOFMETER_PROXY_STATE: dir }, cwd: dir });
    assert.equal(code, 0);
    const j = JSON.parse(out.join('')) as { running: Array<{ estSaved: number }>; allTime: { estSaved: number; runs: number } };
    assert.equal(j.running[0]!.estSaved, 100_000);
    assert.equal(j.allTime.estSaved, 100_000 + 40_000 + 100_000);
    assert.equal(j.allTime.runs, 3);
    running.end();
  });
});
