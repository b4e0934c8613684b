// Saved state stays bounded: older runs of a command are dropped, and the tally does not change.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { KEEP_PER_COMMAND, newScanState, scanBytes, type ScanState } from '../../../src/core/transcript/scan';
import { evaluate, labTranscript, planOf } from '../helpers/fixtures';

const text = readFileSync(labTranscript('main'), 'utf8');
const plan = planOf({
  S1: '`echo hello-from-bash; echo to-stderr >&2`',
  S2: '`grep -q nomatch /etc/hostname`',
  S3: '`sleep 2; echo done-bg`',
  S4: '`sleep 5; echo never-printed`',
});

function repeated(times: number): string {
  let out = '';
  for (let i = 0; i < times; i++) {
    const t = new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString();
    out += text.replace(/toolu_([0-9a-f]+)/g, `toolu_$1r${i}`).replace(/"timestamp":"[^"]+"/g, `"timestamp":"${t}"`).replace(/<task-id>([a-z0-9]+)</g, `<task-id>$1r${i}<`).replace(/"backgroundTaskId":"([a-z0-9]+)"/g, `"backgroundTaskId":"$1r${i}"`);
  }
  return out;
}

// The bytes are built once (no product code runs); the scan itself runs before each test, so a
// mutant in the scanner is active while it runs and every test here can see it.
const bytes = Buffer.from(repeated(120));

describe('pruning saved runs', () => {
  let state: ScanState;
  beforeEach(() => {
    state = scanBytes(newScanState('t.jsonl', 'main'), bytes);
  });

  it('drops older runs of the same command and keeps the count bounded', () => {
    assert.ok((state.events.prunedRuns ?? 0) > 0);
    assert.ok(state.events.runs.length < 400 + 6, `${state.events.runs.length} runs kept`);
    assert.ok(state.events.notices.length <= KEEP_PER_COMMAND + 1, 'only the notices of kept runs');
    const perCommand = new Map<string, number>();
    for (const r of state.events.runs) perCommand.set(r.command, (perCommand.get(r.command) ?? 0) + 1);
    for (const n of perCommand.values()) assert.ok(n <= KEEP_PER_COMMAND + 1);
  });

  it('leaves every item’s state as the newest runs decide it', () => {
    const once = evaluate(plan, [labTranscript('main')]);
    const many = evaluate(plan, [], { transcripts: [state.events] });
    assert.deepEqual(
      many.items.map((i) => [i.id, i.state]),
      once.items.map((i) => [i.id, i.state]),
    );
    assert.deepEqual(many.items.map((i) => i.state), ['proved', 'failed', 'proved', 'failed']);
  });

  it('keeps one edit per path', () => {
    assert.equal(state.events.edits.length, 1);
  });
});
