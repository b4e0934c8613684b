// isWriteRedirect and operands read the words themselves, whatever path they name: a duplication
// onto a descriptor (`2>&1`, `10>&1`, `>&-`) writes no file, and `-` is an operand (standard input).
import { strict as assert } from 'node:assert';
import { isWriteRedirect, operands } from '../../../src/hooks/bashWords';

describe('redirections onto descriptors and the `-` operand (bashWords)', () => {
  const redirects: Array<[string, string, string, boolean]> = [
    ['a duplication onto descriptor 1 writes no file', '>&', '1', false],
    ['standard error duplicated onto standard output writes no file', '2>&', '1', false],
    ['a two-digit descriptor duplicated writes no file', '10>&', '1', false],
    ['a duplication onto a two-digit descriptor writes no file', '>&', '10', false],
    ['closing a descriptor writes no file', '>&', '-', false],
    ['a plain redirection to a file named 1 writes it', '>', '1', true],
    ['a duplication onto a word that is not a descriptor writes that file', '>&', 'out.log', true],
    ['an input redirection writes nothing', '<', 'in.txt', false],
  ];
  for (const [name, op, target, writes] of redirects) it(name, () => assert.equal(isWriteRedirect(op, target), writes));

  it('a lone dash is an operand, not an option', () => assert.deepEqual(operands(['-n', '-', 'x']), ['-', 'x']));
});
