// Issue 27 (M1): every remedy inside VS Code, in the real extension host on the fixture workspace.
// Defined inside the host suite, after it re-adopted the plan (the seal intact, the hooks removed):
// each remedy refuses cleanly without a finding, `proofmeter` runs from the terminals' PATH, and a
// goal changed outside the meter is restored by Restore Goal after the person confirms, never before.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import * as vscode from 'vscode';
import { RUNNER_REL } from '../../../src/core/install/entries';
import type { ProofmeterApi } from '../../../src/extension/extension';
import type { Question } from '../../../src/extension/remedyQuestions';
import { extension, tabLabels, waitFor } from './helpers';

export function defineRemedyTests(api: () => ProofmeterApi, folder: () => string): void {
  it('Restore Goal, Reseal and Accept Finding refuse cleanly while no finding asks for them, asking nothing', async function () {
    const pm = api();
    await pm.refresh({ fromScratch: true });
    assert.deepEqual(pm.state()!.seal.filter((f) => f.holds), [], 'precondition: nothing holds the verdict');
    const asked: Question[] = [];
    pm.answerConfirmations((q) => (asked.push(q), true));
    try {
      assert.deepEqual(await vscode.commands.executeCommand('proofmeter.restoreGoal'), { ok: false, refused: 'nothing to do' });
      assert.deepEqual(await vscode.commands.executeCommand('proofmeter.reseal'), { ok: false, refused: 'nothing to do' });
      assert.equal(await vscode.commands.executeCommand('proofmeter.acceptFinding'), 'refused');
      assert.equal(await vscode.commands.executeCommand('proofmeter.acceptFinding', 'F-0000000'), 'refused');
    } finally {
      pm.answerConfirmations(null);
    }
    assert.deepEqual(asked, [], 'no question without a finding');
  });

  it("puts proofmeter on the integrated terminals' PATH (EnvironmentVariableCollection), and it runs the bundled CLI", async function () {
    const pm = api();
    const tp = pm.terminalPath();
    assert.ok(tp.dir, 'a folder is on PATH in a trusted workspace');
    assert.deepEqual(tp.mutator, { value: tp.dir + delimiter, type: 'prepend' });
    assert.ok(!tp.dir.startsWith(folder()), `outside the workspace: ${tp.dir}`);
    assert.match(tp.description, /proofmeter/);
    // A terminal's shell with the collection applied: PATH as VS Code builds it for a new terminal.
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: tp.mutator.value + (process.env.PATH ?? '') };
    delete env.ELECTRON_RUN_AS_NODE;
    const out = execFileSync('sh', ['-c', 'command -v proofmeter; proofmeter --version'], { env, cwd: folder(), encoding: 'utf8' }).trim().split('\n');
    assert.equal(out[0], join(tp.dir, 'proofmeter'));
    const version = (extension().packageJSON as { version: string }).version;
    assert.equal(out[1], version, `proofmeter --version through the launcher: ${out.join(' | ')}`);
    const help = execFileSync('sh', ['-c', 'proofmeter --help'], { env, cwd: folder(), encoding: 'utf8' });
    assert.match(help, /doctor/);
  });

  it('Uninstall Hooks asks first, naming what it removes; on Keep Hooks it removes nothing, on Uninstall everything it named', async function () {
    const pm = api();
    const settings = join(folder(), '.claude', 'settings.json');
    const r = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.installHooks', { where: 'project', confirmed: true });
    assert.equal(r?.ok, true, r?.output);
    const installed = readFileSync(settings, 'utf8');
    const asked: Question[] = [];
    pm.answerConfirmations((q) => (asked.push(q), false));
    try {
      const kept = await vscode.commands.executeCommand('proofmeter.uninstallHooks');
      assert.deepEqual(kept, { ok: false, refused: 'cancelled' });
      assert.equal(readFileSync(settings, 'utf8'), installed, 'nothing removed on Keep Hooks');
      assert.ok(existsSync(join(folder(), RUNNER_REL)), 'the runner stays');
      const q = asked[0]!;
      assert.equal(q.message, 'Uninstall the Proofmeter hooks?');
      assert.match(q.detail, /• from \.claude\/settings\.json: \d+ hook entries and the status line/);
      assert.ok(q.detail.includes(`• ${RUNNER_REL} (the hook runner)`), q.detail);
      if (/"sandbox"/.test(installed)) assert.match(q.detail, /the sandbox settings install added: sandbox\.enabled/);
      assert.deepEqual([q.keep, q.action], ['Keep Hooks', 'Uninstall'], 'the default (first) button keeps the hooks');
      pm.answerConfirmations((x) => (asked.push(x), true));
      const u = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.uninstallHooks');
      assert.equal(u?.ok, true, u?.output);
      assert.equal(asked.length, 2);
      assert.ok(!existsSync(join(folder(), RUNNER_REL)), 'the runner it named is gone');
      assert.ok(!existsSync(settings) || !readFileSync(settings, 'utf8').includes('.claude/proofmeter/'), 'the entries it named are gone');
    } finally {
      pm.answerConfirmations(null);
    }
  });

  it('a goal changed outside the meter: the banner offers Restore Goal, which shows the diff, keeps it on No and restores it on Yes', async function () {
    const pm = api();
    const goalFile = join(folder(), '.claude', 'proofmeter', 'goal.json');
    const good = readFileSync(goalFile, 'utf8');
    const changed = JSON.parse(good) as { title: string | null };
    changed.title = 'Changed outside the meter';
    writeFileSync(goalFile, JSON.stringify(changed, null, 2) + '\n');
    try {
      const holder = await waitFor(() => pm.state()?.seal.find((f) => f.holds && /Restore Goal/.test(f.message)), 'the changed goal to hold the verdict');
      assert.deepEqual(pm.state()!.seal.filter((f) => f.holds).map((f) => f.id), [holder.id], 'the changed goal is the only finding that holds');
      assert.deepEqual(holder.remedies?.map((r) => r.command), ['proofmeter.restoreGoal', 'proofmeter.reseal']);
      assert.match(holder.message, /Proofmeter: Restore Goal/);
      assert.doesNotMatch(holder.message, /own terminal|proofmeter doctor/);
      assert.match(pm.statusBar()!.progress.tooltip, /Proofmeter: Reseal for This Machine/);
      const asked: Question[] = [];
      pm.answerConfirmations((q) => (asked.push(q), false));
      const kept = await vscode.commands.executeCommand('proofmeter.restoreGoal');
      assert.deepEqual(kept, { ok: false, refused: 'cancelled' });
      assert.equal(readFileSync(goalFile, 'utf8'), JSON.stringify(changed, null, 2) + '\n', 'nothing written on No');
      assert.match(asked[0]?.message ?? '', /^Restore the goal as it was sealed /);
      assert.ok(tabLabels().some((l) => l.includes('goal.json: as sealed ↔ now')), `the diff is open: ${tabLabels().join(', ')}`);
      pm.answerConfirmations(() => true);
      const r = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.restoreGoal');
      assert.equal(r?.ok, true, r?.output);
      assert.match(r?.output ?? '', /^Restored \.claude\/proofmeter\/goal\.json as sealed/);
      assert.equal(readFileSync(goalFile, 'utf8'), good, 'the sealed bytes are back');
      await waitFor(() => !pm.state()?.seal.some((f) => f.holds), 'nothing to hold the verdict after the restore');
    } finally {
      pm.answerConfirmations(null);
      if (readFileSync(goalFile, 'utf8') !== good) writeFileSync(goalFile, good);
    }
  });
}
