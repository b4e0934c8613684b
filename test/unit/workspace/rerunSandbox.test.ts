// The re-runs run the agent's code as the person: in the sandbox (real bwrap) a proof cannot change
// the meter's files, and where no sandbox is available the seal check after each re-run pins a
// change on the proof that made it. The sandbox cases need bwrap and ripgrep: where they are
// missing these tests fail, naming what is missing, rather than skip.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { stopGate } from '../../../src/hooks/stopGate';
import { rerunForStop } from '../../../src/hooks/stopRerun';
import { readGoal, type GoalState } from '../../../src/workspace/goalState';
import { deniedPaths, sandboxAvailable, sandboxLine, shellQuote } from '../../../src/workspace/rerunSandbox';
import { outsideSealPath, realWorkspace, workspaceSealPath } from '../../../src/workspace/sealRecord/paths';
import { verifyProofs, type VerifyRun } from '../../../src/workspace/verifier';
import { readReruns } from '../../../src/workspace/verifyState';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { adopt, gitWorkspace, sessionProving } from '../verify/helpers';
import { blockReason, gate, payload, type Workspace } from '../hooks/helpers';

const PLAN = '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n';

function requireSandbox(): void {
  const a = sandboxAvailable();
  if (!a.ok) throw new Error(`the sandbox tests need bwrap and ripgrep (apt-get install -y bubblewrap ripgrep): ${a.why}`);
}

function goalOf(w: Workspace): GoalState {
  const g = readGoal(w.ws);
  if (g.kind !== 'ok') throw new Error(`no goal: ${g.kind}`);
  return g.goal;
}

/** The bytes of the meter's files a proof must not change: goal, both seal copies, settings. */
function meterBytes(w: Workspace): Record<string, string | null> {
  const files = [join(w.ws, '.claude', 'proofmeter', 'goal.json'), workspaceSealPath(w.ws), outsideSealPath(realWorkspace(w.ws), w.env), join(w.ws, '.claude', 'settings.json'), join(w.home, '.claude', 'settings.json')];
  return Object.fromEntries(files.map((f) => [f, existsSync(f) ? readFileSync(f, 'latin1') : null]));
}

function verify(w: Workspace, proof: string, withoutSandbox?: string): Promise<VerifyRun> {
  return verifyProofs({ workspace: w.ws, goal: goalOf(w), targets: [{ id: 'S1', proof }], env: w.env, timeoutMs: 20_000, by: 'verify', withoutSandbox });
}

function adopted(): Workspace {
  const w = gitWorkspace({ '.claude/settings.json': '{}\n' });
  adopt(w, PLAN);
  return w;
}

describe('the re-runs’ sandbox', function () {
  this.timeout(60_000);

  it('bwrap and ripgrep are here, so the sandbox cases below run for real', () => {
    requireSandbox();
    assert.deepEqual(sandboxAvailable('win32'), { ok: false, why: 'not Linux or macOS (win32)' });
  });

  describe('in the sandbox, a proof that reaches for the meter’s files is refused and fails, and the bytes stay', () => {
    const outside = (w: Workspace) => outsideSealPath(realWorkspace(w.ws), w.env);
    const rows: Array<{ name: string; proof: (w: Workspace) => string }> = [
      { name: 'writing goal.json', proof: () => 'echo \'{"version":1,"items":[]}\' > .claude/proofmeter/goal.json' },
      { name: 'renaming .claude aside', proof: () => 'mv .claude .claude-old && mkdir -p .claude/proofmeter' },
      { name: 'renaming the meter’s state folder aside', proof: () => 'mv .claude/proofmeter .claude/pm-old' },
      { name: 'writing the outside seal copy', proof: (w) => `echo forged > ${shellQuote(outside(w))}` },
      { name: 'removing the outside state folder', proof: (w) => `rm -rf ${shellQuote(join(w.home, '.local', 'state', 'proofmeter'))}` },
      { name: 'renaming the state home aside', proof: (w) => `mv ${shellQuote(join(w.home, '.local', 'state'))} ${shellQuote(join(w.home, '.local', 'old'))}` },
      { name: 'writing the workspace settings', proof: () => 'echo "{\\"disableAllHooks\\":true}" > .claude/settings.json' },
      { name: 'making settings.local.json', proof: () => 'echo "{\\"disableAllHooks\\":true}" > .claude/settings.local.json' },
      { name: 'making the user settings', proof: (w) => `mkdir -p ${shellQuote(join(w.home, '.claude'))} && echo "{}" > ${shellQuote(join(w.home, '.claude', 'settings.json'))}` },
    ];
    for (const row of rows) {
      it(row.name, async () => {
        requireSandbox();
        const w = adopted();
        const before = meterBytes(w);
        const run = await verify(w, row.proof(w));
        assert.deepEqual(run.sandbox, { kind: 'kernel', why: null });
        assert.equal(run.results[0]?.outcome, 'fail', 'the refused write fails the proof');
        assert.equal(run.results[0]?.sandbox, 'kernel');
        assert.equal(run.results[0]?.tampered, false, 'nothing changed, so nothing to pin on it');
        assert.deepEqual(meterBytes(w), before);
        assert.ok(!existsSync(join(w.ws, '.claude', 'settings.local.json')), 'the mount point made for a missing file is removed after');
        assert.deepEqual(readReruns(w.ws).map((r) => [r.id, r.outcome, r.sandbox]), [['S1', 'fail', 'kernel']], 'saved with where it ran');
      });
    }
  });

  it('in the sandbox, an ordinary proof that writes in the project, /tmp and a cache in HOME passes; its project writes stay in its own view', async () => {
    requireSandbox();
    const w = adopted();
    const proof = 'echo built > out.txt && grep -q built out.txt && t=$(mktemp) && echo x > "$t" && rm "$t" && mkdir -p ~/.cache/pm && echo 1 > ~/.cache/pm/c && mkdir -p .claude/scratch && echo ok > .claude/scratch/x';
    const run = await verify(w, proof);
    assert.equal(run.results[0]?.outcome, 'pass', run.output.get('S1')?.toString());
    assert.equal(run.results[0]?.sandbox, 'kernel');
    assert.deepEqual(run.view, { kind: 'overlay', why: null });
    assert.equal(existsSync(join(w.ws, 'out.txt')), false, 'the project write went to the discarded view');
    assert.equal(readFileSync(join(w.home, '.cache', 'pm', 'c'), 'utf8'), '1\n');
  });

  it('in the sandbox, the proof keeps the network it had: a server on the host’s loopback answers', async () => {
    requireSandbox();
    const w = adopted();
    const server: Server = createServer((s) => s.end('pong\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    try {
      assert.ok(addr && typeof addr === 'object');
      const run = await verify(w, `exec 3<>/dev/tcp/127.0.0.1/${addr.port} && grep -q pong <&3`);
      assert.equal(run.results[0]?.outcome, 'pass', run.output.get('S1')?.toString());
      assert.equal(run.results[0]?.sandbox, 'kernel');
    } finally {
      server.close();
    }
  });

  it('without a sandbox, a proof that rewrites goal.json is meter-tampered and fails though it exits 0', async () => {
    const w = adopted();
    const run = await verify(w, `sed -i 's/grep hi greet.txt/true/' .claude/proofmeter/goal.json`, 'bwrap missing');
    assert.deepEqual(run.sandbox, { kind: 'none', why: 'bwrap missing' });
    const r = run.results[0];
    assert.equal(r?.exit, 0);
    assert.equal(r?.outcome, 'fail');
    assert.equal(r?.tampered, true);
    assert.equal(r?.sandbox, 'none');
    assert.deepEqual(readReruns(w.ws).map((x) => [x.outcome, x.tampered, x.sandbox]), [['fail', true, 'none']]);
  });

  it('without a sandbox, a proof that leaves the meter alone passes and is not marked', async () => {
    const w = adopted();
    const run = await verify(w, 'echo built > out.txt', 'bwrap missing');
    assert.equal(run.results[0]?.outcome, 'pass');
    assert.equal(run.results[0]?.tampered, false);
  });

  it('without a sandbox, the stop gate checks the seal after the re-runs and blocks as tampered', async () => {
    const w = adopted();
    const bad = `sed -i 's/grep hi greet.txt/true/' .claude/proofmeter/goal.json; grep hi greet.txt`;
    // The frozen proof is what the session ran; the re-run is this gate's, with a proof that rewrites the goal.
    sessionProving(w, ['grep hi greet.txt']);
    const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w, {
      handler: (input, ctx) =>
        stopGate(input, ctx, {
          tally: (ws, env) => tallyWorkspace({ cwd: ws, env }),
          rerun: (ws, env, goal, t, spent) => rerunForStop(ws, env, { ...goal, items: goal.items.map((i) => (i.proof?.kind === 'command' ? { ...i, proof: { ...i.proof, command: bad } } : i)) }, t, spent, 'socat missing'),
        }),
    });
    // The proof ran over its own view (no bwrap is not no overlay): the rewrite never landed, so the
    // seal holds, and the re-run that made it fails as meter-tampered.
    assert.match(r.answer.outcome, /^block/);
    assert.match(blockReason(r), /meter-tampered/);
  });

  it('the paths it denies: the meter’s state, the seal’s outside folder, both settings files here and in the user’s folder', () => {
    const env = { HOME: '/home/a', XDG_STATE_HOME: '/st' };
    assert.deepEqual(deniedPaths({ workspace: '/nonexistent/ws', env, proofEnv: { HOME: '/home/a' } }), [
      '/nonexistent/ws/.claude/proofmeter',
      '/nonexistent/ws/.claude/settings.json',
      '/nonexistent/ws/.claude/settings.local.json',
      '/st/proofmeter',
      '/home/a/.claude/settings.json',
      '/home/a/.claude/settings.local.json',
      '/home/a/.local/state/proofmeter',
    ]);
  });

  const lines: Array<[string, Parameters<typeof sandboxLine>[0], string]> = [
    ['in the sandbox', { kind: 'kernel', why: null }, "re-runs ran in the sandbox: writes to the meter's files refused"],
    ['without one', { kind: 'none', why: 'bwrap missing' }, 'no sandbox here (bwrap missing): the seal was checked after the re-runs'],
  ];
  for (const [name, state, want] of lines) it(`the person’s line ${name} says so`, () => assert.equal(sandboxLine(state), want));

  const quotes: Array<[string, string]> = [
    ['plain', "'plain'"],
    ["it's", "'it'\\''s'"],
    ['$HOME `x` "y"', '\'$HOME `x` "y"\''],
  ];
  for (const [word, want] of quotes) it(`a word is quoted whole for bash: ${word}`, () => assert.equal(shellQuote(word), want));
});
