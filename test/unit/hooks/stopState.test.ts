import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { recordBlock, resetBlocks, stopBlocksDir, stopStatePath } from '../../../src/hooks/stopState';
import { workspace } from './helpers';

const NOW = new Date('2025-06-01T12:00:00Z');
const SESSION = '3f1c9a52-0d7e-4b8a-9c61-2a5e7f0b4d13';

function writeEntry(ws: string, session: string, text: string): void {
  const path = stopStatePath(ws, session);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function runWorker(ws: string, session: string, times: number, barrier: string, parties: number): Promise<number[]> {
  const worker = resolve(__dirname, 'recordBlocks.worker.ts');
  return new Promise((ok, fail) => {
    const p = spawn(process.execPath, ['--import', 'tsx', worker, ws, session, String(times), barrier, String(parties)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('error', fail);
    p.on('close', (code) => (code === 0 ? ok(JSON.parse(out) as number[]) : fail(new Error(`worker exited ${code}: ${err}`))));
  });
}

describe('stop block counts', () => {
  describe('a count file that parses but is not a count is discarded and the run restarts at 1', () => {
    const entry = (over: Record<string, unknown>): string => JSON.stringify({ version: 2, session: SESSION, promptId: 'p', blocks: 3, at: NOW.toISOString(), ...over });
    const cases: Array<{ name: string; text: string }> = [
      { name: 'null', text: 'null' },
      { name: 'an array', text: '[1, 2]' },
      { name: 'torn JSON', text: '{"version":2,"sess' },
      { name: 'blocks as text', text: entry({ blocks: 'three' }) },
      { name: 'blocks of zero', text: entry({ blocks: 0 }) },
      { name: 'blocks not whole', text: entry({ blocks: 2.5 }) },
      { name: 'a prompt id of the wrong type', text: entry({ promptId: 7 }) },
      { name: 'no time', text: entry({ at: undefined }) },
      { name: 'the count of another session', text: entry({ session: 'someone-else' }) },
      { name: 'an entry of version 1', text: entry({ version: 1 }) },
    ];
    for (const c of cases) {
      it(`holding ${c.name}`, () => {
        const { ws } = workspace();
        writeEntry(ws, SESSION, c.text);
        assert.equal(recordBlock(ws, SESSION, 'p', true, NOW), 1);
        assert.equal(recordBlock(ws, SESSION, 'p', true, NOW), 2, 'the rebuilt count goes on');
      });
    }
  });

  it('a damaged shared file of version 1 is ignored and removed', () => {
    const { ws } = workspace();
    const legacy = join(ws, '.claude', 'proofmeter', 'stop-blocks.json');
    mkdirSync(dirname(legacy), { recursive: true });
    writeFileSync(legacy, JSON.stringify({ version: 1, sessions: { [SESSION]: null } }));
    assert.equal(recordBlock(ws, SESSION, 'p', true, NOW), 1);
    assert.equal(recordBlock(ws, SESSION, 'p', true, NOW), 2);
    assert.ok(!existsSync(legacy));
  });

  describe('a session id names a file inside the folder, whatever it holds', () => {
    for (const id of ['../../escape', '/etc/passwd', 'a/b\\c', '..', '', 'x'.repeat(5000), 'nul\0byte']) {
      it(`for ${JSON.stringify(id.slice(0, 20))}`, () => {
        const { root, ws } = workspace();
        const path = stopStatePath(ws, id);
        assert.equal(dirname(path), stopBlocksDir(ws));
        assert.match(basename(path), /^[0-9a-f]{32}\.json$/);
        assert.equal(recordBlock(ws, id, null, true, NOW), 1);
        assert.equal(recordBlock(ws, id, null, true, NOW), 2);
        assert.deepEqual(readdirSync(root).sort(), ['home', 'proj']);
      });
    }
  });

  it('sessions keep separate counts, and a reset removes only its own', () => {
    const { ws } = workspace();
    recordBlock(ws, 'a', 'p', false, NOW);
    recordBlock(ws, 'a', 'p', true, NOW);
    recordBlock(ws, 'b', 'p', false, NOW);
    resetBlocks(ws, 'b', NOW);
    assert.equal(recordBlock(ws, 'a', 'p', true, NOW), 3);
    assert.equal(recordBlock(ws, 'b', 'p', true, NOW), 1);
  });

  it('the folder keeps itself out of git', () => {
    const { ws } = workspace();
    recordBlock(ws, SESSION, null, false, NOW);
    assert.match(readFileSync(join(stopBlocksDir(ws), '.gitignore'), 'utf8'), /^\*$/m);
  });

  it('a count not touched for a week is removed when another is recorded', () => {
    const { ws } = workspace();
    recordBlock(ws, 'old', null, false, NOW);
    const weekAgo = new Date(NOW.getTime() - 8 * 24 * 3600 * 1000);
    utimesSync(stopStatePath(ws, 'old'), weekAgo, weekAgo);
    recordBlock(ws, 'new', null, false, NOW);
    assert.ok(!existsSync(stopStatePath(ws, 'old')));
    assert.ok(existsSync(stopStatePath(ws, 'new')));
  });

  it("a clock more than a week ahead of the files' times keeps the session's own count", () => {
    const { ws } = workspace();
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    assert.equal(recordBlock(ws, SESSION, 'p', false, later), 1);
    assert.equal(recordBlock(ws, SESSION, 'p', true, later), 2);
  });

  it('four sessions blocked 60 times each at the same time all count to 60', async function () {
    this.timeout(60_000);
    const { root, ws } = workspace();
    const barrier = join(root, 'barrier');
    mkdirSync(barrier);
    const sessions = ['s-1', 's-2', 's-3', 's-4'];
    const runs = await Promise.all(sessions.map((s) => runWorker(ws, s, 60, barrier, sessions.length)));
    const expected = Array.from({ length: 60 }, (_, i) => i + 1);
    for (const counts of runs) assert.deepEqual(counts, expected);
  });
});

describe("where the stop gate keeps a session's count", () => {
  it('in its own folder of the state folder, by a digest of the session id', () => {
    const { ws } = workspace();
    assert.equal(stopStatePath(ws, 's1'), join(ws, '.claude', 'proofmeter', 'stop-blocks', `${createHash('sha256').update('s1').digest('hex').slice(0, 32)}.json`));
  });

  it("keeps the folder's .gitignore once it is there, as the person may have edited it", () => {
    const { ws } = workspace();
    mkdirSync(stopBlocksDir(ws), { recursive: true });
    writeFileSync(join(stopBlocksDir(ws), '.gitignore'), '# mine\n*\n');
    recordBlock(ws, 's1', 'p1', false, new Date());
    assert.equal(readFileSync(join(stopBlocksDir(ws), '.gitignore'), 'utf8'), '# mine\n*\n');
  });
});
