// One reading of git commands for the guard and the session's findings.
import { strict as assert } from 'node:assert';
import { gitCall, looksLikeTest } from '../../../src/core/findings/gitActions';

const words = (s: string) => s.split(' ');

describe('what a git command does that the meter cares about', () => {
  const cases: Array<[string, string[]]> = [
    ['git commit --no-verify -m x', ['no-verify']],
    ['git commit -nm x', ['no-verify']],
    ['git commit -m n', []],
    ['git commit -am x', []],
    ['git -c core.hooksPath=/dev/null commit -m x', ['no-verify']],
    ['git push --no-verify origin main', ['no-verify']],
    ['git push --force', ['force-push']],
    ['git push -fu origin main', ['force-push']],
    ['git push --force-with-lease', ['force-push']],
    ['git push origin +HEAD:main', ['force-push']],
    ['git push origin main', []],
    ['git reset --hard', ['reset-hard']],
    ['git reset --soft HEAD~1', []],
    ['git checkout -- test/a.test.ts', ['discard']],
    ['git checkout main', ['discard']],
    ['git checkout -b topic', []],
    ['git restore --staged x', []],
    ['git restore x', ['discard']],
    ['git stash', ['discard']],
    ['git stash list', []],
    ['git clean -n', []],
    ['git clean -fd', ['discard']],
    ['sudo git reset --hard', ['reset-hard']],
    ['FOO=1 git push -f', ['force-push']],
    // After `--` every word is an operand, even one that starts with a dash.
    ['git push -- -remote +main', ['force-push']],
  ];
  for (const [cmd, kinds] of cases) {
    it(`${JSON.stringify(cmd)} reads as ${kinds.join(', ') || 'nothing of note'}`, () => {
      assert.deepEqual(gitCall(words(cmd))!.actions.map((a) => a.kind), kinds);
    });
  }

  it('is not git when the command is another program', () => assert.equal(gitCall(words('gitk --all')), null));

  it('keeps the paths a discard names, after -- or as operands', () => {
    const a = gitCall(words('git checkout HEAD~3 -- tests/x.py src/y.py'))!.actions[0]!;
    assert.ok(a.kind === 'discard' && a.paths.join(' ') === 'tests/x.py src/y.py');
  });

  const paths: Array<[string, string[]]> = [
    ['git checkout --', ['.']],
    ['git stash save wip-notes', []],
    ['git stash push -m wip -- test/a.test.ts', ['test/a.test.ts']],
  ];
  for (const [cmd, want] of paths) {
    it(`${JSON.stringify(cmd)} discards ${want.length ? want.join(' ') : 'the whole tree'}`, () => {
      const a = gitCall(words(cmd))!.actions[0]!;
      assert.deepEqual(a.kind === 'discard' ? a.paths : null, want);
    });
  }

  it('joins the folders of several -C, as git does', () => assert.equal(gitCall(words('git -C a -C b status'))!.dir, 'a/b'));

  const tests: Array<[string, boolean]> = [
    ['test/unit/a.test.ts', true],
    ['tests', true],
    ['src/__tests__/x.js', true],
    ['pkg/foo_test.go', true],
    ['test_parser.py', true],
    ['spec/models/user_spec.rb', true],
    ['src/latest.ts', false],
    ['contest/main.c', false],
  ];
  for (const [p, want] of tests) it(`${p} ${want ? 'names' : 'does not name'} tests`, () => assert.equal(looksLikeTest(p), want));
});
