// splitArgs on the words a tool is given: a lone `-` is a positional word (stdin), `--opt=value`
// is split at its `=` but a short `-o=value` is one option, and no `--` leaves nothing after it.
import { strict as assert } from 'node:assert';
import { splitArgs } from '../../../src/core/seal/context';

type Split = { opts: Array<[string, string[]]>; positional: string[]; rest: string[] };

const ROWS: Array<[string, string[], string[], Split]> = [
  ['a lone - is a positional word', ['-'], [], { opts: [], positional: ['-'], rest: [] }],
  ['a lone - is not taken as the value-taking option', ['-', 'a'], ['-'], { opts: [], positional: ['-', 'a'], rest: [] }],
  ['--opt=value is split at the =', ['--spec=a.js'], [], { opts: [['--spec', ['a.js']]], positional: [], rest: [] }],
  ['a short -o=value is one option with no value', ['-o=v'], [], { opts: [['-o=v', ['']]], positional: [], rest: [] }],
  ['no -- leaves nothing after it', ['a', '-x'], [], { opts: [['-x', ['']]], positional: ['a'], rest: [] }],
  ['the words after -- are the rest', ['a', '--', '-x'], [], { opts: [], positional: ['a'], rest: ['-x'] }],
];

describe('splitArgs on single dashes, = and --', () => {
  for (const [what, args, withValue, want] of ROWS) {
    it(what, () => {
      const got = splitArgs(args, new Set(withValue));
      assert.deepEqual({ opts: [...got.opts], positional: got.positional, rest: got.rest }, want);
    });
  }
});
