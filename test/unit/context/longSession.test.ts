// A long session, generated from a real recording the way the bench builds its transcripts
// (bench/generate.ts: the recording's records repeated, with a ~64 KB file read every few records):
// the estimate grows with what the session read, an append costs only the appended bytes, and the
// saved entry stays small however long the file gets.
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTranscript } from '../../../bench/generate';
import { contextSummary } from '../../../src/core/context/contextView';
import { cacheFile } from '../../../src/workspace/scanCache';
import { loadContextEntry, readContextCached, readContextResumed } from '../../../src/workspace/contextRead';
import { recordedTranscript } from '../helpers/fixtures';

describe('a generated long session', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'pm-ctx-long-'));
  const full = join(dir, 'full.jsonl');
  const growing = join(dir, 'growing.jsonl');
  const cache = join(dir, 'cache');
  let bytes: Buffer;
  // Each bulk record is a tool result of 320 lines of 201 characters.
  const BULK_CHARS = 201 * 320;

  before(() => {
    generateTranscript(recordedTranscript('demo'), full, 8 << 20);
    bytes = readFileSync(full);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('its estimate counts every file read it holds, at 4 characters a token', () => {
    const bulk = bytes.toString('utf8').split('\n').filter((l) => l.includes('toolu_read_')).length;
    const s = contextSummary(readContextResumed(full, null)!.saved.state);
    assert.ok(bulk > 50, `${bulk} bulk records`);
    assert.ok(s.estimate >= (bulk * BULK_CHARS) / 4, `${s.estimate} >= ${(bulk * BULK_CHARS) / 4}`);
    // The records around the reads are small; toolUseResult repeats each read and is not sent.
    assert.ok(s.estimate < (bulk * BULK_CHARS * 1.1) / 4, `${s.estimate} < 1.1x the reads`);
  });

  it('read as it grows, cut in the middle of a line, it ends in the state of one whole read', () => {
    const cut = Math.floor(bytes.length * 0.6) + 17;
    writeFileSync(growing, bytes.subarray(0, cut));
    const first = readContextCached(growing, cache)!;
    assert.ok(first.state.pendingBytes > 0, 'the cut left half a line for the next read');
    appendFileSync(growing, bytes.subarray(cut));
    const resumed = readContextResumed(growing, loadContextEntry(cacheFile(cache, growing)))!;
    assert.equal(resumed.from, first.state.offset, 'resumed from the saved entry');
    assert.equal(resumed.bytesRead, bytes.length - first.state.offset);
    assert.deepEqual(resumed.saved.state, readContextResumed(full, null)!.saved.state);
  });

  it('an append is read from the saved offset, not from the start', () => {
    writeFileSync(growing, bytes);
    const saved = readContextCached(growing, cache)!;
    appendFileSync(growing, JSON.stringify({ type: 'user', isSidechain: false, message: { role: 'user', content: 'x'.repeat(4000) } }) + '\n');
    const again = readContextResumed(growing, saved)!;
    assert.equal(again.from, bytes.length);
    assert.ok(again.bytesRead < 5000, `${again.bytesRead} bytes read`);
    assert.equal(contextSummary(again.saved.state).estimate - contextSummary(readContextResumed(full, null)!.saved.state).estimate, 1000);
  });

  it(`its saved entry stays under 32 KB for a ${8} MB file`, () => {
    writeFileSync(growing, bytes);
    readContextCached(growing, cache);
    const size = statSync(cacheFile(cache, growing)).size;
    assert.ok(size < 32 * 1024, `${size} bytes`);
  });
});
