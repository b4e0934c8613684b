// Git read past its own flags, on real repositories with a bare repository as the remote: an
// index flag or an ignore rule added after the freeze hides an edit from status, a tracking ref
// moved by hand fakes a push, a remote moved after the freeze is a finding; and the honest cases
// (committed and pushed, a flagged file that matches HEAD, build output the session never wrote,
// a rule the project always had) still read done.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commitStage, pushStage, type Stage } from '../../../src/core/tally/stages';
import { gitFindings } from '../../../src/core/tally/gitPast';
import type { GitInput } from '../../../src/core/tally/gitFacts';
import type { FileEdit } from '../../../src/core/types';
import { readGitFacts, readGitFactsAsync } from '../../../src/workspace/git';
import { gitAtFreeze, parseConfig, parseConfigFile, withChecks, withChecksAsync, type GitChecks } from '../../../src/workspace/gitPast';
import { known, sh } from './gitHelpers';

interface Lab {
  base: string;
  remote: string;
  repo: string;
  /** The seal's record, taken by `freeze()`. */
  sealed: GitChecks['sealed'];
}

const HOME_ENV = (base: string): NodeJS.ProcessEnv => ({ ...process.env, HOME: base, XDG_CONFIG_HOME: join(base, '.config') });

function git(lab: Lab, ...args: string[]): void {
  sh(lab.repo, ...args);
}

/** A repository with one commit pushed to a bare remote, its upstream set. */
function lab(): Lab {
  const base = mkdtempSync(join(tmpdir(), 'pm-gitpast-'));
  const remote = join(base, 'remote.git');
  const repo = join(base, 'repo');
  sh(base, 'init', '-q', '--bare', remote);
  sh(base, 'init', '-q', '-b', 'main', repo);
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  writeFileSync(join(repo, '.gitignore'), '.env\n');
  sh(repo, 'add', '.');
  sh(repo, 'commit', '-qm', 'one');
  sh(repo, 'remote', 'add', 'origin', remote);
  sh(repo, 'push', '-q', '-u', 'origin', 'main');
  return { base, remote, repo, sealed: null };
}

function freeze(l: Lab): void {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: l.repo, encoding: 'utf8' }).trim();
  l.sealed = { gitHead: head, git: gitAtFreeze(l.repo, HOME_ENV(l.base)) };
}

function checks(l: Lab, edited: string[]): GitChecks {
  return { edited: edited.map((p) => join(l.repo, p)), sealed: l.sealed, remote: { maxAgeMs: 0, cacheDir: null, now: Date.now() } };
}

function read(l: Lab, edited: string[]): GitInput {
  return withChecks(readGitFacts(l.repo, HOME_ENV(l.base)), checks(l, edited), HOME_ENV(l.base));
}

const edits = (l: Lab, paths: string[]): FileEdit[] => paths.map((p) => ({ path: join(l.repo, p), tool: 'Edit', at: { file: 'f', line: 1, time: '2026-12-04T00:00:00Z' } }));

function stages(l: Lab, edited: string[]): { commit: Stage; push: Stage; kinds: string[]; messages: string[] } {
  const g = read(l, edited);
  const f = known(g);
  const found = gitFindings(f);
  return { commit: commitStage(g, edits(l, edited)), push: pushStage(g), kinds: found.map((x) => x.kind), messages: found.map((x) => x.message) };
}

function workDone(l: Lab, file = 'a.txt'): void {
  writeFileSync(join(l.repo, file), 'the work\n');
}

describe("the repository's config read as a file, or by git where the file reading does not cover it", () => {
  const git = (text: string) => execFileSync('git', ['config', '-z', '--file', '-', '--get-regexp', '^(remote\\..*\\.url|branch\\..*\\.(remote|merge))$'], { input: text, encoding: 'utf8' });
  const plain = '[core]\n\tbare = false\n[remote "origin"]\n\turl = /srv/a.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[remote "my.fork"]\n\turl = git@host:me/a.git ; a comment\n[branch "feat/x.y"]\n\tremote = origin\n\tmerge = refs/heads/feat/x.y\n';
  it('a plain file gives what git gives: remotes with dots, branches with slashes, comments dropped', () => {
    const mine = parseConfigFile(plain);
    assert.ok(mine);
    const theirs = parseConfig(git(plain));
    assert.deepEqual({ ...mine, excludesFile: null }, { ...theirs, excludesFile: null });
    assert.deepEqual(mine.remotes, [{ name: 'origin', url: '/srv/a.git' }, { name: 'my.fork', url: 'git@host:me/a.git' }]);
  });
  const notCovered: Array<[string, string]> = [
    ['an include', '[include]\n\tpath = other\n'],
    ['an includeIf', '[includeIf "gitdir:/x/"]\n\tpath = other\n'],
    ['a quoted value', '[remote "origin"]\n\turl = "/srv/a b.git"\n'],
    ['a value continued on the next line', '[remote "origin"]\n\turl = /srv/\\\n\ta.git\n'],
    ['an old-style subsection', '[remote.origin]\n\turl = /srv/a.git\n'],
  ];
  for (const [name, text] of notCovered) {
    it(`${name}: left to git`, () => assert.equal(parseConfigFile(text), null));
  }
});

describe('git read past its own flags', function () {
  this.timeout(20_000);

  describe('honest sessions still read done', () => {
    it('an edit committed and pushed reads commit done and push done, with no finding', () => {
      const l = lab();
      freeze(l);
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'push', '-q');
      const s = stages(l, ['a.txt']);
      assert.deepEqual([s.commit.state, s.push.state, s.kinds], ['done', 'done', []]);
    });

    it('a flagged file whose bytes match HEAD is committed', () => {
      const l = lab();
      freeze(l);
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'push', '-q');
      git(l, 'update-index', '--assume-unchanged', 'a.txt');
      assert.equal(stages(l, ['a.txt']).commit.state, 'done');
      git(l, 'update-index', '--no-assume-unchanged', 'a.txt');
      git(l, 'update-index', '--skip-worktree', 'a.txt');
      assert.equal(stages(l, ['a.txt']).commit.state, 'done');
    });

    it("a sparse checkout's skip-worktree file missing from the disk is no change", () => {
      const l = lab();
      freeze(l);
      git(l, 'update-index', '--skip-worktree', 'a.txt');
      rmSync(join(l.repo, 'a.txt'));
      assert.equal(stages(l, ['a.txt']).commit.state, 'done');
    });

    it('build output the session never wrote does not count, though a rule added after the freeze ignores it', () => {
      const l = lab();
      freeze(l);
      workDone(l, 'src.txt');
      mkdirSync(join(l.repo, 'dist'));
      writeFileSync(join(l.repo, 'dist', 'out.js'), 'built\n');
      writeFileSync(join(l.repo, '.gitignore'), '.env\ndist/\n');
      git(l, 'add', '.');
      git(l, 'commit', '-qm', 'work');
      git(l, 'push', '-q');
      const s = stages(l, ['src.txt']);
      assert.deepEqual([s.commit.state, s.push.state, s.kinds], ['done', 'done', []]);
    });

    it('a file a rule that stood at the freeze ignores (a .env) is the project’s choice, not hidden work', () => {
      const l = lab();
      freeze(l);
      writeFileSync(join(l.repo, '.env'), 'TOKEN=x\n');
      const s = stages(l, ['.env']);
      assert.deepEqual([s.commit.state, s.kinds], ['done', []]);
    });

    it('a remote that moved on past HEAD (someone pushed after) still holds HEAD', () => {
      const l = lab();
      freeze(l);
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'push', '-q');
      const other = join(l.base, 'other');
      sh(l.base, 'clone', '-q', l.remote, other);
      writeFileSync(join(other, 'b.txt'), 'b\n');
      sh(other, 'add', '.');
      sh(other, 'commit', '-qm', 'theirs');
      sh(other, 'push', '-q');
      git(l, 'fetch', '-q');
      assert.equal(stages(l, ['a.txt']).push.state, 'done');
    });
  });

  describe('an index flag on an edited file', () => {
    for (const flag of ['assume-unchanged', 'skip-worktree'] as const) {
      it(`--${flag} on an edit never committed: commit under way, named, and a finding`, () => {
        const l = lab();
        freeze(l);
        workDone(l);
        git(l, 'update-index', `--${flag}`, 'a.txt');
        assert.deepEqual(known(readGitFacts(l.repo)).dirty, [], 'git status no longer shows it');
        const s = stages(l, ['a.txt']);
        assert.equal(s.commit.state, 'under way');
        assert.equal(s.commit.detail, `1 uncommitted (a.txt: ${flag})`);
        assert.deepEqual(s.kinds, ['edit-hidden-from-git']);
      });
    }

    it('an assume-unchanged file the session deleted is uncommitted too', () => {
      const l = lab();
      freeze(l);
      git(l, 'update-index', '--assume-unchanged', 'a.txt');
      rmSync(join(l.repo, 'a.txt'));
      assert.equal(stages(l, ['a.txt']).commit.state, 'under way');
    });
  });

  describe('an ignore rule added after the freeze', () => {
    const cases: Array<[string, (l: Lab) => void, RegExp]> = [
      ['.git/info/exclude', (l) => writeFileSync(join(l.repo, '.git', 'info', 'exclude'), '# local\nnew.ts\n'), /new\.ts: ignored by \.git\/info\/exclude:2:new\.ts/],
      [
        'core.excludesFile',
        (l) => {
          writeFileSync(join(l.base, 'global-ignore'), '*.ts\n');
          git(l, 'config', 'core.excludesFile', join(l.base, 'global-ignore'));
        },
        /new\.ts: ignored by .*global-ignore:1:\*\.ts/,
      ],
      [
        'a .gitignore changed and committed',
        (l) => {
          writeFileSync(join(l.repo, '.gitignore'), '.env\nnew.ts\n');
          git(l, 'commit', '-qam', 'ignore');
        },
        /new\.ts: ignored by \.gitignore:2:new\.ts/,
      ],
      [
        'a .gitignore added in a folder',
        (l) => {
          mkdirSync(join(l.repo, 'lib'), { recursive: true });
          writeFileSync(join(l.repo, 'lib', '.gitignore'), '*\n');
        },
        /lib\/new\.ts: ignored by lib\/\.gitignore:1:\*/,
      ],
    ];
    for (const [name, hide, detail] of cases) {
      it(`a new file the session wrote, hidden by ${name}: commit under way, the rule named`, () => {
        const l = lab();
        freeze(l);
        const file = name.includes('folder') ? 'lib/new.ts' : 'new.ts';
        mkdirSync(join(l.repo, 'lib'), { recursive: true });
        hide(l);
        writeFileSync(join(l.repo, file), 'export {}\n');
        assert.deepEqual(known(readGitFacts(l.repo, HOME_ENV(l.base))).dirty.filter((p) => p.endsWith('new.ts')), [], 'git status no longer shows it');
        const s = stages(l, [file]);
        assert.equal(s.commit.state, 'under way');
        assert.match(s.commit.detail, detail);
        assert.deepEqual(s.kinds, ['edit-hidden-from-git']);
      });
    }
  });

  describe('push read from the remote itself', () => {
    it('a tracking ref moved by hand after a failed push: push waits, the remote lacks HEAD', () => {
      const l = lab();
      freeze(l);
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
      assert.equal(known(readGitFacts(l.repo)).ahead, 0, 'status reads it pushed');
      const s = stages(l, ['a.txt']);
      assert.deepEqual([s.commit.state, s.push.state], ['done', 'waiting']);
      assert.match(s.push.detail, /^unpushed: the remote's refs\/heads\/main lacks HEAD$/);
    });

    it('a branch the remote does not have: push waits', () => {
      const l = lab();
      freeze(l);
      git(l, 'checkout', '-qb', 'feature');
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'config', 'branch.feature.remote', 'origin');
      git(l, 'config', 'branch.feature.merge', 'refs/heads/feature');
      git(l, 'update-ref', 'refs/remotes/origin/feature', 'HEAD');
      assert.match(stages(l, ['a.txt']).push.detail, /refs\/heads\/feature is not on the remote/);
    });

    it('an unreachable remote is push unverified, and it waits', () => {
      const l = lab();
      freeze(l);
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'push', '-q');
      renameSync(l.remote, l.remote + '.gone');
      const s = stages(l, ['a.txt']);
      assert.equal(s.push.state, 'waiting');
      assert.match(s.push.detail, /^push unverified \(exit 128\)$/);
    });

    it('a remote that hangs is cut off at the time limit: push unverified (timeout)', () => {
      const l = lab();
      git(l, 'remote', 'set-url', 'origin', 'ssh://nowhere.invalid/r.git');
      freeze(l);
      // An ssh that never answers (it ends by itself soon after, so the test leaves nothing running).
      const hang = join(l.base, 'hang.sh');
      writeFileSync(hang, '#!/bin/sh\nsleep 6\n', { mode: 0o755 });
      const env = { ...HOME_ENV(l.base), GIT_SSH_COMMAND: hang };
      const t0 = Date.now();
      const g = withChecks(readGitFacts(l.repo, env), checks(l, []), env);
      assert.ok(Date.now() - t0 < 6000, `took ${Date.now() - t0} ms`);
      assert.deepEqual(pushStage(g), { name: 'push', state: 'waiting', detail: 'push unverified (timeout)' });
    });

    const moved: Array<[string, (l: Lab) => void, RegExp]> = [
      ['removed', (l) => git(l, 'remote', 'remove', 'origin'), /remote origin \(.*remote\.git\) was removed/],
      ['renamed', (l) => git(l, 'remote', 'rename', 'origin', 'backup'), /remote origin \(.*\) was renamed backup/],
      [
        'pointed at another repository',
        (l) => {
          sh(l.base, 'clone', '-q', '--bare', l.repo, join(l.base, 'fake.git'));
          git(l, 'remote', 'set-url', 'origin', join(l.base, 'fake.git'));
          git(l, 'push', '-q');
        },
        /remote origin now points at .*fake\.git/,
      ],
      [
        'replaced as the branch’s upstream by a new remote',
        (l) => {
          sh(l.base, 'init', '-q', '--bare', join(l.base, 'fake.git'));
          git(l, 'remote', 'add', 'fake', join(l.base, 'fake.git'));
          git(l, 'push', '-q', '-u', 'fake', 'main');
        },
        /the branch now pushes to fake, not origin/,
      ],
    ];
    for (const [name, move, message] of moved) {
      it(`a push remote ${name} after the freeze is a push-remote-changed error, and push waits (never skipped)`, () => {
        const l = lab();
        freeze(l);
        workDone(l);
        git(l, 'commit', '-qam', 'work');
        move(l);
        const g = known(read(l, ['a.txt']));
        const s = pushStage(g);
        assert.equal(s.state, 'waiting');
        assert.match(s.detail, /^push remote changed: /);
        const f = gitFindings(g).filter((x) => x.kind === 'push-remote-changed');
        assert.equal(f.length, 1);
        assert.equal(f[0]!.severity, 'error');
        assert.match(f[0]!.message, message);
      });
    }

    it('no remote at the freeze and none now: push is skipped, no finding', () => {
      const base = mkdtempSync(join(tmpdir(), 'pm-gitpast-'));
      const repo = join(base, 'repo');
      sh(base, 'init', '-q', '-b', 'main', repo);
      writeFileSync(join(repo, 'a.txt'), 'a\n');
      sh(repo, 'add', '.');
      sh(repo, 'commit', '-qm', 'one');
      const l: Lab = { base, remote: '', repo, sealed: null };
      freeze(l);
      const s = stages(l, ['a.txt']);
      assert.deepEqual([s.push, s.kinds], [{ name: 'push', state: 'skipped', detail: 'no remote' }, []]);
    });

    it('the status line reuses an answer while HEAD and the tracking ref stand, and asks again when either moves', async () => {
      const l = lab();
      freeze(l);
      const cacheDir = join(l.base, 'cache');
      const opts = (now: number): GitChecks => ({ edited: [], sealed: l.sealed, remote: { maxAgeMs: 60_000, cacheDir, now } });
      const t0 = Date.now();
      const first = await withChecksAsync(readGitFactsAsync(l.repo), opts(t0));
      assert.equal(pushStage(first).state, 'done');
      renameSync(l.remote, l.remote + '.gone');
      assert.equal(pushStage(await withChecksAsync(readGitFactsAsync(l.repo), opts(t0 + 1000))).state, 'done', 'within the age: reused');
      assert.match(pushStage(await withChecksAsync(readGitFactsAsync(l.repo), opts(t0 + 61_000))).detail, /push unverified/, 'past the age: asked');
      renameSync(l.remote + '.gone', l.remote);
      await withChecksAsync(readGitFactsAsync(l.repo), opts(t0 + 62_000));
      workDone(l);
      git(l, 'commit', '-qam', 'work');
      git(l, 'update-ref', 'refs/remotes/origin/main', 'HEAD');
      assert.equal(pushStage(await withChecksAsync(readGitFactsAsync(l.repo), opts(t0 + 63_000))).state, 'waiting', 'a moved HEAD and tracking ref: asked again');
    });
  });
});
