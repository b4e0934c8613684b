import { strict as assert } from 'node:assert';
import type { Script } from '../../../src/core/shell/parse';
import { exitReading } from '../../../src/core/shell/exitStatus';

/** The culprit and the fix of a command that cannot fail, or its kind when it can. */
const reading = (src: string) => {
  const r = exitReading(src);
  return r.kind === 'cannot-fail' ? { how: r.how, culprit: r.culprit, fix: r.fix } : r.kind;
};

// Blanks around the command (and white space the shell reads as part of a word, like a carriage
// return) never end up at either end of the culprit or the fix.
const trimmed: Array<[string, string, { how: string; culprit: string; fix: string | null }]> = [
  ['a masked command with blanks before it', '  npm test || true', { how: 'or-mask', culprit: '|| true', fix: 'npm test' }],
  ['a masked command with blanks after it', 'npm test || true  ', { how: 'or-mask', culprit: '|| true', fix: 'npm test' }],
  ['a background command with blanks after it', 'npm test &  ', { how: 'background', culprit: 'npm test &', fix: 'npm test' }],
  ['a background command led by a carriage return', '\rnpm test &', { how: 'background', culprit: 'npm test &', fix: 'npm test' }],
  ['a background command after another command', 'cd app; npm test &', { how: 'background', culprit: 'npm test &', fix: 'cd app; npm test' }],
  ['a sequence with blanks before it', '  npm test; echo done', { how: 'sequence', culprit: 'echo done', fix: 'npm test' }],
];

describe('exitReading: the culprit and the fix are trimmed and cover only their own part', () => {
  for (const [what, src, want] of trimmed) {
    it(`${what}: ${JSON.stringify(src)}`, () => assert.deepEqual(reading(src), want));
  }
});

describe('exitReading: a script with no command', () => {
  for (const src of ['', '   ', '# only a comment']) {
    it(`${JSON.stringify(src)} cannot fail, and nothing in it is the culprit`, () => {
      assert.deepEqual(reading(src), { how: 'constant', culprit: '', fix: null });
    });
  }
});

describe('exitReading: only a compound command reads as unread', () => {
  it('an error while reading a malformed script is thrown, not taken for a compound command', () => {
    // An and-or list with no pipeline: parse never makes one, and reading it fails on the missing pipeline.
    const script: Script = { list: [{ pipelines: [], ops: [], background: false, start: 0, end: 0, through: 0 }], subs: [], unterminated: false, comment: false };
    assert.throws(() => exitReading('', script), TypeError);
  });
  it('a compound command still reads as unread', () => {
    assert.equal(reading('if npm test; then echo ok; fi'), 'unread');
  });
});
