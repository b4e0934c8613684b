// The stop gate re-runs before it lets the session stop: when the transcript says Claude's part is
// done, every proof is run again outside the agent's shell, and the stop goes through only if all
// pass. A saved pass is never reused (verify.json is the agent's to write); a saved failure is,
// while the workspace's content is unchanged.
import { strict as assert } from 'node:assert';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STOP_TIMEOUT_S, gateCommand, gateGroup, GATES } from '../../../src/core/install/entries';
import { ASSUMED_DEFAULT_TIMEOUT_S, rerunBudgetMs, rerunReason, stopEntryTimeoutS, stopProofTimeoutMs } from '../../../src/hooks/stopRerun';
import { contentKey } from '../../../src/workspace/treeKey';
import { verifyFileSchema } from '../../../src/workspace/verifyState';
import { adopt, git, gitWorkspace, sessionProving } from '../verify/helpers';
import { blockReason, denyReason, gate, health, payload, workspace, type Workspace } from './helpers';
import { cli } from '../helpers/cli';
import { tallyJson } from '../helpers/cliJson';

const cliTally = (w: Workspace) => cli(['tally', '--json'], { cwd: w.ws, env: w.env });

const PLAN = '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n\n## Checks\n- V1. The checks pass. Proof: `sh check.sh`\n';

function stop(w: Workspace, over: Record<string, unknown> = {}) {
  return gate('stop', payload('stop-first', { cwd: w.ws, ...over }), w);
}

function counted(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

describe('stop gate: the re-run before done', () => {
  it('a transcript that claims every proof passed, but the check fails on re-run: blocked, naming the proof', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 1\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
    const r = await stop(w);
    assert.equal(r.answer.outcome, 'block-rerun');
    assert.equal(r.json?.decision, 'block');
    const lines = blockReason(r).split('\n');
    assert.equal(lines[0], "Proofmeter: this session's transcript says Claude's part is done, but re-running the proofs outside this session's shell disagrees:");
    assert.match(lines[1] ?? '', /^- V1 `sh check\.sh`: failed on re-run \(exit 1, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$/);
    assert.equal(lines.length, 6, 'S1 passed on re-run and is not named');
    assert.match(lines[2] ?? '', /recorded when the goal was frozen: nothing set in this session's shell/);
    assert.equal(lines[3], "The re-runs ran in the sandbox: writes to the meter's files refused.");
    assert.equal(lines.at(-1), "Stop blocked 1 of 8 times in a row (Claude Code's cap).");
    assert.equal(health(w).at(-1)?.outcome, 'block-rerun');
    // The next stop reads the saved re-run: the tally itself now has V1 failed.
    const next = await gate('stop', payload('stop-active', { cwd: w.ws }), w);
    assert.match(blockReason(next), /^- V1 \(failed: failed on re-run \(exit 1, .*\)\): run `sh check\.sh`$/m);
    assert.match(blockReason(next), /Stop blocked 2 of 8 times in a row/);
  });

  it('every proof passes on re-run: the stop goes through, and the results are saved as the stop gate’s', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 0\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
    const r = await stop(w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'allow' });
    const saved = verifyFileSchema.parse(JSON.parse(readFileSync(join(w.ws, '.claude', 'proofmeter', 'verify.json'), 'utf8')));
    assert.deepEqual(saved.results.map((x) => [x.id, x.outcome, x.by, x.envSource]), [['S1', 'pass', 'stop', 'goal'], ['V1', 'pass', 'stop', 'goal']]);
    assert.match(saved.results[0]?.treeKey ?? '', /^git:[0-9a-f]{40}$/);
  });

  it('open work blocks as before, without re-running anything', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 0\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt']);
    const r = await stop(w);
    assert.equal(r.answer.outcome, 'block');
    assert.match(blockReason(r), /- V1 \(not run yet\): run `sh check\.sh`/);
    assert.ok(!existsSync(join(w.ws, '.claude', 'proofmeter', 'verify.json')));
  });

  it('the model’s shell function or a PATH of its own do not reach the re-run', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 1\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
    const bin = join(w.root, 'fakebin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'sh'), '#!/bin/bash\nexit 0\n', { mode: 0o755 });
    const env = { ...w.env, PATH: `${bin}:${process.env.PATH}`, 'BASH_FUNC_sh%%': '() {  return 0\n}' };
    const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w, { env });
    assert.equal(r.answer.outcome, 'block-rerun');
  });

  describe('reuse by the workspace’s content', () => {
    // The proof counts its own runs in a file outside the workspace, so a re-run shows.
    const counting = (counter: string) => `echo run >> ${counter} && grep -q hi greet.txt`;
    const counterPlan = (counter: string) => `# G\n\n## Steps\n- S1. Count. Proof: \`${counting(counter)}\`\n`;

    it('a pass is never reused: every done stop re-runs it, changed tree or not', async () => {
      const w = gitWorkspace({ 'a.txt': 'one\n' });
      const counter = join(w.root, 'counter.txt');
      adopt(w, counterPlan(counter));
      sessionProving(w, [counting(counter)]);
      assert.equal((await stop(w)).answer.outcome, 'allow');
      assert.equal(counted(counter), 1, 'the first stop re-ran the proof');
      assert.equal((await stop(w)).answer.outcome, 'allow');
      assert.equal((await stop(w)).answer.outcome, 'allow');
      assert.equal(counted(counter), 3, 'the tree is unchanged, and the proof ran again for each stop it let through');
    });

    it('a failure is reused while the tree is unchanged (it can only keep the stop blocked); a changed file re-runs it', async () => {
      const w = gitWorkspace({ 'a.txt': 'one\n' });
      const counter = join(w.root, 'counter.txt');
      const proof = `echo run >> ${counter} && grep -q ok a.txt`;
      adopt(w, `# G\n\n## Steps\n- S1. Count. Proof: \`${proof}\`\n`);
      sessionProving(w, [proof]);
      const first = await stop(w);
      assert.equal(first.answer.outcome, 'block-rerun');
      assert.equal(counted(counter), 1);
      // The session runs the proof again (newer than the saved failure, so the tally reads done again).
      await new Promise((r) => setTimeout(r, 1100));
      sessionProving(w, [proof], 'session.jsonl', Date.now());
      const again = await stop(w);
      assert.equal(again.answer.outcome, 'block-rerun');
      assert.match(blockReason(again), /^- S1 .*: failed on re-run \(exit 1, .*\) \(the workspace has not changed since, so it was not run again\)$/m);
      assert.equal(counted(counter), 1, 'the saved failure stood');
      writeFileSync(join(w.ws, 'a.txt'), 'ok\n');
      git(w.ws, 'commit', '-qam', 'fixed');
      await new Promise((r) => setTimeout(r, 1100));
      sessionProving(w, [proof], 'session.jsonl', Date.now());
      assert.equal((await stop(w)).answer.outcome, 'allow');
      assert.equal(counted(counter), 2, 'changed content re-runs it');
    });

    it('a forged pass in verify.json, under the current key and environment: re-run all the same, and blocked', async () => {
      const w = gitWorkspace({ 'check.sh': 'exit 1\n' });
      adopt(w, PLAN);
      sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
      assert.equal((await stop(w)).answer.outcome, 'block-rerun');
      // The agent's script rewrites the saved failure as a pass; treeKey and envDigest stay the real ones.
      const file = join(w.ws, '.claude', 'proofmeter', 'verify.json');
      const saved = verifyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      const v1 = saved.results.find((r) => r.id === 'V1');
      assert.ok(v1, 'V1 was saved');
      assert.equal(v1.treeKey, contentKey(w.ws, w.env), 'the forged entry carries the current content key');
      Object.assign(v1, { outcome: 'pass', exit: 0 });
      writeFileSync(file, JSON.stringify(saved));
      const tally = tallyJson((await cliTally(w)).out);
      assert.deepEqual([tally.verdict, tally.reverify?.state], ['not-done', 'awaiting'], 'the forged pass takes nothing back: the evidence reads done, and the verdict waits on the gate');
      const r = await stop(w);
      assert.equal(r.answer.outcome, 'block-rerun', 'the stop gate ran V1 itself');
      assert.match(blockReason(r), /^- V1 `sh check\.sh`: failed on re-run \(exit 1, [^)]*\)$/m);
    });

    it('outside git nothing is reused: every stop re-runs', async () => {
      const w = workspace();
      writeFileSync(join(w.ws, 'greet.txt'), 'hi\n');
      const counter = join(w.root, 'counter.txt');
      adopt(w, counterPlan(counter));
      sessionProving(w, [counting(counter)]);
      await stop(w);
      await stop(w);
      assert.equal(counted(counter), 2);
    });

    it('the key leaves out the meter’s own state folder, and the real index is never touched', () => {
      const w = gitWorkspace({ 'a.txt': 'one\n' });
      git(w.ws, 'add', '-A');
      const index = readFileSync(join(w.ws, '.git', 'index'));
      const k1 = contentKey(w.ws, w.env);
      assert.match(k1 ?? '', /^git:[0-9a-f]{40}$/);
      mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
      appendFileSync(join(w.ws, '.claude', 'proofmeter', 'health.jsonl'), '{}\n');
      assert.equal(contentKey(w.ws, w.env), k1);
      writeFileSync(join(w.ws, 'b.txt'), 'new\n');
      const k2 = contentKey(w.ws, w.env);
      assert.notEqual(k2, k1);
      assert.ok(readFileSync(join(w.ws, '.git', 'index')).equals(index), 'the index is as it was');
      assert.equal(git(w.ws, 'status', '--porcelain', '--', 'b.txt').trim(), '?? b.txt', 'b.txt is still untracked');
      writeFileSync(join(w.ws, '.gitignore'), 'ignored.txt\n');
      const k3 = contentKey(w.ws, w.env);
      writeFileSync(join(w.ws, 'ignored.txt'), 'x\n');
      assert.equal(contentKey(w.ws, w.env), k3, 'an ignored file is not content');
      writeFileSync(join(w.ws, 'a.txt'), 'changed, not staged\n');
      assert.notEqual(contentKey(w.ws, w.env), k3, 'an unstaged edit is content');
      assert.equal(contentKey(workspace().ws, w.env), null, 'outside git there is no key');
    });
  });

  it('a proof that hangs past the stop gate’s budget blocks like a failure, the timeout named', async function () {
    this.timeout(30_000);
    const w = gitWorkspace({});
    // An entry that allows 8 s leaves the re-run under 3 s (minus 5 s margin and the time spent).
    // Written before the freeze: the seal taken then holds it, so it is no change to the gate.
    const settings = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop', timeout: 8 }] }] } };
    writeFileSync(join(w.ws, '.claude', 'settings.json'), JSON.stringify(settings));
    git(w.ws, 'add', '.claude/settings.json');
    git(w.ws, 'commit', '-qm', 'settings');
    adopt(w, '# G\n\n## Steps\n- S1. Hang. Proof: `sleep 30`\n');
    sessionProving(w, ['sleep 30']);
    const started = Date.now();
    const r = await stop(w);
    assert.ok(Date.now() - started < 8000, `inside the entry's timeout (${Date.now() - started} ms)`);
    assert.equal(r.answer.outcome, 'block-rerun');
    assert.match(blockReason(r), /^- S1 `sleep 30`: failed on re-run \(timed out after [1-3] s, /m);
  });

  describe('the budget', () => {
    it('a proof the budget left no time for blocks, and the reason says every proof must pass in one stop', () => {
      const text = rerunReason({ results: [], failed: [], notRun: [{ id: 'V2', proof: 'npm test' }], reused: [], envSource: 'goal', budgetMs: 540_000 }, 'cap');
      assert.match(text, /^- V2 `npm test`: not re-run: the stop gate's time budget \(540 s\) ran out; every proof must pass in one stop's re-run, so proofs that take longer together need a larger `timeout` on the meter's Stop entry \(the person's change\)$/m);
    });

    it('the installed Stop entry carries the timeout the gate plans for', () => {
      const g = GATES.find((x) => x.hook === 'stop')!;
      assert.deepEqual(gateGroup(g), { hooks: [{ type: 'command', command: gateCommand('stop'), timeout: STOP_TIMEOUT_S }] });
      assert.match(gateCommand('stop'), /^node "\$CLAUDE_PROJECT_DIR"\/\.claude\/proofmeter\/proofmeter\.js hook stop \|\| \{ echo "Proofmeter: the stop gate could not run/);
      assert.equal(STOP_TIMEOUT_S, 600);
      for (const other of GATES.filter((x) => x.hook !== 'stop')) assert.equal('timeout' in gateGroup(other).hooks[0]!, false, other.hook);
    });

    const budgets: Array<[number, number, number]> = [
      [600, 0, 540_000],
      [600, 1500, 538_500],
      [60, 0, 54_000],
      [8, 0, 3000],
      [3, 0, 0],
    ];
    for (const [timeout, spent, want] of budgets) {
      it(`an entry timeout of ${timeout} s with ${spent} ms spent leaves ${want} ms for the re-runs`, () => assert.equal(rerunBudgetMs(timeout, spent), want));
    }

    it('the guard denies an edit that cuts the Stop entry’s timeout, and lets other edits through', async () => {
      const w = workspace();
      const settingsPath = join(w.ws, '.claude', 'settings.json');
      const stopGate = GATES.find((x) => x.hook === 'stop')!;
      writeFileSync(settingsPath, JSON.stringify({ permissions: { allow: ['Bash(ls)'] }, hooks: { Stop: [gateGroup(stopGate)] } }, null, 2) + '\n');
      const edit = (old_string: string, new_string: string) => gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: 'Edit', tool_input: { file_path: settingsPath, old_string, new_string } }), w);
      const cut = await edit(`"timeout": ${STOP_TIMEOUT_S}`, '"timeout": 1');
      assert.equal(cut.answer.outcome, 'deny');
      assert.match(denyReason(cut), /hook entries/);
      assert.equal((await edit('"permissions": {', '"model": "opus", "permissions": {')).answer.outcome, 'allow');
    });

    const perProof: Array<[string | undefined, number]> = [
      [undefined, 120_000],
      ['300', 300_000],
      ['0.5', 500],
      ['0', 120_000],
      ['soon', 120_000],
    ];
    for (const [value, want] of perProof) {
      it(`PROOFMETER_VERIFY_TIMEOUT=${value ?? '(unset)'} gives each proof ${want} ms`, () => assert.equal(stopProofTimeoutMs(value === undefined ? {} : { PROOFMETER_VERIFY_TIMEOUT: value }), want));
    }

    it('the smallest timeout on any of the meter’s Stop entries rules; an entry without one is taken at Claude Code’s smaller default', () => {
      const w = workspace();
      assert.equal(stopEntryTimeoutS(w.ws, w.env), ASSUMED_DEFAULT_TIMEOUT_S, 'no entry found');
      const entry = (timeout?: number) => ({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'node "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop', ...(timeout ? { timeout } : {}) }] }] } });
      writeFileSync(join(w.ws, '.claude', 'settings.json'), JSON.stringify(entry(600)));
      assert.equal(stopEntryTimeoutS(w.ws, w.env), 600);
      writeFileSync(join(w.ws, '.claude', 'settings.local.json'), JSON.stringify(entry(120)));
      assert.equal(stopEntryTimeoutS(w.ws, w.env), 120);
      writeFileSync(join(w.ws, '.claude', 'settings.local.json'), JSON.stringify(entry()));
      assert.equal(stopEntryTimeoutS(w.ws, w.env), ASSUMED_DEFAULT_TIMEOUT_S);
      writeFileSync(join(w.ws, '.claude', 'settings.local.json'), '{ not json');
      assert.equal(stopEntryTimeoutS(w.ws, w.env), 600, 'a file Claude Code skips is skipped');
    });
  });
});
