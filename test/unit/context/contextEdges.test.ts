// Context meter edges: the newest RECENT sized records are kept (the oldest drop out one by one), a
// request of exactly MIN_SAMPLE estimated tokens sets the ratio, and a session without an id is named
// by its file name, cut at the last folder separator of the name's first line only.
import { strict as assert } from 'node:assert';
import { contextBytes, newContextState, RECENT } from '../../../src/core/context/contextScan';
import { sessionLines, type ListedContext } from '../../../src/core/context/contextText';
import { calibrationRatio } from '../../../src/core/context/contextView';

const userRecord = (uuid: string): string =>
  JSON.stringify({ type: 'user', uuid, sessionId: 's', message: { role: 'user', content: [{ type: 'text', text: 'abcd' }] } });

function listed(file: string): ListedContext {
  return {
    sessionId: null, model: null, estimate: 12_000, reported: null, ratio: null, calibrated: null, window: null, percent: null,
    requests: 0, compactionCount: 0, compactions: [], lastTime: null, file, updatedAt: '2026-02-01T10:20:30.000Z',
  };
}

describe('context meter edges', () => {
  it(`keeps the newest ${RECENT} sized records when one more comes`, () => {
    const lines = Array.from({ length: RECENT + 1 }, (_, i) => userRecord(`r${i}`));
    const s = contextBytes(newContextState(), Buffer.from(lines.map((l) => l + '\n').join('')));
    assert.equal(s.recent.length, 256);
    assert.deepEqual(s.recent[0], ['r1', 4, 0]);
    assert.deepEqual(s.recent[255], ['r256', 4, 0]);
  });

  const ratios: Array<[string, number, number, number]> = [
    ['a request of exactly 1,000 estimated tokens sets the ratio', 1500, 1000, 1.5],
    ['a request of 999 estimated tokens is too small to set it', 1500, 999, 1],
  ];
  for (const [name, reported, estimate, want] of ratios) {
    it(name, () => assert.equal(calibrationRatio(reported, estimate), want));
  }

  const names: Array<[string, string, string]> = [
    ['a file in folders is named by its last part', '/home/dev/p/abc.jsonl', 'abc'],
    ['a file name with a backslash folder is named by its last part', 'C:\\p\\abc.jsonl', 'abc'],
    ['a file name whose first line has no separator is left whole past its line break', 'x\ny/abc.jsonl', 'x\ny/abc'],
  ];
  for (const [name, file, want] of names) {
    it(`a session without an id: ${name}`, () => assert.equal(sessionLines(listed(file))[0], `${want}  2026-02-01 10:20`));
  }
});
