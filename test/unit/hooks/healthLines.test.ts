import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { appendHealth, healthPath, readHealth, type HealthRecord } from '../../../src/workspace/health';
import { workspace } from './helpers';

const rec = (over: Partial<HealthRecord> = {}): HealthRecord => ({
  time: '2025-06-01T12:00:00.000Z',
  event: 'stop',
  session: 's-1',
  durationMs: 12,
  outcome: 'block',
  inputBytes: 300,
  outputBytes: 40,
  ...over,
});

function writeHealthText(ws: string, text: string): void {
  mkdirSync(dirname(healthPath(ws)), { recursive: true });
  writeFileSync(healthPath(ws), text);
}

describe('health.jsonl', () => {
  describe('an append after a record cut short starts on its own line and is read back', () => {
    const cases: Array<{ name: string; before: string }> = [
      { name: 'a torn record after whole ones', before: JSON.stringify(rec({ outcome: 'allow' })) + '\n' + '{"time":"2025-06-01T12:00:01.000Z","event":"sto' },
      { name: 'a torn record alone', before: '{"time":"2025-06-01T1' },
      { name: 'a whole record missing only its newline', before: JSON.stringify(rec({ outcome: 'allow' })) },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const { ws } = workspace();
        writeHealthText(ws, c.before);
        assert.equal(appendHealth(ws, rec({ outcome: 'fresh' })), true);
        assert.equal(readHealth(ws).at(-1)?.outcome, 'fresh');
        assert.ok(readFileSync(healthPath(ws), 'utf8').endsWith(JSON.stringify(rec({ outcome: 'fresh' })) + '\n'));
      });
    }
  });

  it('an append after whole records adds no empty line', () => {
    const { ws } = workspace();
    appendHealth(ws, rec({ outcome: 'one' }));
    appendHealth(ws, rec({ outcome: 'two' }));
    assert.equal(readFileSync(healthPath(ws), 'utf8'), [rec({ outcome: 'one' }), rec({ outcome: 'two' })].map((r) => JSON.stringify(r) + '\n').join(''));
  });

  describe('a line that parses but is not a record is skipped, and the records around it are kept', () => {
    const cases: Array<{ name: string; line: unknown }> = [
      { name: 'null', line: null },
      { name: 'a number', line: 42 },
      { name: 'an array', line: [rec()] },
      { name: 'an outcome that is not text', line: { ...rec(), outcome: 5 } },
      { name: 'a session that is an object', line: { ...rec(), session: { id: 's' } } },
      { name: 'a duration that is text', line: { ...rec(), durationMs: '12' } },
      { name: 'no byte counts', line: { time: 't', event: 'stop', session: null, durationMs: 1, outcome: 'allow' } },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const { ws } = workspace();
        writeHealthText(ws, [rec({ outcome: 'before' }), c.line, rec({ outcome: 'after' })].map((l) => JSON.stringify(l) + '\n').join(''));
        assert.deepEqual(readHealth(ws), [rec({ outcome: 'before' }), rec({ outcome: 'after' })]);
      });
    }
  });

  it("the guard's shell front's records, with their extra field, are read", () => {
    const { ws } = workspace();
    const fast = '{"time":"2025-06-01T12:00:00Z","event":"guard","session":null,"durationMs":0,"outcome":"allow","inputBytes":120,"outputBytes":0,"path":"fast"}\n';
    writeHealthText(ws, fast);
    assert.deepEqual(readHealth(ws), [{ time: '2025-06-01T12:00:00Z', event: 'guard', session: null, durationMs: 0, outcome: 'allow', inputBytes: 120, outputBytes: 0 }]);
  });
});
