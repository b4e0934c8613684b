// looseValue on a setting that is not a bracket list, in a YAML or JS file: a quoted value only
// when the quote opens the value, a bare word with its trailing white space, ` # comment` and
// trailing comma cut off, and a YAML block list of `- item` lines, each unquoted when it is quoted
// as a whole. Expected values are literal.
import { strict as assert } from 'node:assert';
import { looseValue } from '../../../src/core/seal/configText';

const ROWS: Array<[string, string, unknown]> = [
  ['a quote later on the line does not make the value quoted', "spec: foo 'bar'\n", "foo 'bar'"],
  ['a quoted value is read between its quotes', "spec: 'bar' # x\n", 'bar'],
  ['a bare word loses its trailing spaces', 'spec: foo   \nui: bdd\n', 'foo'],
  ['a bare word loses a comment after it', 'spec: foo # the tests\n', 'foo'],
  ['a comment of one character is cut off too', 'spec: foo #x\n', 'foo'],
  ['a # inside a word is not a comment', 'spec: a#b\n', 'a#b'],
  ['a bare word loses a trailing comma', 'spec: foo,\nui: bdd\n', 'foo'],
  ['a bare word loses a trailing comma and the spaces after it', 'spec: foo,  \n', 'foo'],
  ['a comma inside a bare value stays', 'spec: a,b\n', 'a,b'],
  ['a comma inside a value with a trailing comma stays', 'spec: a,b,\n', 'a,b'],
  ['a block list of items', 'spec:\n  - test/a.js\n  - test/b.js\nui: bdd\n', ['test/a.js', 'test/b.js']],
  ['a block list ends at a line that does not start with -', 'spec:\n  - a\n  b - c\n', ['a']],
  ['an item after two spaces is read without them', 'spec:\n  -  a\n', ['a']],
  ['a dash with no space after it is no item', 'spec:\n  -a\n', undefined],
  ['an empty value with no items under it is unset', 'spec:\nui: bdd\n', undefined],
  ['a single-quoted item is unquoted', "spec:\n  - 'a'\n", ['a']],
  ['a double-quoted item of several characters is unquoted', 'spec:\n  - "ab"\n', ['ab']],
  ['an empty quoted item is the empty string', "spec:\n  - ''\n", ['']],
  ['an item with a quoted tail keeps its quotes', "spec:\n  - a'b'\n", ["a'b'"]],
  ['an item with a quoted head keeps its quotes', "spec:\n  - 'a' b\n", ["'a' b"]],
  ['an item quoted with different quotes keeps them', `spec:\n  - 'a"\n`, [`'a"`]],
];

describe('looseValue on bare values and YAML block lists', () => {
  for (const [what, text, want] of ROWS) {
    it(what, () => assert.deepEqual(looseValue(text, 'spec'), want));
  }
});
