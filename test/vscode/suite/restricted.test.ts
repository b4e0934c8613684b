// Extension-host tests in Restricted Mode (an untrusted folder): the tally is shown read-only, git
// is not read, and the commands that write or run anything refuse.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ProofmeterApi } from '../../../src/extension/extension';
import { extension, folder, waitFor } from './helpers';

export function defineRestrictedTests(): void {
  describe('Proofmeter extension host in Restricted Mode', function () {
    let pm: ProofmeterApi;
    let ws: string;

    before(async function () {
      ws = folder();
      assert.equal(vscode.workspace.isTrusted, false, 'the runner opened this folder untrusted');
      pm = await extension().activate();
    });

    it('shows the tally read-only: progress item yes, git item no, trusted=false', async function () {
      const sb = await waitFor(() => {
        const s = pm.statusBar();
        return s?.progress.visible && /\d+\/\d+$/.test(s.progress.text) ? s : null;
      }, 'the progress item');
      assert.equal(sb.git.visible, false, 'git is not read in Restricted Mode');
      assert.match(sb.progress.tooltip, /Restricted Mode/);
      const state = pm.state();
      assert.equal(state?.trusted, false);
      assert.ok(state?.tally, 'a tally');
      const commit = state.tally.stages.find((s) => s.name === 'commit');
      // git is not read in an untrusted folder, so commit and push wait instead of counting as done.
      assert.equal(commit?.state, 'waiting', 'commit stage without git');
      assert.match(commit?.detail ?? '', /git not read/);
      assert.equal(state.tally.verdict, 'not-done');
    });

    it('refuses Install Hooks, Uninstall Hooks, Doctor and Adopt Plan, and writes nothing', async function () {
      const goal = readFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), 'utf8');
      const install = await vscode.commands.executeCommand<{ ok: boolean; refused?: string }>('proofmeter.installHooks');
      assert.deepEqual(install, { ok: false, refused: 'untrusted' });
      const uninstall = await vscode.commands.executeCommand<{ ok: boolean; refused?: string }>('proofmeter.uninstallHooks');
      assert.deepEqual(uninstall, { ok: false, refused: 'untrusted' });
      const doctor = await vscode.commands.executeCommand<{ ok: boolean; refused?: string }>('proofmeter.doctor');
      assert.deepEqual(doctor, { ok: false, refused: 'untrusted' });
      const adopt = await vscode.commands.executeCommand('proofmeter.adoptPlan', vscode.Uri.file(join(ws, 'PLAN.md')));
      assert.equal(adopt, undefined);
      assert.ok(!existsSync(join(ws, '.claude', 'settings.json')), 'no settings written');
      assert.ok(!existsSync(join(ws, '.claude', 'proofmeter', 'proofmeter.js')), 'no runner copied');
      assert.equal(readFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'), goal, 'goal.json untouched');
      assert.ok(pm.log().filter((l) => l.includes('not trusted')).length >= 4, 'each refusal is logged');
    });

    it('refuses Restore Goal, Reseal and Accept Finding before asking anything, and keeps proofmeter off the terminals\' PATH (issue 27)', async function () {
      const goal = readFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), 'utf8');
      let asked = 0;
      pm.answerConfirmations(() => (asked++, true));
      try {
        assert.deepEqual(await vscode.commands.executeCommand('proofmeter.restoreGoal', { confirmed: true }), { ok: false, refused: 'untrusted' });
        assert.deepEqual(await vscode.commands.executeCommand('proofmeter.reseal', { confirmed: true }), { ok: false, refused: 'untrusted' });
        assert.equal(await vscode.commands.executeCommand('proofmeter.acceptFinding', 'F-0000000'), 'refused');
        assert.equal(await pm.receive('dashboard', { type: 'acceptFinding', id: 'F-0000000' }), 'refused');
      } finally {
        pm.answerConfirmations(null);
      }
      assert.equal(asked, 0, 'no question in Restricted Mode');
      assert.equal(readFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'), goal, 'goal.json untouched');
      assert.deepEqual({ dir: pm.terminalPath().dir, mutator: pm.terminalPath().mutator }, { dir: null, mutator: null });
    });

    it('offers the way out (Manage Workspace Trust) and opens goal.json, both untrusted', async function () {
      assert.equal(await pm.receive('sidebar', { type: 'manageTrust' }), 'ok');
      assert.equal(await pm.receive('sidebar', { type: 'openGoalFile' }), 'ok');
      await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === join(ws, '.claude', 'proofmeter', 'goal.json'), 'goal.json in an editor');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('still shows the tally text', async function () {
      const text = await vscode.commands.executeCommand<string>('proofmeter.showTally');
      assert.ok(text?.includes('Goal: Greeting kit (PLAN.md)'), text);
    });
  });
}
