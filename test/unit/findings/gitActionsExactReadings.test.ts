// The exact actions read from git commands: option words that take values, clustered short flags, and test paths.
import { strict as assert } from 'node:assert';
import { gitCall, looksLikeTest } from '../../../src/core/findings/gitActions';

const words = (s: string) => s.split(' ');

const restore = (paths: string[]) => [{ kind: 'discard', what: 'git restore', sub: 'restore', paths }];
const stash = (paths: string[]) => [{ kind: 'discard', what: 'git stash', sub: 'stash', paths }];
const clean = (paths: string[]) => [{ kind: 'discard', what: 'git clean', sub: 'clean', paths }];
const checkout = (paths: string[]) => [{ kind: 'discard', what: 'git checkout', sub: 'checkout', paths }];
const force = [{ kind: 'force-push', what: 'git push --force' }];

describe('the exact actions read from a git command', () => {
  const cases: Array<[string, unknown[]]> = [
    ['git push --force-with-lease=main origin main', force],
    ['git push --mirror origin', force],
    ['git push -of origin main', []],
    ['git push +origin main', []],
    ['git push origin -o +v main', []],
    ['git push origin --push-option +v main', []],
    ['git push origin --repo +v main', []],
    ['git push origin --receive-pack +v main', []],
    ['git push origin --exec +v main', []],
    ['git reset --hard HEAD', [{ kind: 'reset-hard', what: 'git reset --hard' }]],
    ['git checkout -B name', []],
    ['git checkout --orphan name', []],
    ['git checkout --conflict merge', []],
    ['git checkout --pathspec-from-file list', []],
    ['git checkout f', checkout(['f'])],
    ['git restore -sS f', restore(['f'])],
    ['git restore -S f', []],
    ['git restore -S -sW f', []],
    ['git restore -S -W f', restore(['f'])],
    ['git restore -s HEAD f', restore(['f'])],
    ['git restore --source HEAD f', restore(['f'])],
    ['git restore --pathspec-from-file list f', restore(['f'])],
    ['git stash -m msg', stash([])],
    ['git stash push -m msg f', stash(['f'])],
    ['git stash push --message msg f', stash(['f'])],
    ['git stash push --pathspec-from-file list f', stash(['f'])],
    ['git clean x', []],
    ['git clean --force', clean([])],
    ['git clean -ef', []],
    ['git clean -f -n', []],
    ['git clean -f --dry-run', []],
    ['git clean -f -en', clean([])],
    ['git clean -f -e pat f', clean(['f'])],
    ['git clean -f --exclude pat f', clean(['f'])],
    ['git --git-dir core.hooksPath=x status', []],
    ['git -c x.core.hooksPath=y commit -m x', []],
    ['git --ccore.hooksPath=x status', []],
    ['git -c core.hooksPath=/dev/null status', [{ kind: 'no-verify', what: 'git -c core.hooksPath' }]],
  ];
  for (const [cmd, want] of cases) {
    it(`\`${cmd}\` reads as ${JSON.stringify(want)}`, () => {
      assert.deepEqual(gitCall(words(cmd))?.actions, want);
    });
  }

  it('a git call made only of options has no subcommand, no directory and no actions', () => {
    assert.deepEqual(gitCall(words('git --version')), { dir: null, sub: null, actions: [] });
  });

  it('a --git-dir value is not taken as the -C directory', () => {
    assert.deepEqual(gitCall(words('git --git-dir d status')), { dir: null, sub: 'status', actions: [] });
  });
});

describe('which paths look like tests, exactly', () => {
  const cases: Array<[string, boolean]> = [
    ['test/a.ts', true],
    ['spec/a.ts', true],
    ['a.test.t-s', false],
    ['a.test.ts', true],
    ['a_test.t-s', false],
    ['test_a.pyc', false],
  ];
  for (const [path, want] of cases) {
    it(`${path} ${want ? 'looks' : 'does not look'} like a test`, () => {
      assert.equal(looksLikeTest(path), want);
    });
  }
});
