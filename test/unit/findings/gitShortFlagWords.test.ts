// Which words of a git command read as clustered short options: only a word that starts with one
// dash and a letter, up to the option that takes the rest of the word as its value. A message, a
// path or a long option never reads as one, and a lone `-` is an operand, not an option.
import { strict as assert } from 'node:assert';
import { gitCall } from '../../../src/core/findings/gitActions';

const words = (s: string) => s.split(' ');

describe('short options clustered in one git word', () => {
  const kinds: Array<[string, string, string[]]> = [
    ['a message word that starts with n is no -n', 'git commit -m notes', []],
    ['a long option holding an n is no -n', 'git commit --only -m x', []],
    ['a word with a dash and an n inside it is no -n', 'git commit -m re-name', []],
    ['an n in the value of a clustered -m is part of the message', 'git commit -mnew', []],
    ['-n before -m in one word skips the hooks, even when the message is --', 'git commit -nm--', ['no-verify']],
  ];
  for (const [what, cmd, want] of kinds) {
    it(`${what}: ${JSON.stringify(cmd)}`, () => {
      assert.deepEqual(gitCall(words(cmd))!.actions.map((a) => a.kind), want);
    });
  }

  const paths: Array<[string, string, string[]]> = [
    ['a lone dash given to git restore is an operand', 'git restore -', ['-']],
    ['a lone dash given to git clean -f is an operand', 'git clean -f -', ['-']],
  ];
  for (const [what, cmd, want] of paths) {
    it(`${what}: ${JSON.stringify(cmd)}`, () => {
      const a = gitCall(words(cmd))!.actions;
      assert.equal(a.length, 1);
      assert.deepEqual(a[0]!.kind === 'discard' ? a[0]!.paths : null, want);
    });
  }

  it('git checkout with a lone dash reads as a checkout of the operand -', () => {
    assert.deepEqual(gitCall(words('git checkout -'))!.actions, [{ kind: 'discard', what: 'git checkout', sub: 'checkout', paths: ['-'] }]);
  });
});
