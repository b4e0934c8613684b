// The words of a git command that skip the hooks: `-n` clustered after a short option that takes the
// rest of the word as its value (`-mnice`) is part of the message, not --no-verify; and a push with
// --no-verify is named as such.
import { strict as assert } from 'node:assert';
import { gitCall, type GitAction } from '../../../src/core/findings/gitActions';

describe('the hook-skipping words of git commit and push', () => {
  const cases: Array<[string, GitAction[]]> = [
    ['git commit -mnice', []],
    ['git commit -Fn.txt', []],
    ['git commit -Cnext', []],
    ['git commit -anm x', [{ kind: 'no-verify', what: 'git commit --no-verify' }]],
    ['git push --no-verify', [{ kind: 'no-verify', what: 'git push --no-verify' }]],
    ['git push --no-verify --force', [{ kind: 'no-verify', what: 'git push --no-verify' }, { kind: 'force-push', what: 'git push --force' }]],
  ];
  for (const [command, want] of cases) {
    it(`${command} does ${want.length ? want.map((a) => a.what).join(' and ') : 'nothing the meter cares about'}`, () => {
      assert.deepEqual(gitCall(command.split(' '))?.actions, want);
    });
  }
});
