// The edges of patchFiles: a word that only holds `-i` inside it, `-i` with nothing after it, a
// verb other than git whose words read like `git apply`, and `git apply` with nothing to apply.
import { strict as assert } from 'node:assert';
import { patchFiles } from '../../../src/hooks/bashWords';

describe('the patch files a command applies, at the edges', () => {
  // [what the row shows, the verb, its arguments, the file on standard input, the patch files]
  const rows: Array<[string, string, string[], string | undefined, string[]]> = [
    ['a word holding -i after its first letter is an operand, not the -i option', 'patch', ['x-ip.diff'], 'in.diff', ['in.diff']],
    ['a word holding --input= after its first letter is an operand, not the option', 'patch', ['x--input=p.diff'], 'in.diff', ['in.diff']],
    ['-i as the last word names an empty patch file', 'patch', ['-p1', '-i'], 'in.diff', ['']],
    ['a verb other than git given the words apply and a file applies no patch', 'cat', ['apply', 'x.diff'], 'in.diff', []],
    ['a verb other than git given the words am and a file applies no patch', 'sudoedit', ['am', 'x.mbox'], undefined, []],
    ['git apply with no operand and no standard input applies none the guard can read', 'git', ['apply', '--check'], undefined, []],
    ['git am with no operand and no standard input applies none the guard can read', 'git', ['am'], undefined, []],
  ];
  for (const [name, verb, args, stdin, expected] of rows) it(name, () => assert.deepEqual(patchFiles(verb, args, stdin), expected));
});
