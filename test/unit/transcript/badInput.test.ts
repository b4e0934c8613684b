// The scanner keeps going on bad input, counts what it could not read, and never forges a pass.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { newScanState, scanBytes } from '../../../src/core/transcript/scan';
import { readTranscript } from '../../../src/workspace/readTranscript';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { tallyText } from '../../../src/core/tally/format';
import { writeDerived, readRecords } from '../helpers/derive';
import { evaluate, labTranscript, planOf, stateOf } from '../helpers/fixtures';

const main = labTranscript('main');
const bytes = readFileSync(main);
const plan = planOf({ S1: '`echo hello-from-bash; echo to-stderr >&2`', S4: '`sleep 2; echo done-bg`' });
const enc = new TextEncoder();

function scanAll(buf: Uint8Array) {
  return scanBytes(newScanState('t.jsonl', 'main'), buf);
}
function evalBytes(buf: Uint8Array) {
  const s = scanAll(buf);
  return { tally: evaluate(plan, [], { transcripts: [s.events] }), state: s };
}

describe('bad input', () => {
  it('the recording itself reads cleanly', () => {
    // Scanned here, not in the describe body, so the scan runs while this test does.
    const baseline = scanAll(bytes).events;
    assert.equal(baseline.unreadable, 0);
    assert.equal(baseline.runs.length, 6);
  });

  const cases: Array<[string, Uint8Array, number]> = [
    ['a malformed line', Buffer.concat([enc.encode('{"type":"user", broken\n'), bytes]), 1],
    ['a non-UTF-8 line', Buffer.concat([enc.encode('{"type":"user","message":{"content":"'), Buffer.from([0xff, 0xfe]), enc.encode('"}}\n'), bytes]), 1],
    ['a record of the wrong shape', Buffer.concat([enc.encode('{"type":"user","message":42}\n'), bytes]), 1],
    ['a JSON value that is not an object', Buffer.concat([enc.encode('[{"type":"user"}]\n'), bytes]), 1],
    ['a record in another spacing', Buffer.concat([enc.encode('{"type": "user", "message": 42}\n'), bytes]), 1],
    ['unknown record types', Buffer.concat([enc.encode('{"type":"future-thing","x":1}\n'), bytes]), 0],
    ['a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]), 0],
    ['CRLF line ends', Buffer.from(bytes.toString('utf8').replace(/\n/g, '\r\n')), 0],
  ];
  for (const [what, buf, unreadable] of cases) {
    it(`keeps going past ${what} and counts it`, () => {
      const { tally, state } = evalBytes(buf);
      assert.equal(state.events.unreadable, unreadable);
      assert.equal(state.events.runs.length, 6);
      assert.equal(stateOf(tally, 'S1'), 'proved');
      assert.equal(tally.unreadableLines, unreadable);
    });
  }

  it('a giant line is read like any other', () => {
    const big = { type: 'assistant', message: { content: [{ type: 'text', text: 'x'.repeat(5_000_000) }] } };
    const { state } = evalBytes(Buffer.concat([enc.encode(JSON.stringify(big) + '\n'), bytes]));
    assert.equal(state.events.unreadable, 0);
    assert.equal(state.events.runs.length, 6);
  });

  it('a half-written last line is left for the next read, not parsed', () => {
    const cut = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1 + 40;
    const s = scanAll(bytes.subarray(0, cut));
    assert.equal(s.events.unreadable, 0);
    assert.equal(s.pendingBytes, 40);
    assert.equal(s.offset, cut - 40);
  });

  it('a result cut off by a half-written line leaves the run pending, never passed', () => {
    const records = readRecords(main);
    const lines = records.map((r) => JSON.stringify(r));
    const i = lines.findIndex((l) => l.includes('"tool_use_id":"') && l.includes('hello-from-bash\\nto-stderr'));
    assert.ok(i > 0);
    const buf = enc.encode(lines.slice(0, i).join('\n') + '\n' + lines[i]!.slice(0, 100));
    assert.equal(stateOf(evalBytes(buf).tally, 'S1'), 'pending');
  });

  it('a missing transcript is counted and reported while the others still count', () => {
    const events = readTranscripts(['/nonexistent/x.jsonl', main]);
    assert.equal(events[0]!.readError, 'ENOENT');
    const t = evaluate(plan, [], { transcripts: events });
    assert.equal(stateOf(t, 'S1'), 'proved');
    assert.deepEqual(t.unreadableFiles, [{ file: '/nonexistent/x.jsonl', code: 'ENOENT' }]);
    assert.match(tallyText(t), /Note: transcript \/nonexistent\/x\.jsonl could not be read \(ENOENT\)/);
  });

  it('an empty file yields nothing and no error', () => {
    const s = readTranscript(writeDerived([]), 'main');
    assert.equal(s.events.runs.length, 0);
  });
});

describe('incremental reads', () => {
  it('feeding the file in pieces gives the same events as one read', () => {
    const whole = scanAll(bytes).events;
    const s = newScanState('t.jsonl', 'main');
    let pos = 0;
    for (const step of [1, 7, 300, 4096, 65536, 1 << 20]) {
      const end = Math.min(bytes.length, pos + step);
      scanBytes(s, bytes.subarray(s.offset, end));
      pos = end;
    }
    scanBytes(s, bytes.subarray(s.offset));
    assert.deepEqual(JSON.parse(JSON.stringify(s.events)), JSON.parse(JSON.stringify(whole)));
  });

  it('reading from a saved state reads only what was appended', () => {
    const records = readRecords(main);
    const half = Math.floor(records.length / 2);
    const first = writeDerived(records.slice(0, half));
    const s = readTranscript(first, 'main');
    const linesBefore = s.lineNo;
    const full = writeDerived(records);
    // Same bytes at the front, so the saved offset is valid in the longer file.
    const resumed = readTranscript(full, 'main', { ...s, file: full, events: { ...s.events, runs: s.events.runs.map((r) => ({ ...r, at: { ...r.at, file: full } })) } });
    assert.equal(resumed.lineNo, records.length);
    assert.ok(resumed.lineNo > linesBefore);
    assert.equal(resumed.events.runs.length, readTranscript(full, 'main').events.runs.length);
  });
});
