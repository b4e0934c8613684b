// How the remotes moved since the freeze, decided in core from what the workspace read: only a
// remote the seal recorded can be removed, renamed or re-pointed; a remote added after the freeze
// is no change unless the branch now pushes to it; nothing recorded is nothing compared.
import { strict as assert } from 'node:assert';
import { countsAsUncommitted, remoteChanges } from '../../../src/core/tally/gitPast';
import type { RemoteCheck, RemotesAtFreeze } from '../../../src/core/tally/gitFacts';

const origin = { name: 'origin', url: '/srv/a.git' };
const fork = { name: 'fork', url: '/srv/fork.git' };
const at = (remotes: RemotesAtFreeze['remotes'], upstream: string | null): RemotesAtFreeze => ({ remotes, upstream });
const now = (recorded: RemotesAtFreeze | null, remotes: RemoteCheck['remotes'], upstreamRemote: string | null): RemoteCheck => ({ recorded, remotes, upstreamRemote, answer: null });

describe('the push remote against the one recorded at the freeze', () => {
  const cases: Array<[string, RemoteCheck, string[]]> = [
    ['as recorded: no change', now(at([origin], 'origin'), [origin], 'origin'), []],
    ['nothing recorded (an older seal, given files): nothing compared', now(null, [], null), []],
    ['no remote at the freeze, one added and pushed to since: no change (push was skipped then)', now(at([], null), [origin], 'origin'), []],
    ['a remote added after the freeze the branch does not push to: no change', now(at([origin], 'origin'), [origin, fork], 'origin'), []],
    ['the recorded remote removed', now(at([origin], 'origin'), [], null), ['removed:origin']],
    ['the recorded remote renamed (same URL, a new name): one change, not also a moved upstream', now(at([origin], 'origin'), [{ name: 'backup', url: origin.url }], 'backup'), ['renamed:origin']],
    ['the recorded remote pointed elsewhere', now(at([origin], 'origin'), [{ name: 'origin', url: '/tmp/mine.git' }], 'origin'), ['url-changed:origin']],
    ['the branch now pushes to a remote added after the freeze', now(at([origin], 'origin'), [origin, fork], 'fork'), ['upstream-moved:origin']],
    ['the branch had no upstream at the freeze and now pushes to a remote added since', now(at([origin], null), [origin, fork], 'fork'), ['upstream-moved:(none)']],
    ['the branch had no upstream at the freeze and now pushes to a recorded remote: no change', now(at([origin, fork], null), [origin, fork], 'fork'), []],
  ];
  for (const [name, check, want] of cases) {
    it(name, () => assert.deepEqual(remoteChanges(check).map((c) => `${c.kind}:${c.name}`), want));
  }
});

describe('which hidden edits count as uncommitted', () => {
  const cases: Array<[string, Parameters<typeof countsAsUncommitted>[0], boolean]> = [
    ['a flag always counts', { path: 'a', by: 'assume-unchanged', rule: null, ruleAtFreeze: false }, true],
    ['skip-worktree counts', { path: 'a', by: 'skip-worktree', rule: null, ruleAtFreeze: false }, true],
    ['a rule added after the freeze counts', { path: 'a', by: 'ignored', rule: '.gitignore:2:a', ruleAtFreeze: false }, true],
    ['a rule the project had at the freeze does not (a .env it always ignored)', { path: '.env', by: 'ignored', rule: '.gitignore:1:.env', ruleAtFreeze: true }, false],
  ];
  for (const [name, h, want] of cases) {
    it(name, () => assert.equal(countsAsUncommitted(h), want));
  }
});
