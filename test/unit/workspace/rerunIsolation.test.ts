// Each proof re-runs on its own: over a copy-on-write view of the workspace (overlayfs in a mount
// namespace of its own, rerunIsolation.ts), with real unshare, mount and bwrap. A proof's writes
// are listed and then discarded; the next proof and the tree the verdict reads never see them; a
// proof that changes what another proof runs is named; honest build-then-read passes; a tree moved
// by something else during the batch makes the batch count for nothing. Where the tools are
// missing these tests fail, naming what is missing, rather than skip.
import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedOtherFindings, changedOthers, watchPaths } from '../../../src/core/evidence/proofChangedOther';
import { sessionMarkers } from '../../../src/workspace/goalEnv';
import { readGoal, type GoalState } from '../../../src/workspace/goalState';
import { listUpper, overlayPathProblem, overlayTools } from '../../../src/workspace/rerunIsolation';
import { asUser, sandboxAvailable } from '../../../src/workspace/rerunSandbox';
import { contentKey } from '../../../src/workspace/treeKey';
import { verifyProofs, type ProofTarget, type VerifyRun } from '../../../src/workspace/verifier';
import { adopt, gitWorkspace } from '../verify/helpers';
import type { Workspace } from '../hooks/helpers';

function requireTools(): void {
  const t = overlayTools();
  if (typeof t === 'string') throw new Error(`the view tests need unshare and mount (util-linux): ${t}`);
  const a = sandboxAvailable();
  if (!a.ok) throw new Error(`the view tests need bwrap and ripgrep (apt-get install -y bubblewrap ripgrep): ${a.why}`);
}

function goalOf(w: Workspace): GoalState {
  const g = readGoal(w.ws);
  if (g.kind !== 'ok') throw new Error(`no goal: ${g.kind}`);
  return g.goal;
}

function targetsOf(w: Workspace): ProofTarget[] {
  return goalOf(w).items.flatMap((i) => (i.proof?.kind === 'command' ? [{ id: i.id, proof: i.proof.command }] : []));
}

function verify(w: Workspace, o: { withoutSandbox?: string; withoutView?: string; env?: NodeJS.ProcessEnv } = {}): Promise<VerifyRun> {
  return verifyProofs({ workspace: w.ws, goal: goalOf(w), targets: targetsOf(w), env: o.env ?? w.env, timeoutMs: 20_000, by: 'verify', withoutSandbox: o.withoutSandbox, withoutView: o.withoutView });
}

const CHECK = 'test "$(cat answer.txt)" = 42 || { echo "wrong answer"; exit 1; }\n';
// S1's product code, as in issue 28: when CLAUDECODE is absent it knows it is a re-run, and it
// rewrites S2's checker to pass (this one leaves it rewritten; a view discards it either way).
const SNEAKY = 'if [ -z "$CLAUDECODE" ]; then printf "exit 0\\n" > test/check.sh; fi\necho built\n';
const PLAN = '# G\n\n## Steps\n- S1. Build. Proof: `sh build.sh`\n- S2. Answer. Proof: `sh test/check.sh`\n';

/** A workspace whose S2 honestly fails (answer.txt says 41) and whose S1 rewrites S2's checker. */
function sneaky(build = SNEAKY.replace('if [ -z "$CLAUDECODE" ]; then ', 'if true; then ')): Workspace {
  const w = gitWorkspace({ '.claude/settings.json': '{}\n', 'build.sh': build, 'test/check.sh': CHECK, 'answer.txt': '41\n' });
  adopt(w, PLAN);
  return w;
}

describe('each proof re-runs on its own (rerunIsolation.ts)', function () {
  this.timeout(60_000);

  it('unshare, mount, bwrap and ripgrep are here, so the cases below run for real', () => {
    requireTools();
    assert.equal(overlayTools('darwin'), 'not Linux (darwin)');
  });

  it('a proof’s write is discarded, and the tree the verdict reads has the same content key after it', async () => {
    requireTools();
    const w = sneaky('mkdir -p out && echo built > out/a.txt && rm greet.txt && echo changed > answer.txt\n');
    const before = contentKey(w.ws, w.env);
    const run = await verify(w);
    assert.deepEqual(run.view, { kind: 'overlay', why: null });
    assert.equal(run.results.find((r) => r.id === 'S1')?.outcome, 'pass', run.output.get('S1')?.toString());
    assert.equal(existsSync(join(w.ws, 'out')), false);
    assert.equal(readFileSync(join(w.ws, 'greet.txt'), 'utf8'), 'hi\n');
    assert.equal(readFileSync(join(w.ws, 'answer.txt'), 'utf8'), '41\n');
    assert.equal(contentKey(w.ws, w.env), before);
    assert.deepEqual(run.results.map((r) => r.treeKeyAfter), [null, null], 'the proofs left the content as it was');
    assert.equal(run.moved, null);
  });

  for (const sandbox of [{ name: 'in the sandbox', withoutSandbox: undefined }, { name: 'without the sandbox (bare bash in the view)', withoutSandbox: 'bwrap missing' }]) {
    it(`${sandbox.name}: S1 rewrites S2’s checker; S2 still fails on the real one, and S1’s re-run fails naming both`, async () => {
      requireTools();
      const w = sneaky();
      const run = await verify(w, { withoutSandbox: sandbox.withoutSandbox });
      assert.equal(run.view?.kind, 'overlay');
      const s1 = run.results.find((r) => r.id === 'S1');
      const s2 = run.results.find((r) => r.id === 'S2');
      assert.equal(s1?.exit, 0, 'S1 itself exited 0');
      assert.equal(s1?.outcome, 'fail', 'it changed what S2 runs, so it does not pass');
      assert.deepEqual(s1?.changedOther, [{ path: 'test/check.sh', id: 'S2', proof: 'sh test/check.sh' }]);
      assert.equal(s2?.outcome, 'fail', `S2 ran on the session's checker: ${run.output.get('S2')?.toString() ?? ''}`);
      assert.equal(readFileSync(join(w.ws, 'test', 'check.sh'), 'utf8'), CHECK, 'the real checker is untouched');
      const f = changedOtherFindings(s1);
      assert.equal(f.length, 1);
      assert.equal(f[0]?.kind, 'proof-changed-other');
      assert.equal(f[0]?.severity, 'error');
      assert.match(f[0].message, /S1's proof `sh build\.sh` changed test\/check\.sh when re-run, which S2's proof `sh test\/check\.sh` depends on/);
    });
  }

  it('with the markers, the same product code cannot tell the re-run from the session: it leaves the checker alone', async () => {
    requireTools();
    const w = sneaky(SNEAKY);
    const run = await verify(w);
    assert.equal(run.results.find((r) => r.id === 'S1')?.outcome, 'pass');
    assert.equal(run.results.find((r) => r.id === 'S1')?.changedOther, undefined);
  });

  it('without a view (the fallback), the change reaches the tree, and the files before and after S1 still name it', async () => {
    requireTools();
    const w = sneaky();
    const run = await verify(w, { withoutView: 'testing the fallback' });
    assert.deepEqual(run.view, { kind: null, why: 'testing the fallback' });
    const s1 = run.results.find((r) => r.id === 'S1');
    assert.equal(s1?.outcome, 'fail');
    assert.deepEqual(s1?.changedOther, [{ path: 'test/check.sh', id: 'S2', proof: 'sh test/check.sh' }]);
    assert.equal(readFileSync(join(w.ws, 'test', 'check.sh'), 'utf8'), 'exit 0\n', 'with no view the write landed');
  });

  it('honest build then read: S1 rebuilds dist/ (ignored) in its view, S2 runs the build the session made; both pass, nothing is named', async () => {
    requireTools();
    const w = gitWorkspace({ '.gitignore': 'dist/\n', '.claude/settings.json': '{}\n', 'build.sh': 'mkdir -p dist && printf "echo app %s\\n" "$(date +%s%N)" > dist/app.sh\n' });
    mkdirSync(join(w.ws, 'dist'));
    writeFileSync(join(w.ws, 'dist', 'app.sh'), 'echo app session\n');
    adopt(w, '# G\n\n## Steps\n- S1. Build. Proof: `sh build.sh`\n- S2. Run. Proof: `sh dist/app.sh | grep -q session`\n');
    const run = await verify(w);
    assert.deepEqual(
      run.results.map((r) => [r.id, r.outcome, r.changedOther]),
      [
        ['S1', 'pass', undefined],
        ['S2', 'pass', undefined],
      ],
      run.output.get('S2')?.toString(),
    );
    assert.equal(readFileSync(join(w.ws, 'dist', 'app.sh'), 'utf8'), 'echo app session\n');
  });

  it('a process outside the re-runs that changes the tree while they run makes every fresh re-run count for nothing', async () => {
    requireTools();
    const w = gitWorkspace({ '.claude/settings.json': '{}\n' });
    adopt(w, '# G\n\n## Steps\n- S1. Wait. Proof: `sleep 1.5`\n');
    const bg = spawn('/bin/sh', ['-c', 'sleep 0.7; echo moved > greet.txt; sleep 0.5; echo hi > other.txt'], { cwd: w.ws, detached: true, stdio: 'ignore' });
    try {
      const run = await verify(w);
      assert.match(run.moved ?? '', /changed while the proofs re-ran \(greet\.txt\), and no proof wrote it/);
      assert.deepEqual(
        run.results.map((r) => [r.outcome, r.error]),
        [['error', 'the work tree changed during the re-runs (not by a proof)']],
      );
    } finally {
      try {
        process.kill(-bg.pid!, 'SIGKILL');
      } catch {
        // ended
      }
    }
  });

  it('a tracked file changed and put back by a process outside the re-runs while they run: the content key is the same, git’s stat check names it, and the batch counts for nothing', async () => {
    requireTools();
    const w = gitWorkspace({ '.claude/settings.json': '{}\n' });
    adopt(w, '# G\n\n## Steps\n- S1. Wait. Proof: `sleep 2`\n');
    const before = contentKey(w.ws, w.env);
    const bg = spawn('/bin/sh', ['-c', 'sleep 0.8; echo moved > greet.txt; sleep 0.3; echo hi > greet.txt'], { cwd: w.ws, detached: true, stdio: 'ignore' });
    try {
      const run = await verify(w);
      assert.equal(contentKey(w.ws, w.env), before, 'put back as it was');
      assert.match(run.moved ?? '', /changed while the proofs re-ran \(greet\.txt\)/);
      assert.equal(run.results[0]?.outcome, 'error');
    } finally {
      try {
        process.kill(-bg.pid!, 'SIGKILL');
      } catch {
        // ended
      }
    }
  });

  it('a proof in its view sees no process outside it: a host process is neither visible nor signalled', async () => {
    requireTools();
    const host = spawn('/bin/sleep', ['30'], { detached: true, stdio: 'ignore' });
    try {
      for (const withoutSandbox of [undefined, 'bwrap missing']) {
        const w = gitWorkspace({ '.claude/settings.json': '{}\n' });
        adopt(w, `# G\n\n## Steps\n- S1. Look. Proof: \`test ! -e /proc/${host.pid} && ! kill -0 ${host.pid} 2>/dev/null\`\n`);
        const run = await verify(w, { withoutSandbox });
        assert.equal(run.results[0]?.outcome, 'pass', `${withoutSandbox ?? 'sandbox'}: ${run.output.get('S1')?.toString() ?? ''}`);
      }
      assert.equal(process.kill(host.pid!, 0), true, 'the host process lives on');
    } finally {
      host.kill('SIGKILL');
    }
  });

  it('a process outside the re-run that writes into the running proof’s view (through /proc/PID/root) is caught: the proof’s own checker changed while it ran', async () => {
    requireTools();
    const w = gitWorkspace({ '.claude/settings.json': '{}\n', 'check.sh': 'exit 1\n' });
    adopt(w, '# G\n\n## Steps\n- S1. Check. Proof: `sleep 3; sh check.sh`\n');
    // The session's background job, as the same user outside Claude Code's sandbox: it finds the
    // proof's process and writes the checker in that process's view of the tree.
    const find = `for i in $(seq 150); do p=$(pgrep -n -f '^sleep 3$'); if [ -n "$p" ]; then echo 'exit 0' > /proc/$p/root${w.ws}/check.sh && exit 0; fi; sleep 0.1; done; exit 1`;
    const bg = spawn('/bin/sh', ['-c', find], { stdio: 'ignore' });
    try {
      const run = await verify(w);
      const s1 = run.results[0];
      assert.equal(s1?.exit, 0, 'the proof ran the rewritten checker');
      assert.equal(s1?.outcome, 'fail');
      assert.deepEqual(s1?.changedOther, [{ path: 'check.sh', id: 'S1', proof: 'sleep 3; sh check.sh' }]);
      assert.equal(readFileSync(join(w.ws, 'check.sh'), 'utf8'), 'exit 1\n');
    } finally {
      bg.kill('SIGKILL');
    }
  });

  it('the upper layer lists what the proof wrote: files, links, deletions and new empty folders, not the folders copied up to hold them', () => {
    const up = mkdtempSync(join(tmpdir(), 'pm-upper-'));
    try {
      mkdirSync(join(up, 'src', 'deep'), { recursive: true });
      writeFileSync(join(up, 'src', 'deep', 'a.js'), 'x');
      symlinkSync('a.js', join(up, 'src', 'link'));
      mkdirSync(join(up, 'empty'));
      // A whiteout is a 0/0 character device; making one needs root, as the views' tests run.
      let whiteout = true;
      try {
        execFileSync('mknod', [join(up, 'gone.txt'), 'c', '0', '0']);
      } catch {
        whiteout = false;
      }
      assert.deepEqual(listUpper(up), [
        { path: 'empty', kind: 'dir' },
        ...(whiteout ? [{ path: 'gone.txt', kind: 'deleted' as const }] : []),
        { path: 'src/deep/a.js', kind: 'file' },
        { path: 'src/link', kind: 'link' },
      ]);
      assert.ok(whiteout, 'mknod made the whiteout (running as root)');
    } finally {
      rmSync(up, { recursive: true, force: true });
    }
  });

  it('the real view’s written list names the proof’s writes and deletions, and not the sandbox’s own mount points', async () => {
    requireTools();
    const w = gitWorkspace({ '.claude/settings.json': '{}\n', 'old.txt': 'x\n' });
    adopt(w, '# G\n\n## Steps\n- S1. Write. Proof: `mkdir -p b && echo 1 > b/new.txt && rm old.txt && ln -s greet.txt l`\n');
    const { openRerunSandbox } = await import('../../../src/workspace/rerunSandbox');
    const sb = await openRerunSandbox({ workspace: w.ws, env: w.env, proofEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: w.home } });
    assert.equal(sb.view, 'overlay', sb.viewWhy ?? '');
    const r = await sb.run({ command: 'mkdir -p b && echo 1 > b/new.txt && rm old.txt && ln -s greet.txt l', cwd: w.ws, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: w.home }, timeoutMs: 20_000 });
    assert.equal(r.outcome, 'pass', r.output.toString());
    assert.deepEqual((r.view?.written ?? []).map((e) => `${e.kind} ${e.path}`), ['file b/new.txt', 'link l', 'deleted old.txt']);
    assert.equal(existsSync(join(w.ws, 'old.txt')), true);
    assert.equal(existsSync(join(w.ws, '.mcp.json')), false, 'no mount point left in the project');
  });

  it('the paths watched around a proof are every proof’s dependencies, its own among them, and a change is named per dependent proof', () => {
    const targets = [
      { id: 'S1', proof: 'npm run build' },
      { id: 'S2', proof: 'sh test/check.sh' },
      { id: 'S3', proof: 'npm test' },
    ];
    const sealed = [
      { proof: 'npm run build', deps: [{ path: 'package.json' }] },
      { proof: 'sh test/check.sh', deps: [{ path: 'test/check.sh' }, { path: 'lib.sh' }] },
      { proof: 'npm test', deps: [{ path: 'package.json' }, { path: 'lib.sh' }] },
    ];
    assert.deepEqual(watchPaths(targets[0]!, targets, sealed), ['lib.sh', 'package.json', 'test/check.sh']);
    const watch = watchPaths(targets[0]!, targets, sealed);
    assert.deepEqual(changedOthers(targets[0]!, targets, sealed, watch, ['a', 'b', 'c'], ['a', 'b', 'c']), []);
    assert.deepEqual(changedOthers(targets[0]!, targets, sealed, watch, ['a', 'b', 'c'], ['x', 'b', '-']), [
      { path: 'lib.sh', id: 'S2', proof: 'sh test/check.sh' },
      { path: 'lib.sh', id: 'S3', proof: 'npm test' },
      { path: 'test/check.sh', id: 'S2', proof: 'sh test/check.sh' },
    ]);
    assert.deepEqual(changedOthers(targets[0]!, targets, sealed, watch, ['a', 'b', 'c'], ['a', 'B', 'c']), [
      { path: 'package.json', id: 'S1', proof: 'npm run build' },
      { path: 'package.json', id: 'S3', proof: 'npm test' },
    ]);
    assert.match(changedOtherFindings({ id: 'S1', proof: 'npm run build', clean: false, changedOther: [{ path: 'package.json', id: 'S1', proof: 'npm run build' }] })[0]!.message, /^package\.json, which S1's proof `npm run build` depends on, changed while that proof re-ran \(by the proof, or by a process outside the re-run\)/);
    assert.deepEqual(changedOthers(targets[0]!, targets, sealed, watch, ['a', 'b', 'c'], null), [], 'cut off before the view was read: nothing to name');
    assert.deepEqual(changedOtherFindings({ id: 'S1', proof: 'npm run build', clean: true, changedOther: [{ path: 'lib.sh', id: 'S2', proof: 'x' }] }), [], 'a clean checkout names nothing');
  });

  it('the markers: the measured fixed values, the session’s own per-session values, never a secret', () => {
    const runner = { CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 'sess-1', CLAUDE_CODE_ENTRYPOINT: 'sdk-cli', CLAUDE_CODE_MESSAGING_TOKEN: 'secret-token', TMPDIR: '/t', CLAUDE_TMPDIR: '/t/claude-0', AI_AGENT: 'claude-code_2.1.332_agent' };
    const bare = sessionMarkers(runner, false, () => true);
    assert.equal(bare.CLAUDECODE, '1');
    assert.equal(bare.GIT_EDITOR, 'true');
    assert.equal(bare.CLAUDE_CODE_SESSION_ID, 'sess-1');
    assert.equal(bare.CLAUDE_CODE_ENTRYPOINT, 'sdk-cli');
    assert.equal(bare.TMPDIR, '/t');
    assert.equal(bare.SANDBOX_RUNTIME, undefined);
    assert.ok(bare.CLAUDE_CODE_MESSAGING_TOKEN && bare.CLAUDE_CODE_MESSAGING_TOKEN !== 'secret-token', 'the name, never the value');
    const boxed = sessionMarkers(runner, true, () => true);
    assert.equal(boxed.SANDBOX_RUNTIME, '1');
    assert.equal(boxed.TMPDIR, '/t/claude-0');
    const person = sessionMarkers({}, false, () => false);
    assert.equal(person.CLAUDECODE, '1');
    assert.match(person.CLAUDE_CODE_SESSION_ID ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(person.TMPDIR, undefined, 'no TMPDIR the session did not have');
    assert.equal(person.CLAUDE_CODE_MESSAGING_TOKEN, undefined);
  });

  it('a re-run’s environment carries CLAUDECODE=1 and the session’s id, as the session’s Bash did', async () => {
    requireTools();
    const w = gitWorkspace({ '.claude/settings.json': '{}\n' });
    adopt(w, '# G\n\n## Steps\n- S1. Env. Proof: `test "$CLAUDECODE" = 1 && test "$CLAUDE_CODE_SESSION_ID" = s-42 && test -n "$CLAUDE_CODE_MESSAGING_TOKEN" && test "$CLAUDE_CODE_MESSAGING_TOKEN" != tok`\n');
    const run = await verify(w, { env: { ...w.env, CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 's-42', CLAUDE_CODE_MESSAGING_TOKEN: 'tok' } });
    assert.equal(run.results[0]?.outcome, 'pass', run.output.get('S1')?.toString());
  });

  it('a workspace path overlayfs cannot carry gets no view, said; a user other than root gets bwrap told its own ids', () => {
    assert.match(overlayPathProblem('/home/a,b/ws') ?? '', /comma, colon/);
    assert.equal(overlayPathProblem('/home/a/ws'), null);
    assert.equal(asUser('/usr/bin/bwrap --new-session -- x', '/usr/bin/bwrap', 1000, 1000), '/usr/bin/bwrap --uid 1000 --gid 1000 --new-session -- x');
    assert.equal(asUser('/usr/bin/bwrap --new-session -- x', '/usr/bin/bwrap', 0, 0), '/usr/bin/bwrap --new-session -- x');
  });
});
