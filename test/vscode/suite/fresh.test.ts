// Extension-host tests on a fresh folder: a PLAN.md and nothing else, no .claude/ at all when the
// window opens. The extension must start on its own, show a quiet way to begin, and follow a goal
// frozen from a terminal (the CLI, as `/goal` and the plan-approval hook do) within a second.
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProofmeterApi } from '../../../src/extension/extension';
import { bar } from '../../../src/core/tally/format';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { extension, folder, waitFor } from './helpers';

/** Budgets for activation, generous for a loaded CI machine; the log shows the measured times. */
const ACTIVATE_BUDGET_MS = 50;
const LOAD_BUDGET_MS = 250;
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
      const events: string[] = ext.packageJSON.activationEvents;
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
