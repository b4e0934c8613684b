// The readings of a command's words in bashWords.ts, called directly at their edges: which
// redirections write (a duplication onto a descriptor writes no file), `-` as an operand, which names are worked out at run time, which copies take folders whole,
// which option values are files written, and which verbs have a reading that finds writes.
import { strict as assert } from 'node:assert';
import { copiesFolders, isWriteRedirect, namedAtRunTime, operands, outputValues, readsWrites } from '../../../src/hooks/bashWords';

describe('a redirection writes a file only when it points rightwards', () => {
  const rows: Array<[string, string, string, boolean]> = [
    ['< reads its file', '<', 'notes.txt', false],
    ['0< reads its file', '0<', 'notes.txt', false],
    ['<<< gives a string', '<<<', 'word', false],
    ['> writes its file', '>', 'notes.txt', true],
    ['2>> appends to its file', '2>>', 'log.txt', true],
    ['a duplication onto descriptor 1 writes no file', '>&', '1', false],
    ['standard error duplicated onto standard output writes no file', '2>&', '1', false],
    ['a two-digit descriptor duplicated writes no file', '10>&', '1', false],
    ['a duplication onto a two-digit descriptor writes no file', '>&', '10', false],
    ['closing a descriptor writes no file', '>&', '-', false],
    ['a plain redirection to a file named 1 writes it', '>', '1', true],
    ['a duplication onto a word that is not a descriptor writes that file', '>&', 'out.log', true],
  ];
  for (const [name, op, target, expected] of rows) {
    it(name, () => {
      assert.equal(isWriteRedirect(op, target), expected);
    });
  }
});

describe('a lone dash is an operand (standard input), not an option', () => {
  it('operands keeps `-` and drops the options before it', () => assert.deepEqual(operands(['-n', '-', 'x']), ['-', 'x']));
});

describe('a command name with a bracket pair is a glob worked out at run time', () => {
  const rows: Array<[string, string, boolean]> = [
    ['a class of one letter is a glob', '/usr/bin/r[m]', true],
    ['a class of two letters is a glob', '/usr/bin/r[mn]', true],
    ['an empty pair is a glob', 'r[]', true],
    ['a bracket left open is not', 'r[m', false],
    ['a plain name is not', 'rm', false],
  ];
  for (const [name, verb, expected] of rows) {
    it(name, () => {
      assert.equal(namedAtRunTime(verb), expected);
    });
  }
});

describe('rsync, and cp or scp told to recurse or archive, copy folders whole', () => {
  const rows: Array<[string, string, string[], boolean]> = [
    ['rsync does with no options', 'rsync', ['a', 'b'], true],
    ['mv does not, even given -r', 'mv', ['-r', 'a', 'b'], false],
    ['mv does not with no words', 'mv', [], false],
    ['cp does not with plain operands', 'cp', ['x', 'y'], false],
    ['cp does not for an operand holding a or r', 'cp', ['a.txt', 'dir'], false],
    ['cp does not for an operand with an inner dash', 'cp', ['x-r', 'y'], false],
    ['cp does not for -v alone', 'cp', ['-v', 'x', 'y'], false],
    ['cp does not for a short word with a digit in it', 'cp', ['-r1', 'x', 'y'], false],
    ['cp does with -r', 'cp', ['-r', 'x', 'y'], true],
    ['cp does with -R', 'cp', ['-R', 'x', 'y'], true],
    ['cp does with -a', 'cp', ['-a', 'x', 'y'], true],
    ['cp does with -rf', 'cp', ['-rf', 'x', 'y'], true],
    ['cp does with -av', 'cp', ['-av', 'x', 'y'], true],
    ['cp does with --recursive', 'cp', ['--recursive', 'x', 'y'], true],
    ['cp does with --archive', 'cp', ['--archive', 'x', 'y'], true],
    ['scp does with -r', 'scp', ['-r', 'x', 'host:y'], true],
    ['scp does with --recursive', 'scp', ['--recursive', 'x', 'host:y'], true],
    ['scp does not with plain operands', 'scp', ['x', 'host:y'], false],
  ];
  for (const [name, verb, args, expected] of rows) {
    it(name, () => {
      assert.equal(copiesFolders(verb, args), expected);
    });
  }
});

describe('the files a command is told to write by an option', () => {
  const rows: Array<[string, string, string[], string[]]> = [
    ['a verb with no short output option takes none from a word after it', 'ls', ['Stryker was here', 'x'], []],
    ['a verb with no short output option takes none glued to a word', 'ls', ['Stryker was herex'], []],
    ['--output=F names F', 'ls', ['--output=out.txt'], ['out.txt']],
    ['a word with --out= inside it names nothing', 'ls', ['x--out=y'], []],
    ['--outfile F names F', 'ls', ['--outfile', 'out.txt'], ['out.txt']],
    ['a word ending in --out names nothing', 'ls', ['x--out', 'f'], []],
    ['--out followed by other marks names nothing', 'ls', ['--out:x', 'f'], []],
    ['sort -o F names F', 'sort', ['-o', 'out.txt', 'in.txt'], ['out.txt']],
    ['sort -oF names F', 'sort', ['-oout.txt', 'in.txt'], ['out.txt']],
    ['sort -oF names F even when F ends in two dashes', 'sort', ['-ofile--'], ['file--']],
    ['sort -o as the last word names nothing', 'sort', ['-o'], []],
    ['sort given an operand only names nothing', 'sort', ['file.txt'], []],
    ['sort given another option names nothing', 'sort', ['-r', 'file.txt'], []],
    ['wget -Ofile names file', 'wget', ['-Ofile', 'http://x'], ['file']],
  ];
  for (const [name, verb, args, expected] of rows) {
    it(name, () => {
      assert.deepEqual(outputValues(verb, args), expected);
    });
  }
});

describe('verbs whose reading finds writes', () => {
  const rows: Array<[string, boolean]> = [
    ['find', true],
    ['tar', true],
    ['bsdtar', true],
    ['unzip', true],
    ['eval', true],
    ['source', true],
    ['rm', true],
    ['ls', false],
    ['', false],
  ];
  for (const [verb, expected] of rows) {
    it(`${verb || 'an empty name'} ${expected ? 'has' : 'has no'} such reading`, () => {
      assert.equal(readsWrites(verb), expected);
    });
  }
});
