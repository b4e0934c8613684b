// A carriage return at the end of a script (a CRLF line ending) is part of the last word, so it
// falls inside the command's own positions; the culprit must still leave it out.
import { strict as assert } from 'node:assert';
import { exitReading } from '../../../src/core/shell/exitStatus';

const reading = (src: string) => {
  const r = exitReading(src);
  return r.kind === 'cannot-fail' ? { how: r.how, culprit: r.culprit, fix: r.fix } : r.kind;
};

describe('exitReading: a trailing carriage return is no part of the culprit', () => {
  const rows: Array<[string, string, { how: string; culprit: string; fix: string | null }]> = [
    ['a constant command', 'echo done\r', { how: 'constant', culprit: 'echo done', fix: null }],
    ['a pipeline of commands that cannot fail into a sink', 'echo a | tail -5\r', { how: 'constant', culprit: 'echo a | tail -5', fix: null }],
    ['a failing command piped into a sink', 'npm test | tail -5\r', { how: 'pipeline', culprit: 'tail -5', fix: 'set -o pipefail; npm test | tail -5' }],
  ];
  for (const [what, src, want] of rows) {
    it(`${what}: ${JSON.stringify(src)}`, () => assert.deepEqual(reading(src), want));
  }
});
