// One run as a person reads it, from a real tally and its recorded transcript.
import { strict as assert } from 'node:assert';
import { outputAt, rawRecordSpan, runText } from '../../../src/extension/runText';
import { underWayTally } from '../../webview/fixtures';

describe('the run document', function () {
  const t = underWayTally();

  it('a counted run: command, items, exit, counted, the output the transcript holds and the raw place', function () {
    const e = t.ledger.find((x) => x.reason === 'counted' && x.ids.includes('S1'))!;
    const text = runText(t, e.run.file, e.run.line);
    assert.match(text, /^Command: {3}echo hello-from-bash; echo to-stderr >&2$/m);
    assert.match(text, /^Counted: {3}yes, it decides its item$/m);
    assert.match(text, /hello-from-bash/);
    assert.match(text, new RegExp(`^Raw record: .*, line ${e.run.line}`, 'm'));
  });

  it('a run that did not count says why', function () {
    const e = t.ledger.find((x) => x.reason === 'subagent')!;
    assert.match(runText(t, e.run.file, e.run.line), /^Counted: {3}no: ran in a subagent \(passed there\): did not count \(ran in a subagent; only the main session’s own runs count\)$/m);
  });

  it('a line that is no run says so; a line that is no result has no output', function () {
    const e = t.ledger[0]!;
    assert.match(runText(t, e.run.file, 1), /No run the meter knows of starts at line 1/);
    assert.equal(outputAt(e.run.file, 1), null);
    assert.equal(outputAt('/nonexistent.jsonl', 3), null);
  });
});

describe('the run document’s raw record link', function () {
  // Rows: the document's text, where the link stands (0-based line, columns) or null.
  const cases: Array<[string, string, { line: number; start: number; end: number } | null]> = [
    ['the file and line, with the result line after it left out', 'Command: x\n\nRaw record: /t/s.jsonl, line 4; its result at line 5\n', { line: 2, start: 12, end: 30 }],
    ['the file and line alone', 'Raw record: /t/s.jsonl, line 4\n', { line: 0, start: 12, end: 30 }],
    ['no raw record line: no link', 'This run is not part of the goal’s evidence in this workspace.\n', null],
  ];
  for (const [name, text, want] of cases) it(name, () => assert.deepEqual(rawRecordSpan(text), want));
});
