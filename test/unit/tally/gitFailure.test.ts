// A git that fails in a real repository must never read as "not a repository": commit and push
// wait, named with the reason, and the stop gate and the status line agree that the goal is open.
import { strict as assert } from 'node:assert';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { failureReason, readGitFacts, readGitFactsAsync } from '../../../src/workspace/git';
import { readGitFactsCached } from '../../../src/workspace/gitCache';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { z } from 'zod';
import { cli } from '../helpers/cli';
import { blockReason, addSession, freeze, gate, MAIN_PLAN, payload, workspace, type Workspace } from '../hooks/helpers';
import { known, sh } from './gitHelpers';

/** MAIN_PLAN with its failing and unrun items left out: done once git agrees. */
const DONE_PLAN = MAIN_PLAN.replace(/\n- \*\*S2\.\*\*.*\n/, '\n').replace(/\n- \*\*V2\.\*\*.*\n?/, '\n');

/** A folder on PATH with no git in it. */
const NO_GIT_PATH = mkdtempSync(join(tmpdir(), 'pm-nogit-bin-'));

/** A goal workspace that is a git repository with everything committed. */
function repoWorkspace(): Workspace {
  const w = workspace();
  sh(w.ws, 'init', '-q', '-b', 'main');
  addSession(w, 'main');
  freeze(w, DONE_PLAN);
  sh(w.ws, 'add', 'PLAN.md');
  sh(w.ws, 'commit', '-qm', 'plan');
  // No global or system config: nothing may mark the repository safe behind the test's back.
  w.env = { ...w.env, GIT_CONFIG_NOSYSTEM: '1' };
  return w;
}

/** Enough untracked files that `git status` prints over 1 MB (Node's default maxBuffer). */
function manyFiles(dir: string): number {
  const n = 5000;
  mkdirSync(join(dir, 'gen'));
  for (let i = 0; i < n; i++) writeFileSync(join(dir, 'gen', `${String(i).padStart(5, '0')}-${'x'.repeat(220)}`), '');
  return n;
}

/** Dirty paths but the meter's own state, which the commit stage leaves out too. */
function work(dirty: string[]): string[] {
  return dirty.filter((p) => !p.startsWith('.claude/proofmeter/'));
}

function stage(t: ReturnType<typeof tallyWorkspace>, name: 'commit' | 'push') {
  return t.stages.find((s) => s.name === name)!;
}

describe('git failures in a repository', () => {
  describe('the reason, from real child_process errors of both APIs', () => {
    const runs: Array<{ why: string; cmd: string; args: string[]; opts: { timeout?: number; maxBuffer?: number }; want: string }> = [
      { why: 'a missing program is "not found"', cmd: 'pm-no-such-program', args: [], opts: {}, want: 'not found' },
      { why: 'a slow one is "timeout"', cmd: 'sleep', args: ['5'], opts: { timeout: 100 }, want: 'timeout' },
      { why: 'too much output is "output too large"', cmd: process.execPath, args: ['-e', 'process.stdout.write("x".repeat(3e6))'], opts: { maxBuffer: 1 << 20 }, want: 'output too large' },
      { why: 'a non-zero exit names the code', cmd: process.execPath, args: ['-e', 'process.exit(3)'], opts: {}, want: 'exit 3' },
      {
        why: 'a refusal for dubious ownership says so',
        cmd: process.execPath,
        args: ['-e', 'console.error("fatal: detected dubious ownership in repository at \'/x\'"); process.exit(128)'],
        opts: {},
        want: 'exit 128 (dubious ownership)',
      },
    ];
    for (const r of runs) {
      it(`${r.why} (execFileSync)`, () => {
        let reason = 'no error';
        try {
          execFileSync(r.cmd, r.args, { ...r.opts, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        } catch (e) {
          reason = failureReason(e as object, (e as { stderr?: string }).stderr ?? '');
        }
        assert.equal(reason, r.want);
      });
      it(`${r.why} (execFile)`, async () => {
        const reason = await new Promise<string>((resolve) =>
          execFile(r.cmd, r.args, { ...r.opts, encoding: 'utf8' }, (err, _out, stderr) => resolve(err ? failureReason(err, stderr) : 'no error')),
        );
        assert.equal(reason, r.want);
      });
    }
  });

  describe('reading git', () => {
    it('a folder with no repository above it is the only null', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pm-norepo-'));
      assert.equal(readGitFacts(dir, { PATH: NO_GIT_PATH }), null);
      assert.equal(await readGitFactsAsync(dir, { PATH: NO_GIT_PATH }), null);
    });

    it('git missing from PATH in a repository is unknown, not "no repository"', async () => {
      const w = repoWorkspace();
      const env = { ...w.env, PATH: NO_GIT_PATH };
      assert.deepEqual(readGitFacts(w.ws, env), { unknown: 'git failed: not found' });
      assert.deepEqual(await readGitFactsAsync(w.ws, env), { unknown: 'git failed: not found' });
    });

    it('a repository owned by another user is unknown, named as dubious ownership', async () => {
      const w = repoWorkspace();
      execFileSync('chown', ['-R', '12345', w.ws]);
      const want = { unknown: 'git failed: exit 128 (dubious ownership)' };
      assert.deepEqual(readGitFacts(w.ws, w.env), want);
      assert.deepEqual(await readGitFactsAsync(w.ws, w.env), want);
    });

    it('a status over 1 MB is read whole, the same by the sync and the async call', async function () {
      this.timeout(20_000);
      const w = repoWorkspace();
      const n = manyFiles(w.ws);
      const printed = execFileSync('git', ['status', '--porcelain=v2', '-z', '--untracked-files=all'], { cwd: w.ws, maxBuffer: 64 << 20 }).length;
      assert.ok(printed > 1 << 20, `git printed ${printed} bytes, not over 1 MB`);
      const sync = known(readGitFacts(w.ws, w.env));
      assert.equal(sync.dirty.filter((p) => p.startsWith('gen/')).length, n);
      assert.deepEqual(known(await readGitFactsAsync(w.ws, w.env)), sync);
    });
  });

  describe('the stop gate and the tally', () => {
    const cases: Array<{ name: string; setUp: (w: Workspace) => NodeJS.ProcessEnv; commit: { state: string; detail: RegExp } }> = [
      {
        name: 'git missing from PATH: commit and push wait on "git failed: not found", and the stop is blocked',
        setUp: (w) => ({ ...w.env, PATH: NO_GIT_PATH }),
        commit: { state: 'waiting', detail: /^git failed: not found$/ },
      },
      {
        name: 'a repository owned by another user: commit waits on dubious ownership, and the stop is blocked',
        setUp: (w) => {
          execFileSync('chown', ['-R', '12345', w.ws]);
          return w.env;
        },
        commit: { state: 'waiting', detail: /^git failed: exit 128 \(dubious ownership\)$/ },
      },
      {
        name: 'a status over 1 MB: the untracked files hold the commit back, and the stop is blocked',
        setUp: (w) => {
          manyFiles(w.ws);
          return w.env;
        },
        commit: { state: 'under way', detail: /^5000 uncommitted$/ },
      },
    ];
    for (const c of cases) {
      it(c.name, async function () {
        this.timeout(20_000);
        const w = repoWorkspace();
        const env = c.setUp(w);
        const t = tallyWorkspace({ cwd: w.ws, env });
        assert.equal(stage(t, 'commit').state, c.commit.state);
        assert.match(stage(t, 'commit').detail, c.commit.detail);
        if (c.commit.state === 'waiting') assert.deepEqual(stage(t, 'push'), { name: 'push', state: 'waiting', detail: stage(t, 'commit').detail });
        assert.equal(t.verdict, 'not-done');
        const stop = await gate('stop', payload('stop-first', { cwd: w.ws }), w, { env });
        assert.equal(stop.json?.decision, 'block');
        assert.match(blockReason(stop), new RegExp(`\\n- commit: ${c.commit.detail.source.slice(1, -1)}\\n`));
        const line = await cli(['statusline'], { cwd: w.ws, env, stdin: JSON.stringify({ workspace: { project_dir: w.ws } }) });
        assert.match(line.out, /· commit [○◐]/, 'the status line agrees with the stop gate');
      });
    }

    it('a clean repository read by git lets the stop through (so each case above is git’s doing)', async () => {
      const w = repoWorkspace();
      const t = tallyWorkspace({ cwd: w.ws, env: w.env });
      assert.deepEqual([stage(t, 'commit').state, stage(t, 'push').state, t.verdict, t.reverify?.state], ['done', 'skipped', 'not-done', 'awaiting']);
      const stop = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      assert.equal(stop.json, null);
      // The gate's own re-run passed for this content: that is what makes the verdict.
      assert.equal(tallyWorkspace({ cwd: w.ws, env: w.env }).verdict, 'done');
    });
  });

  describe("the status line's git.json", () => {
    /** The entry the old cache would have taken as fresh: same stamp, written a moment ago. */
    function handWritten(w: Workspace, entry: (stamp: string) => unknown): void {
      const m = (p: string) => String(statSync(join(w.ws, '.git', p)).mtimeMs);
      const dir = join(w.ws, '.claude', 'proofmeter', 'scan');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'git.json'), JSON.stringify(entry(`${w.ws}:${m('index')}:${m('HEAD')}`)));
    }
    const clean = (root: string) => ({ root, dirty: [], hasRemote: false, upstream: null, ahead: 0 });
    const entries: Array<{ name: string; entry: (stamp: string, root: string) => unknown }> = [
      { name: 'facts null while a repository exists', entry: (stamp) => ({ at: Date.now(), stamp, facts: null }) },
      { name: 'facts of the wrong shape', entry: (stamp, root) => ({ version: 3, at: Date.now(), stamp, facts: { root } }) },
      { name: 'an entry of the old version', entry: (stamp, root) => ({ at: Date.now(), stamp, facts: clean(root) }) },
      { name: 'facts of another folder', entry: (stamp) => ({ version: 3, at: Date.now(), stamp, facts: clean('/elsewhere') }) },
    ];
    for (const e of entries) {
      it(`${e.name} is discarded and git asked again: an uncommitted file shows as commit ◐`, async () => {
        const w = repoWorkspace();
        writeFileSync(join(w.ws, 'work.txt'), 'not committed\n');
        handWritten(w, (stamp) => e.entry(stamp, w.ws));
        const line = await cli(['statusline'], { cwd: w.ws, env: w.env, stdin: JSON.stringify({ workspace: { project_dir: w.ws } }) });
        assert.match(line.out, /· commit ◐/);
        assert.doesNotMatch(line.out, /all done/);
        // scan/git.json (src/workspace/gitCache.ts), as far as this test reads it.
        const saved = z.object({ version: z.number(), facts: z.object({ dirty: z.array(z.string()) }).passthrough() }).passthrough().parse(JSON.parse(readFileSync(join(w.ws, '.claude', 'proofmeter', 'scan', 'git.json'), 'utf8')));
        assert.deepEqual([saved.version, work(saved.facts.dirty)], [3, ['work.txt']], 'the fresh answer replaced it');
      });
    }

    it('a failure is not saved: the next call asks git again', async () => {
      const w = repoWorkspace();
      const cache = join(w.ws, '.claude', 'proofmeter', 'scan');
      const t0 = Date.now();
      assert.deepEqual(await readGitFactsCached(w.ws, cache, 5000, t0, { ...w.env, PATH: NO_GIT_PATH }), { unknown: 'git failed: not found' });
      assert.equal(existsSync(join(cache, 'git.json')), false, 'nothing saved');
      assert.deepEqual(work(known(await readGitFactsCached(w.ws, cache, 5000, t0 + 1, w.env)).dirty), []);
    });

    it('outside a repository there is nothing to save', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pm-norepo-'));
      assert.equal(await readGitFactsCached(dir, join(dir, 'cache'), 5000), null);
      assert.throws(() => statSync(join(dir, 'cache')));
    });
  });
});
