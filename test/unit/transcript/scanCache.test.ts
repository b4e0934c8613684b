// The saved scan state: appends read only new bytes; a shrunk, replaced or rewritten file is read again.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { scanKeepOf } from '../../../src/core/transcript/keep';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { cacheFile, readTranscriptCached, readTranscriptResumed, type SavedScan } from '../../../src/workspace/scanCache';
import { scanEntry } from '../../../src/workspace/scanEntry';
import { labTranscript, planOf } from '../helpers/fixtures';
import { bytesOf, distinctRuns, ran } from './synth';

const lines = readFileSync(labTranscript('main'), 'utf8').split('\n').filter(Boolean);
const half = Math.floor(lines.length / 2);

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'pm-cache-'));
  const file = join(dir, 's.jsonl');
  const cache = join(dir, 'cache');
  return { dir, file, cache };
}
const plain = (s: { events: unknown }): unknown => JSON.parse(JSON.stringify(s.events));
const fresh = (file: string) => plain(readTranscript(file, 'main'));

describe('scan cache', () => {
  it('after an append only the new bytes are read, and the result equals a full read', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.slice(0, half).join('\n') + '\n');
    const first = readTranscriptCached(file, 'main', cache);
    appendFileSync(file, lines.slice(half).join('\n') + '\n');
    const second = readTranscriptCached(file, 'main', cache);
    assert.equal(second.lineNo, lines.length);
    assert.deepEqual(plain(second), fresh(file));
    const saved = scanEntry.parse(JSON.parse(readFileSync(cacheFile(cache, file), 'utf8')));
    assert.equal(saved.state.offset, second.offset);
    assert.ok(first.offset < second.offset);
  });

  it('resumes from the saved offset (a saved state is really used)', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    // Poison the saved events: if the cache is used, the poison shows; the file itself is unchanged.
    const path = cacheFile(cache, file);
    const saved = scanEntry.parse(JSON.parse(readFileSync(path, 'utf8')));
    saved.state.events.unreadable = 4242;
    writeFileSync(path, JSON.stringify(saved));
    assert.equal(readTranscriptCached(file, 'main', cache).events.unreadable, 4242);
  });

  it('a truncated file is read again from the start', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    writeFileSync(file, lines.slice(0, half).join('\n') + '\n');
    assert.deepEqual(plain(readTranscriptCached(file, 'main', cache)), fresh(file));
  });

  it('a replaced file (new inode) is read again from the start', () => {
    const { dir, file, cache } = setup();
    writeFileSync(file, lines.slice(0, half).join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, lines.slice(half).join('\n') + '\n' + lines.slice(0, half).join('\n') + '\n');
    renameSync(other, file);
    assert.deepEqual(plain(readTranscriptCached(file, 'main', cache)), fresh(file));
  });

  it('a file rewritten in place with the same size is read again', () => {
    const { file, cache } = setup();
    const text = lines.join('\n') + '\n';
    writeFileSync(file, text);
    readTranscriptCached(file, 'main', cache);
    const rewritten = text.replace('hello-from-bash', 'HELLO-FROM-BASH');
    assert.equal(rewritten.length, text.length);
    writeFileSync(file, rewritten);
    const s = readTranscriptCached(file, 'main', cache);
    assert.ok(s.events.runs.some((r) => r.command.includes('HELLO-FROM-BASH')));
  });

  it('a half-written last line is completed on the next read', () => {
    const { file, cache } = setup();
    const last = lines[lines.length - 1]!;
    writeFileSync(file, lines.slice(0, -1).join('\n') + '\n' + last.slice(0, 50));
    const a = readTranscriptCached(file, 'main', cache);
    assert.equal(a.pendingBytes, Buffer.byteLength(last.slice(0, 50)));
    appendFileSync(file, last.slice(50) + '\n');
    const b = readTranscriptCached(file, 'main', cache);
    assert.equal(b.pendingBytes, 0);
    assert.deepEqual(plain(b), fresh(file));
  });

  it('a damaged cache entry costs only a full read', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    writeFileSync(cacheFile(cache, file), '{broken');
    assert.deepEqual(plain(readTranscriptCached(file, 'main', cache)), fresh(file));
  });
});

describe('scan cache and the goal’s proofs', () => {
  const keepOf = (proof: string) => scanKeepOf(parsePlan(planOf({ S1: proof })).items, '/home/dev');

  it('a changed goal reads the transcript again, so runs pruned for the old proofs count for the new', () => {
    const { file, cache } = setup();
    writeFileSync(file, bytesOf([...ran('toolu_old', 'sh old-proof.sh'), ...distinctRuns('x', 600)]));
    const before = readTranscriptCached(file, 'main', cache, keepOf('`sh new-proof.sh`'));
    assert.ok(!before.events.runs.some((r) => r.toolUseId === 'toolu_old'), 'pruned: no proof named it');
    const after = readTranscriptCached(file, 'main', cache, keepOf('`sh old-proof.sh`'));
    assert.ok(after.events.runs.some((r) => r.toolUseId === 'toolu_old'));
    assert.deepEqual(plain(after), plain(readTranscript(file, 'main', undefined, keepOf('`sh old-proof.sh`'))));
  });

  it('the saved entry holds only the runs the goal’s proofs can use, however many other commands ran', () => {
    const { file, cache } = setup();
    writeFileSync(file, bytesOf([...distinctRuns('y', 300), ...ran('toolu_proof', 'sh old-proof.sh'), ...distinctRuns('z', 50)]));
    readTranscriptCached(file, 'main', cache, keepOf('`sh old-proof.sh`'));
    const saved = scanEntry.parse(JSON.parse(readFileSync(cacheFile(cache, file), 'utf8')));
    assert.deepEqual(saved.state.events.runs.map((r) => r.toolUseId), ['toolu_proof']);
  });

  it('a saved scan that throws while resuming is read again from the start', () => {
    const { file } = setup();
    writeFileSync(file, lines.slice(0, half).join('\n') + '\n');
    const first = readTranscriptResumed(file, 'main', null).saved!;
    appendFileSync(file, lines.slice(half).join('\n') + '\n');
    // The extension keeps saved scans in memory, unchecked; a broken one must not break the read.
    const broken = { ...first, state: { ...first.state, events: { ...first.state.events, runs: 5 } } } as unknown as SavedScan;
    const r = readTranscriptResumed(file, 'main', broken);
    assert.equal(r.from, 0);
    assert.deepEqual(plain(r.state), fresh(file));
  });
});

describe('cache folder', () => {
  it('keeps a .gitignore so derived commands never end up in a commit', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    assert.match(readFileSync(join(cache, '.gitignore'), 'utf8'), /^\*$/m);
  });
});
