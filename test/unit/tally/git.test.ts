// Git facts from a real repository: dirty files, upstream, ahead count, no remote.
import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGitFacts } from '../../../src/workspace/git';
import { known, sh } from './gitHelpers';

describe('git facts', () => {
  it('outside a repository there are none', () => {
    assert.equal(readGitFacts(mkdtempSync(join(tmpdir(), 'pm-nogit-'))), null);
  });

  it('reads dirty, renamed and untracked files, upstream and ahead', () => {
    const base = mkdtempSync(join(tmpdir(), 'pm-git-'));
    const remote = join(base, 'remote.git');
    const repo = join(base, 'repo');
    sh(base, 'init', '-q', '--bare', remote);
    sh(base, 'init', '-q', '-b', 'main', repo);
    writeFileSync(join(repo, 'a.txt'), 'a\n');
    writeFileSync(join(repo, 'b c.txt'), 'b\n');
    sh(repo, 'add', '.');
    sh(repo, 'commit', '-qm', 'one');
    let f = known(readGitFacts(repo));
    assert.deepEqual({ dirty: f.dirty, upstream: f.upstream, hasRemote: f.hasRemote }, { dirty: [], upstream: null, hasRemote: false });
    sh(repo, 'remote', 'add', 'origin', remote);
    sh(repo, 'push', '-q', '-u', 'origin', 'main');
    f = known(readGitFacts(repo));
    assert.deepEqual({ upstream: f.upstream, ahead: f.ahead, hasRemote: f.hasRemote }, { upstream: 'origin/main', ahead: 0, hasRemote: true });
    writeFileSync(join(repo, 'a.txt'), 'changed\n');
    writeFileSync(join(repo, 'new file.txt'), 'n\n');
    sh(repo, 'mv', 'b c.txt', 'd e.txt');
    f = known(readGitFacts(repo));
    assert.deepEqual([...f.dirty].sort(), ['a.txt', 'd e.txt', 'new file.txt']);
    sh(repo, 'add', '.');
    sh(repo, 'commit', '-qm', 'two');
    f = known(readGitFacts(repo));
    assert.deepEqual({ dirty: f.dirty, ahead: f.ahead }, { dirty: [], ahead: 1 });
  });
});
