// Extension-host tests on a fresh folder: a PLAN.md and nothing else, no .claude/ at all when the
// window opens. The extension must start on its own, show a quiet way to begin, and follow a goal
// frozen from a terminal (the CLI, as `/goal` and the plan-approval hook do) within a second.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProofmeterApi } from '../../../src/extension/extension';
import { bar } from '../../../src/core/tally/format';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import * as vscode from 'vscode';
import { installedWhere, installFiles } from '../../../src/extension/installChoice';
import { WALKTHROUGH_KEYS } from '../../../src/extension/walkthroughSteps';
import { manifest } from '../manifest';
import { extension, folder, tabLabels, waitFor } from './helpers';

/** Budgets for activation, generous for a loaded CI machine; the log shows the measured times. */
// Ceilings for a start that went wrong (the whole engine loaded eagerly, a synchronous scan of the
// folder), not the speed targets: the host shares a noisy 2-core machine with other suites, and
// activate() measured 16-63 ms there. The measured numbers are printed and reported in the README.
const ACTIVATE_BUDGET_MS = 500;
const LOAD_BUDGET_MS = 1500;
const STATUS_BAR_BUDGET_MS = 1000;

/** `proofmeter adopt` from outside VS Code: its own process, like a terminal's. */
function adoptFromTerminal(cli: string, cwd: string, plan: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, 'adopt', plan, '--cwd', cwd], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`adopt failed: ${stderr || stdout || err.message}`));
      else resolve(stdout);
    });
  });
}

export function defineFreshTests(): void {
  describe('Proofmeter extension host on a fresh folder (no .claude/ at open)', function () {
    let pm: ProofmeterApi;
    let ws: string;
    let cli: string;

    before(function () {
      ws = folder();
      cli = join(extension().extensionPath, 'dist', 'proofmeter.js');
      assert.ok(!existsSync(join(ws, '.claude')), `${ws} has no .claude/ when the window opens`);
    });

    it('activates on its own at startup, cheaply (the activation time is measured)', async function () {
      const ext = extension();
      await waitFor(() => ext.isActive, 'activation at startup (onStartupFinished)', 30_000);
      pm = ext.exports;
      const events = manifest(ext.packageJSON).activationEvents;
      assert.ok(events.includes('onStartupFinished'), events.join(', '));
      // workspaceContains makes VS Code search the folder at every start, and misses a later .claude/
      assert.ok(!events.some((e) => e.startsWith('workspaceContains:')), events.join(', '));
      const a = pm.activation();
      console.log(`host: activation: bundle loaded in ${a.loadMs.toFixed(1)} ms, activate() in ${a.activateMs.toFixed(1)} ms`);
      assert.ok(a.activateMs < ACTIVATE_BUDGET_MS, `activate() took ${a.activateMs.toFixed(1)} ms`);
      assert.ok(a.loadMs < LOAD_BUDGET_MS, `loading the bundle took ${a.loadMs.toFixed(1)} ms`);
      assert.equal(pm.stats()?.count, 0, 'nothing was computed without a goal');
    });

    it('shows a quiet status bar item with one click to start when there is no goal', async function () {
      const sb = await waitFor(() => (pm.statusBar()?.progress.visible ? pm.statusBar() : null), 'the quiet item');
      assert.equal(sb.progress.text, '$(checklist) Proofmeter');
      assert.equal(sb.progress.background, null, 'plain colours');
      assert.ok(sb.progress.command, 'a click starts something');
      assert.match(sb.progress.tooltip, /no goal/);
      assert.equal(sb.git.visible, false);
    });

    it('the quiet item leads to the walkthrough, whose steps each complete on a key the extension sets when the step succeeded', async function () {
      assert.equal(pm.statusBar()?.progress.command, 'proofmeter.start');
      const walkthroughs = manifest(extension().packageJSON).contributes.walkthroughs;
      const w = walkthroughs.find((x) => x.id === 'proofmeter.firstGoal');
      assert.ok(w, 'the walkthrough is contributed');
      assert.deepEqual(
        w.steps.map((s) => s.id),
        ['writePlan', 'checkPlan', 'installHooks', 'adoptPlan', 'setGoal'],
      );
      const all = await vscode.commands.getCommands(true);
      const keys = new Set<string>(Object.values(WALKTHROUGH_KEYS));
      for (const s of w.steps) {
        assert.ok(s.completionEvents.length > 0, s.id);
        for (const e of s.completionEvents) {
          if (e.startsWith('onCommand:')) assert.ok(all.includes(e.slice('onCommand:'.length)), `${s.id}: ${e} names a registered command`);
          else assert.ok(e.startsWith('onContext:') && keys.has(e.slice('onContext:'.length)), `${s.id}: ${e} names a key the extension sets`);
        }
        assert.ok(s.media.markdown && existsSync(join(extension().extensionPath, s.media.markdown)), `${s.id}: its page ships`);
      }
      await vscode.commands.executeCommand('proofmeter.start');
      await waitFor(() => tabLabels().some((l) => /Walkthrough|Welcome|first goal/i.test(l)), `the walkthrough tab (tabs: ${tabLabels().join(', ')})`);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('the walkthrough keys start from the folder: its PLAN.md passes, so writing and checking are done; nothing else is', async function () {
      await waitFor(() => pm.walkthrough().checkPlan, 'the keys read at activation');
      assert.deepEqual(pm.walkthrough(), { writePlan: true, checkPlan: true, installHooks: false, adoptPlan: false, setGoal: false });
    });

    it('New Plan from the walkthrough opens the plan beside it: the walkthrough stays open', async function () {
      await vscode.commands.executeCommand('proofmeter.start');
      await waitFor(() => tabLabels().some((l) => /Walkthrough|Welcome|first goal/i.test(l)), `the walkthrough tab (tabs: ${tabLabels().join(', ')})`);
      const file = await vscode.commands.executeCommand<string | undefined>('proofmeter.newPlan');
      assert.equal(file, join(ws, 'PLAN.md'));
      await waitFor(() => tabLabels().includes('PLAN.md'), `the plan's tab (tabs: ${tabLabels().join(', ')})`);
      assert.ok(tabLabels().some((l) => /Walkthrough|Welcome|first goal/i.test(l)), `the walkthrough is still open (tabs: ${tabLabels().join(', ')})`);
      assert.ok(vscode.window.tabGroups.all.length >= 2, 'the plan opened in a group beside it');
      assert.equal(pm.walkthrough().writePlan, true);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
    });

    it('Install Hooks that fails leaves its walkthrough key false; the same command succeeding turns it true', async function () {
      const local = join(ws, '.claude', 'settings.local.json');
      mkdirSync(join(ws, '.claude'), { recursive: true });
      writeFileSync(local, '{ not json');
      const failed = await vscode.commands.executeCommand<{ ok: boolean; code?: number; output?: string }>('proofmeter.installHooks', { where: 'local', sandbox: false, confirmed: true });
      assert.equal(failed?.ok, false, failed?.output);
      assert.match(failed?.output ?? '', /not valid JSON/);
      assert.equal(pm.walkthrough().installHooks, false, 'a failed install completes nothing');
      rmSync(local);
      const ok = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.installHooks', { where: 'local', sandbox: false, confirmed: true });
      assert.equal(ok?.ok, true, ok?.output);
      assert.equal(pm.walkthrough().installHooks, true, 'the install completes its step');
      const u = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.uninstallHooks', { confirmed: true }); // confirmed: the person's answer to its modal
      assert.equal(u?.ok, true, u?.output);
      assert.equal(pm.walkthrough().installHooks, true, 'a step once done stays done');
      rmSync(join(ws, '.claude'), { recursive: true, force: true });
    });

    it('Adopt Plan refused by adopt leaves its key false', async function () {
      const bad = join(ws, 'BAD-ADOPT.md');
      writeFileSync(bad, '# Bad\n\n## Steps\n\n- **S1.** Build it. Proof: run the tests\n');
      const r = await vscode.commands.executeCommand<{ code: number } | undefined>('proofmeter.adoptPlan', vscode.Uri.file(bad));
      assert.notEqual(r?.code, 0, JSON.stringify(r));
      assert.equal(pm.walkthrough().adoptPlan, false);
      rmSync(bad);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('Check Plan names each problem of a bad plan, and passes the good one', async function () {
      const bad = join(ws, 'BAD-PLAN.md');
      writeFileSync(bad, '# Bad\n\n## Steps\n\n- **S1.** Build it. Proof: run the tests\n- Write docs. Proof: `test -s README.md`\n');
      const r = await vscode.commands.executeCommand<{ ok: boolean; problems: number; lines: string[] }>('proofmeter.checkPlan', vscode.Uri.file(bad));
      assert.equal(r?.ok, false);
      assert.ok((r?.problems ?? 0) >= 1, JSON.stringify(r));
      assert.match(r.lines[0]!, /^line 5: S1 \[/);
      const good = await vscode.commands.executeCommand<{ ok: boolean; problems: number }>('proofmeter.checkPlan', vscode.Uri.file(join(ws, 'PLAN.md')));
      assert.deepEqual([good?.ok, good?.problems], [true, 0]);
      rmSync(bad);
    });

    it('a bad plan gets its findings in the Problems panel on open, with the rule as code, and loses them when fixed and saved', async function () {
      const bad = join(ws, 'OTHER-PLAN.md');
      writeFileSync(bad, '# Bad\n\n## Steps\n\n- **S1.** Build it. Proof: run the tests\n');
      const uri = vscode.Uri.file(bad);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const diags = await waitFor(() => {
        const d = vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Proofmeter');
        return d.length ? d : null;
      }, 'diagnostics on the bad plan');
      assert.equal(diags[0]!.code, 'missing-proof');
      assert.equal(diags[0]!.range.start.line, 4);
      assert.equal(diags[0]!.severity, vscode.DiagnosticSeverity.Error);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, doc.lineAt(4).range, '- **S1.** Build it. Proof: `sh build.sh`');
      await vscode.workspace.applyEdit(edit);
      await doc.save();
      await waitFor(() => vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Proofmeter').length === 0, 'the diagnostics to clear after the fix is saved');
      // an item with a proof and no id gets a quick fix that writes the id the finding names
      const add = new vscode.WorkspaceEdit();
      add.insert(uri, new vscode.Position(5, 0), '- Add logging. Proof: `npm test`\n');
      await vscode.workspace.applyEdit(add);
      await doc.save();
      await waitFor(() => vscode.languages.getDiagnostics(uri).some((x) => x.code === 'missing-id'), 'the missing-id finding');
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, new vscode.Range(5, 0, 5, 0));
      const fix = (actions ?? []).find((a) => a.title.startsWith('Give the item its id'));
      assert.ok(fix?.edit, `a quick fix (actions: ${(actions ?? []).map((a) => a.title).join(', ')})`);
      await vscode.workspace.applyEdit(fix.edit);
      assert.equal(doc.lineAt(5).text, '- **S2.** Add logging. Proof: `npm test`');
      await doc.save();
      await waitFor(() => vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Proofmeter').length === 0, 'no finding after the fix');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(bad);
    });

    it('Install Hooks asks where: "Only me" writes settings.local.json alone, and uninstall takes it out', async function () {
      const local = join(ws, '.claude', 'settings.local.json');
      const shared = join(ws, '.claude', 'settings.json');
      const files = installFiles(ws, 'local', true);
      assert.match(files[0]!, /^\.claude\/settings\.local\.json \(added/);
      assert.ok(files.some((f) => f.startsWith('.claude/proofmeter/proofmeter.js')), files.join('; '));
      const r = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.installHooks', { where: 'local', confirmed: true });
      assert.equal(r?.ok, true, r?.output);
      assert.match(readFileSync(local, 'utf8'), /proofmeter\.js/);
      assert.ok(!existsSync(shared), 'the shared settings were not written');
      assert.deepEqual(installedWhere(ws), ['local']);
      const u = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.uninstallHooks', { confirmed: true }); // confirmed: the person's answer to its modal
      assert.equal(u?.ok, true, u?.output);
      assert.deepEqual(installedWhere(ws), []);
      // what the install left for the goal below is the meter's own state folder only
      rmSync(join(ws, '.claude'), { recursive: true, force: true });
    });

    it('a goal adopted from a terminal after the window opened reaches the status bar within 1 s', async function () {
      await adoptFromTerminal(cli, ws, 'PLAN.md');
      const goal = join(ws, '.claude', 'proofmeter', 'goal.json');
      const writtenAt = statSync(goal).mtimeMs;
      const { done, total } = tallyWorkspace({ cwd: ws, env: process.env }).headline;
      const want = `${bar(done, total)} ${done}/${total}`;
      await waitFor(() => pm.statusBar()?.progress.text.endsWith(want), `status bar "${want}"`, 5_000, 5);
      const ms = Date.now() - writtenAt;
      console.log(`host: goal adopted from a terminal -> status bar ${want} in ${ms.toFixed(0)} ms after goal.json was written`);
      assert.ok(ms < STATUS_BAR_BUDGET_MS, `${ms.toFixed(0)} ms`);
      assert.equal(pm.statusBar()?.progress.command, 'proofmeter.openDashboard');
      // The goal frozen outside VS Code completes the walkthrough's steps to a goal, too.
      await waitFor(() => pm.walkthrough().adoptPlan, 'the adopt step after the terminal adopt');
      assert.equal(pm.walkthrough().setGoal, true);
    });

    it('later re-adoptions from the terminal reach it within 1 s too (three in a row)', async function () {
      const plan = join(ws, 'PLAN.md');
      for (let i = 1; i <= 3; i++) {
        writeFileSync(plan, readFileSync(plan, 'utf8') + `- **V${10 + i}.** Check ${i} is there. Proof: \`grep -q "Check ${i}" PLAN.md\`\n`);
        await adoptFromTerminal(cli, ws, 'PLAN.md');
        const writtenAt = statSync(join(ws, '.claude', 'proofmeter', 'goal.json')).mtimeMs;
        const { total } = tallyWorkspace({ cwd: ws, env: process.env }).headline;
        await waitFor(() => pm.statusBar()?.progress.text.endsWith(`/${total}`), `status bar "/${total}" (try ${i})`, 5_000, 5);
        const ms = Date.now() - writtenAt;
        console.log(`host: re-adoption ${i} -> status bar /${total} in ${ms.toFixed(0)} ms`);
        assert.ok(ms < STATUS_BAR_BUDGET_MS, `try ${i}: ${ms.toFixed(0)} ms`);
      }
    });
  });
}
