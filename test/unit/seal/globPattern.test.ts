// A glob read as a pattern, as bash matches one name: `*`, `?`, `[…]` and `[!…]` (or `[^…]`), a
// `]` first in a bracket taken as itself, an unclosed `[` taken as itself, and every other
// character literal, the regular expression's own included. The guard's glob reach and the seal's
// file patterns share this one reading.
import { strict as assert } from 'node:assert';
import { globPattern } from '../../../src/core/seal/glob';
import { globReach } from '../../../src/core/shell/globReach';

// [the glob part, a name, whether it matches]
const cases: Array<[string, string, boolean]> = [
  ['.*', '.x', true],
  ['.*', '.', true],
  ['*', '', true],
  ['a?c', 'abc', true],
  ['a?c', 'ac', false],
  ['[!a]b', 'xb', true],
  ['[!a]b', 'ab', false],
  ['[^a]b', 'xb', true],
  ['[^a]b', 'ab', false],
  ['[]a]', ']', true],
  ['[]a]', 'a', true],
  ['[!]]', ']', false],
  ['[!]]', 'x', true],
  ['[', '[', true],
  ['a[', 'a[', true],
  ['[]', '[]', true],
  ['[a^]', '^', true],
  ['[a\\]', '\\', true],
  ['a.b', 'axb', false],
  ['a.b', 'a.b', true],
  ['a+b', 'a+b', true],
  ['a+b', 'aab', false],
  ['(a)', '(a)', true],
  ['a|b', 'a', false],
  ['$a', '$a', true],
  ['x]', 'x]', true],
  ['[x]y', 'xy', true],
  ['[a]', 'S', false],
  ['[a]', 'a', true],
];

describe('a glob read as a pattern over one name', () => {
  for (const [part, name, matches] of cases) {
    it(`${JSON.stringify(part)} ${matches ? 'matches' : 'does not match'} ${JSON.stringify(name)}`, () => {
      assert.equal(globPattern(part)?.test(name), matches);
    });
  }

  it('a bracket range out of order is no pattern JavaScript can read', () => {
    assert.equal(globPattern('.[!z-a]'), null);
  });

  it('a climb past the start of a relative path keeps every `..`', () => {
    assert.deepEqual(globReach('a/*/../../../../x'), { path: '../../x', within: false });
  });
});
