// configHints reads each hint on its own side of the diff: excludes and disabled rules in the added
// lines, narrowed globs in the removed ones.
import { strict as assert } from 'node:assert';
import { configHints } from '../../../src/core/seal/patterns';

const ROWS: Array<[string, string[], string[], string[]]> = [
  ['a removed spec line is a narrowed glob', [], ['spec: test/**/*.js'], ['globs narrowed']],
  ['an added spec line is not', ['spec: test/**/*.js'], [], []],
  ['an added exclude is an exclude', ['exclude: [x]'], [], ['excludes added']],
  ['a removed exclude is not', [], ['exclude: [x]'], []],
];

describe('configHints by the side of the diff', () => {
  for (const [what, added, removed, want] of ROWS) {
    it(what, () => assert.deepEqual(configHints(added, removed), want));
  }
});
