import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../../src/core/proxy/engine';
import { DEFAULTS, type ProxyOptions } from '../../../src/core/proxy/options';
import { replayRecords } from '../../../src/core/proxy/replay';
import { forEachRequest } from '../../../src/core/proxy/rebuild';
import { main } from '../../../src/cli/main';
import { sha256 } from './build';
import { longSessionRecords, writeLongSession } from './longSession';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

const FIXTURES = join(__dirname, '..', '..', 'fixtures');

function transcripts(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) { if (e !== 'subagents') out.push(...transcripts(p)); } else if (e.endsWith('.jsonl') && p.includes('/transcripts/')) out.push(p);
  }
  return out;
}
const records = (f: string) => readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => { try { return JSON.parse(l) as unknown; } catch { return null; } });
const replay = (recs: unknown[], o: Partial<ProxyOptions> = {}) => replayRecords(recs, new Engine({ ...DEFAULTS, calibrate: false, ...o }, sha256), sha256);

describe('proxy replay', () => {
  const recorded = [...transcripts(join(FIXTURES, 'recorded')), ...transcripts(join(FIXTURES, 'lab'))];

  it('finds the recorded sessions', () => assert.ok(recorded.length >= 10, `${recorded.length} transcripts`));

  it('leaves no tool call unpaired in any recorded session, even at a threshold of 300', () => {
    let compacted = 0;
    for (const f of recorded) {
      const r = replay(records(f), { threshold: 300 });
      assert.equal(r.pairingViolations, 0, f);
      compacted += r.compacted;
    }
    assert.ok(compacted > 20, `${compacted} requests compacted`);
  });

  const long: Array<[string, number, Partial<ProxyOptions>]> = [
    ['the defaults', 128_000, {}],
    ['a 40% tail', 128_000, { keepTailPercent: 40 }],
    ['one kept turn and no carry', 128_000, { keepRecent: 1, carryMaxChars: 0 }],
    ['a 30,000 threshold', 30_000, { threshold: 30_000 }],
  ];
  for (const [name, threshold, o] of long) {
    it(`keeps a generated long session under ${threshold} with no unpaired call (${name})`, () => {
      const r = replay(longSessionRecords(40), o);
      assert.ok(r.peakBefore > 10 * threshold, `peak before ${r.peakBefore}`);
      assert.ok(r.peakAfter <= threshold, `peak after ${r.peakAfter}`);
      assert.equal(r.pairingViolations, 0);
      assert.equal(r.overThreshold, 0);
      assert.ok(r.reusedPrefix > r.newCompactions, `${r.reusedPrefix} reused, ${r.newCompactions} new`);
      assert.ok(r.estCacheRead > r.estCacheWrite);
    });
  }

  it('rebuilds one request per assistant message, merging the records of one message', () => {
    const recs = records(join(FIXTURES, 'recorded', 'demo', 'transcripts', '-home-dev-demo-proj', '5f7bb7e8-492c-4cf3-b7f3-7d62b7f032ec.jsonl'));
    let n = 0;
    let last = 0;
    forEachRequest(recs, ({ messages }) => { n++; assert.ok(messages.length > last); last = messages.length; assert.equal(messages[0]!.role, 'user'); });
    const ids = new Set(recs.flatMap((r) => { const m = (r as { type?: string; message?: { id?: string } }); return m?.type === 'assistant' && m.message?.id ? [m.message.id] : []; }));
    assert.ok(n >= 10 && n <= ids.size, `${n} requests, ${ids.size} assistant messages`);
  });

  it('prints exactly the documented fields with --json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-replay-'));
    const file = join(dir, 's.jsonl');
    writeLongSession(file, 20);
    const out: string[] = [];
    const code = await main(['proxy', 'replay', file, '--json', '--threshold', '50000'], { out: (s) => out.push(s), err: () => {}, readStdin: async () => '', env: {}, cwd: dir });
    assert.equal(code, 0);
    const j = JSON.parse(out.join('\n')) as Record<string, number>;
    assert.deepEqual(Object.keys(j), ['requests', 'compacted', 'reusedPrefix', 'peakBefore', 'peakAfter', 'pairingViolations', 'estCacheRead', 'estCacheWrite']);
    assert.ok(j.peakAfter! <= 50_000 && j.compacted! > 0 && j.pairingViolations === 0);
  });
});
