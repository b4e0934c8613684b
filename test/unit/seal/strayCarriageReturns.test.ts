// A comment that ends in a carriage return (a CRLF file, or a stray `\r` before `\r\n`) is cut off
// whole: in a Makefile's assignments and rule lines, and in a YAML or JS config's setting and its
// block list, where a plain item also ends at its comment.
import { strict as assert } from 'node:assert';
import { looseValue } from '../../../src/core/seal/configText';
import { parseMakefile } from '../../../src/core/seal/makefile';

describe('comments before a carriage return', () => {
  it('a Makefile assignment with a comment and a stray CR is its value alone', () => {
    assert.deepEqual([...parseMakefile('X = 1 # note\r\r\n').vars], [['X', '1']]);
  });

  it('a Makefile rule with a comment and a stray CR has its prerequisites alone', () => {
    const rule = parseMakefile('check: build # build first\r\r\n\techo hi\r\n').rules.get('check');
    assert.deepEqual(rule?.prereqs, ['build']);
  });

  it('a CRLF config setting with a comment is its value alone', () => {
    assert.equal(looseValue('spec: foo # the tests\r\nother: 1\r\n', 'spec'), 'foo');
  });

  it('a YAML block list item ends where its comment starts; a quoted one is its quotes\' content', () => {
    assert.deepEqual(looseValue('spec:\n  - a # x\n  - "b # c"\n  - \'d\' # e\n', 'spec'), ['a', 'b # c', 'd']);
  });

  it('a CRLF YAML block list has no CR in its items', () => {
    assert.deepEqual(looseValue('spec:\r\n  - a # x\r\n  - b\r\n', 'spec'), ['a', 'b']);
  });
});

describe('a quoted YAML block list item followed by a comment', () => {
  it('is its quotes\' content even when the comment holds the quote', () => {
    assert.deepEqual(looseValue("spec:\n  - 'a' # it's\n  - \"b\" # \"c\"\n", 'spec'), ['a', 'b']);
  });
});
