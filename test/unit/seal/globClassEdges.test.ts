// Classes inside a bracket (`[:digit:]`, `[=x=]`) that the other glob rows leave open: a class is
// read where it starts and not further on, and an equivalence class is its character, even one
// a JavaScript bracket would read otherwise. Each row is held to the real bash's `case` as well.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { globPattern } from '../../../src/core/seal/glob';

/** Whether bash's `case` matches the name against the pattern (written into the script as is). */
function bashMatches(pattern: string, name: string): boolean {
  const r = spawnSync('bash', ['-c', `case "$1" in ${pattern}) exit 0;; esac; exit 1`, 'bash', name], { encoding: 'utf8', env: {} });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return r.status === 0;
}

describe('a class inside a bracket is read as bash reads it', () => {
  // [what the row shows, the pattern, a name, whether the pattern matches it]
  const rows: Array<[string, string, string, boolean]> = [
    ['a [ that starts no class is itself, and a class after it is still read', '[[a[:digit:]]', 'a', true],
    ['a class after a plain [ still holds its digits', '[[a[:digit:]]', '5', true],
    ['a class after a plain [ does not end the bracket early', '[[a[:digit:]]', ':]', false],
    ['a POSIX class alone holds a digit', '[[:digit:]]', '5', true],
    ['a POSIX class alone does not hold a letter', '[[:digit:]]', 'x', false],
    ['an equivalence class of a letter is that letter', '[[=a=]]', 'a', true],
    ['an equivalence class of d is d and not a digit class', '[[=d=]]', 'd', true],
    ['an equivalence class of d does not hold a digit', '[[=d=]]', '5', false],
    ['an equivalence class of - is a dash', '[[=-=]]', '-', true],
  ];
  for (const [rule, pattern, name, want] of rows) {
    it(`${rule}: ${pattern} ${want ? 'matches' : 'does not match'} ${name}`, () => {
      assert.equal(globPattern(pattern)?.test(name), want);
      assert.equal(bashMatches(pattern, name), want, 'bash matches so');
    });
  }
});
