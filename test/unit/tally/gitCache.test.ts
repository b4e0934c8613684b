import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGitFactsCached } from '../../../src/workspace/gitCache';
import { known, sh as git } from './gitHelpers';

describe('git facts cache (status line only)', () => {
  it('reuses recent facts, and asks again when they are old or the index moved', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'pm-gitcache-'));
    const cache = join(repo, 'cache');
    git(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'a.txt'), 'a');
    const t0 = Date.now();
    const first = known(await readGitFactsCached(repo, cache, 5000, t0));
    assert.ok(first.dirty.includes('a.txt'));
    writeFileSync(join(repo, 'b.txt'), 'b');
    assert.deepEqual(known(await readGitFactsCached(repo, cache, 5000, t0 + 1000)).dirty, first.dirty, 'within the age limit: reused');
    assert.ok(known(await readGitFactsCached(repo, cache, 5000, t0 + 6000)).dirty.includes('b.txt'), 'past the limit: asked again');
    git(repo, 'add', 'a.txt', 'b.txt');
    git(repo, 'commit', '-qm', 'x');
    assert.deepEqual(known(await readGitFactsCached(repo, cache, 5000, t0 + 6500)).dirty.filter((p) => !p.startsWith('cache/')), [], 'a commit moves the index: asked again');
  });
});
