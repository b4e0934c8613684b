// A passed Bash run keeps how many tests its output's closing summary says ran (evidence/testCount.ts):
// the count only, never the text, and in the saved scan state it is checked like the rest of the run.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newScanState, scanBytes } from '../../../src/core/transcript/scan';
import type { TranscriptEvents } from '../../../src/core/types';
import { cacheFile, readTranscriptCached } from '../../../src/workspace/scanCache';
import { scanEntry } from '../../../src/workspace/scanEntry';

const lines = (xs: string[]): Buffer => Buffer.from(xs.map((l) => l + '\n').join(''));
const scan = (xs: string[]): TranscriptEvents => scanBytes(newScanState('t.jsonl', 'main'), lines(xs)).events;
const base = { sessionId: 's', cwd: '/home/dev/proj', timestamp: '2026-03-01T00:00:00.000Z' };

function call(id: string, command = 'npm test'): string {
  return JSON.stringify({ type: 'assistant', message: { content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] }, ...base });
}

function passed(id: string, stdout: string, stderr = ''): string {
  return JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: id, content: stdout, is_error: false }] }, toolUseResult: { stdout, stderr, interrupted: false, isImage: false }, ...base });
}

function failed(id: string, text: string): string {
  return JSON.stringify({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: id, content: text, is_error: true }] }, toolUseResult: `Error: ${text}`, ...base });
}

const MOCHA_12 = '\n\n  suite\n    ✔ one\n\n  12 passing (31ms)\n  1 pending\n';

describe('scan: the test count of a passed run', () => {
  it("keeps the runner and how many ran, from mocha's summary", () => {
    const run = scan([call('A'), passed('A', MOCHA_12)]).runs[0]!;
    assert.deepEqual(run.tests, { runner: 'mocha', ran: 12 });
  });

  it('reads stderr too, where jest prints its summary', () => {
    const run = scan([call('A'), passed('A', '', 'PASS ./a.test.js\nTests:       3 passed, 3 total\n')]).runs[0]!;
    assert.deepEqual(run.tests, { runner: 'jest', ran: 3 });
  });

  it('a run that printed no summary has no count', () => {
    const run = scan([call('A'), passed('A', 'built in 3 s\n')]).runs[0]!;
    assert.equal('tests' in run, false);
  });

  it('a failed run keeps no count: only a pass can be held to one', () => {
    const run = scan([call('A'), failed('A', `Exit code 1\n${MOCHA_12}  1 failing\n`)]).runs[0]!;
    assert.equal(run.end?.kind, 'failed');
    assert.equal('tests' in run, false);
  });

  it('none of the output is kept, only the count', () => {
    const events = scan([call('A'), passed('A', `${MOCHA_12}secret-output-text\n`)]);
    assert.ok(!JSON.stringify(events).includes('secret-output-text'));
  });

  it('the saved state keeps the count, and a count forged into it is found and read again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-count-'));
    const file = join(dir, 'session.jsonl');
    writeFileSync(file, lines([call('A'), passed('A', MOCHA_12)]));
    const cache = join(dir, 'scan');
    const first = readTranscriptCached(file, 'main', cache, null);
    assert.deepEqual(first.events.runs[0]?.tests, { runner: 'mocha', ran: 12 });
    const path = cacheFile(cache, file);
    const entry = scanEntry.parse(JSON.parse(readFileSync(path, 'utf8')));
    assert.deepEqual(entry.state.events.runs[0]?.tests, { runner: 'mocha', ran: 12 }, 'saved with the run');
    // A script lowers the session's count in the cache, so that a narrowed re-run would not read as fewer.
    entry.state.events.runs[0].tests = { runner: 'mocha', ran: 0 };
    writeFileSync(path, JSON.stringify(entry));
    const again = readTranscriptCached(file, 'main', cache, null);
    assert.deepEqual(again.events.runs[0]?.tests, { runner: 'mocha', ran: 12 }, 'read again from the transcript');
    assert.match(again.events.forgedCache ?? '', /not what its transcript lines say/);
  });
});
