// The saved scan state: appends read only new bytes; a shrunk, replaced or rewritten file is read again.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { cacheFile, readTranscriptCached } from '../../../src/workspace/scanCache';
import { labTranscript } from '../helpers/fixtures';

const lines = readFileSync(labTranscript('main'), 'utf8').split('\n').filter(Boolean);
const half = Math.floor(lines.length / 2);

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'pm-cache-'));
  const file = join(dir, 's.jsonl');
  const cache = join(dir, 'cache');
  return { dir, file, cache };
}
const plain = (s: { events: unknown }) => JSON.parse(JSON.stringify(s.events));
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
    const saved = JSON.parse(readFileSync(cacheFile(cache, file), 'utf8'));
    assert.equal(saved.state.offset, second.offset);
    assert.ok(first.offset < second.offset);
  });

  it('resumes from the saved offset (a saved state is really used)', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    // Poison the saved events: if the cache is used, the poison shows; the file itself is unchanged.
    const path = cacheFile(cache, file);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
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

describe('cache folder', () => {
  it('keeps a .gitignore so derived commands never end up in a commit', () => {
    const { file, cache } = setup();
    writeFileSync(file, lines.join('\n') + '\n');
    readTranscriptCached(file, 'main', cache);
    assert.match(readFileSync(join(cache, '.gitignore'), 'utf8'), /^\*$/m);
  });
});
