// Extension-host tests on the fixture workspace (see ../fixture.mjs): a git repository with the
// recorded demo's plan adopted, its Claude Code session under $HOME/.claude/projects/<slug>/, two
// uncommitted files and one unpushed commit. They run in order: later ones change the workspace.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ProofmeterApi } from '../../../src/extension/extension';
import { GATES } from '../../../src/core/install/entries';
import { listSessions, projectTranscriptDir } from '../../../src/workspace/transcriptFiles';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { tallySchema } from '../../../src/core/tally/tallySchema';
import { protectionNow } from '../../../src/workspace/protectionNow';
import { sandboxSupport } from '../../../src/workspace/sandboxSupport';
import { manifest } from '../manifest';
import { appendBashRun } from '../fixture.mjs';
import { COMMANDS } from '../../../src/extension/commandIds';
import { gateCount } from '../../../src/extension/doctorVerdict';
import { extension, folder, sleep, tabLabels, waitFor } from './helpers';
import { tallyInVsCode } from '../../../src/extension/remedies';
import { defineRemedyTests } from './remedies';

/** The fixture's expected states, as the engine decides them for the recorded session. */
const FIXTURE_STATES: Record<string, string> = {
  S1: 'proved',
  S2: 'proved',
  S3: 'unrun', // `sh build.sh > build.log` ran: a different command
  S4: 'open',
  S5: 'open',
  S6: 'unrun',
  V1: 'proved',
  V2: 'unrun', // `sh suite.sh` ran in a subagent: never evidence
  V3: 'proved',
};

function engineTally(cwd: string) {
  // The CLI's own assembly (`proofmeter tally --json`), from scratch: what the extension must agree
  // with, in VS Code's words (a remedy names the command, not the CLI: remedies.ts).
  return tallyInVsCode(tallySchema.parse(JSON.parse(JSON.stringify({ ...tallyWorkspace({ cwd, env: process.env }), protection: protectionNow(cwd, process.env) }))));
}

/** The status bar tooltip's protection line, or null. */
const protectionTip = (tooltip: string): string | null => tooltip.split('\n').find((l) => l.includes('Protection: ')) ?? null;

export function defineHostTests(): void {
  describe('Proofmeter extension host', function () {
    let pm: ProofmeterApi;
    let ws: string;
    let transcript: string;

    before(async function () {
      ws = folder();
      const sessions = listSessions(projectTranscriptDir(ws, process.env));
      assert.equal(sessions.length, 1, `one recorded session in ${projectTranscriptDir(ws, process.env)}`);
      transcript = sessions[0]!.path;
      console.log(`host: vscode ${vscode.version} (${vscode.env.appName}, uiKind ${vscode.env.uiKind}), node ${process.version}, workspace ${ws}`);
    });

    it('activates on its own at startup (onStartupFinished), without being asked', async function () {
      const ext = extension();
      await waitFor(() => ext.isActive, 'activation at startup', 20_000);
      pm = ext.exports;
      assert.equal(pm.apiVersion, 1);
      assert.equal(pm.folder(), ws);
      const events = manifest(ext.packageJSON).activationEvents;
      assert.ok(events.includes('onStartupFinished'), events.join(', '));
      const a = pm.activation();
      console.log(`host: activation with a goal: bundle loaded in ${a.loadMs.toFixed(1)} ms, activate() in ${a.activateMs.toFixed(1)} ms`);
      assert.equal(manifest(ext.packageJSON).main, 'dist/extension.js');
      assert.equal(manifest(ext.packageJSON).capabilities.untrustedWorkspaces.supported, 'limited');
    });

    it('registers every command, all under the Proofmeter category', async function () {
      const all = await vscode.commands.getCommands(true);
      for (const c of COMMANDS) assert.ok(all.includes(c), `${c} is registered`);
      // The other way too, so a command registered but never contributed shows; view commands (proofmeter.items.focus) have a second dot.
      const listed = new Set<string>(COMMANDS);
      assert.deepEqual(all.filter((c) => /^proofmeter\.[A-Za-z]+$/.test(c) && !listed.has(c)), [], 'registered but not in src/extension/commandIds.ts');
      const contributed = manifest(extension().packageJSON).contributes.commands;
      assert.deepEqual(contributed.map((c) => c.command).sort(), [...COMMANDS].sort());
      for (const c of contributed) assert.equal(c.category, 'Proofmeter', c.command);
    });

    it('shows the fixture goal in the status bar: the bar, done/total, the stages and what is open', async function () {
      const expected = engineTally(ws);
      assert.deepEqual(expected.headline, { done: 4, total: 9 }, 'the fixture reads 4/9 to the engine');
      const want = '▰▰▰▱▱▱▱▱ 4/9';
      const sb = await waitFor(() => {
        const s = pm.statusBar();
        return s && s.progress.visible && s.progress.text.endsWith(want) ? s : null;
      }, `status bar text ending in "${want}"`);
      console.log(`status bar: "${sb.progress.text}" | "${sb.git.text}"`);
      assert.equal(sb.progress.command, 'proofmeter.openDashboard');
      assert.equal(sb.progress.background, null, 'no failed item, no fault: plain colours');
      for (const stage of ['plan', 'approve', 'build', 'check', 'commit', 'push', 'close']) {
        assert.ok(sb.progress.tooltip.includes(`**${stage}**`), `tooltip names the ${stage} stage`);
      }
      for (const id of ['S3', 'S6', 'V2', 'S4', 'S5']) assert.ok(sb.progress.tooltip.includes(`\`${id}\``), `tooltip lists open item ${id}`);
      assert.ok(!sb.progress.tooltip.includes('`S1`'), 'a proved item is not listed as open');
    });

    it('shows git in a second item: 2 uncommitted, 1 unpushed; click opens Source Control', async function () {
      const sb = await waitFor(() => {
        const s = pm.statusBar();
        return s?.git.visible ? s : null;
      }, 'the git item');
      assert.equal(sb.git.text, '⎇ 2 uncommitted · 1 unpushed');
      assert.equal(sb.git.command, 'workbench.view.scm');
      assert.ok(sb.git.tooltip.includes('README.md') && sb.git.tooltip.includes('greet.txt'), sb.git.tooltip);
      // proofmeter.showGitItem: off hides it, on brings it back
      const config = vscode.workspace.getConfiguration('proofmeter');
      await config.update('showGitItem', false, vscode.ConfigurationTarget.Global);
      await waitFor(() => pm.statusBar()?.git.visible === false, 'the git item to hide with showGitItem off');
      await config.update('showGitItem', undefined, vscode.ConfigurationTarget.Global);
      await waitFor(() => pm.statusBar()?.git.visible, 'the git item back');
    });

    it("computes the same tally as the CLI's tallyWorkspace, item by item", async function () {
      const state = await pm.refresh();
      assert.ok(state?.tally, 'a tally');
      assert.deepEqual(state.tally.headline, { done: 4, total: 9 });
      assert.deepEqual(state.tally, engineTally(ws));
      const states = Object.fromEntries(state.tally.items.map((i) => [i.id, i.state]));
      assert.deepEqual(states, FIXTURE_STATES);
      assert.equal(state.trusted, true);
      assert.equal(state.fault, null);
    });

    it('marks each item of the plan with a CodeLens: its state, and a click that opens its run', async function () {
      const plan = vscode.Uri.file(join(ws, 'PLAN.md'));
      await vscode.window.showTextDocument(plan);
      const tally = pm.state()!.tally!;
      const lenses = await waitFor(async () => {
        const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', plan);
        const ours = (l ?? []).filter((x) => x.command && /^[✓✗○◷]/.test(x.command.title));
        return ours.length === tally.items.length ? ours : null;
      }, 'a lens per item');
      const at = (id: string) => lenses.find((l) => l.range.start.line === tally.items.find((i) => i.id === id)!.planLine - 1)!.command!;
      assert.match(at('S1').title, /^✓ proved · exit 0 · \d\d:\d\d$/);
      assert.equal(at('S1').command, 'proofmeter.openRun');
      assert.equal(at('S1').arguments![0], transcript);
      // the run as a person reads it, not JSONL
      assert.equal(await vscode.commands.executeCommand('proofmeter.openRun', ...(at('S1').arguments ?? []) as unknown[]), true);
      const doc = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'proofmeter-run' ? vscode.window.activeTextEditor.document : null), 'the run document');
      assert.match(doc.getText(), /^Command: {3}test -s greet\.txt && grep -q hello greet\.txt$/m);
      assert.match(doc.getText(), /^Counted: {3}yes, it decides its item$/m);
      assert.match(doc.getText(), /^Raw record: /m);
      assert.equal(await vscode.commands.executeCommand('proofmeter.openRun', '/etc/passwd', 1), false, 'only this workspace’s transcripts');
      assert.equal(at('S3').title, '○ ran as a different command: did not count');
      assert.equal(at('V2').title, '○ ran in a subagent (passed there): did not count');
      assert.equal(at('S6').title, '○ not run yet');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('shows the items in a native tree grouped by state, with icons, descriptions, the open count as badge and an open-run action', async function () {
      const expected = engineTally(ws);
      const tree = await waitFor(() => {
        const t = pm.tree();
        return t.groups.length > 0 ? t : null;
      }, 'the items tree to show the goal');
      const groupOf = (id: string) => tree.groups.find((g) => g.items.some((n) => n.id === id))?.key;
      const ids = tree.groups.flatMap((g) => g.items.map((n) => n.id));
      assert.deepEqual([...ids].sort(), Object.keys(FIXTURE_STATES).sort(), 'every item once');
      const want: Record<string, string> = { S1: 'proved', S2: 'proved', V1: 'proved', V3: 'proved', S3: 'not-counted', V2: 'not-counted', S6: 'unrun', S4: 'yours', S5: 'yours' };
      for (const [id, g] of Object.entries(want)) assert.equal(groupOf(id), g, `${id} in ${g}`);
      assert.deepEqual(tree.groups.map((g) => g.key), ['proved', 'not-counted', 'unrun', 'yours']);
      assert.deepEqual(tree.badge?.value, expected.open);
      assert.equal(tree.badge?.value, 5, 'the fixture (4/9) has 5 open: three items, commit and push');
      assert.equal(tree.message, null);
      const s1 = tree.groups.flatMap((g) => g.items).find((n) => n.id === 'S1')!;
      assert.equal(s1.icon.id, 'pass');
      assert.match(s1.description, /^proved · exit 0 · \d\d:\d\d · /);
      assert.equal(s1.run?.file, transcript);
      const s3 = tree.groups.flatMap((g) => g.items).find((n) => n.id === 'S3')!;
      assert.match(s3.description, /^ran as a different command: did not count/);
      // the inline action passes the node itself to the open-run command the CodeLens uses
      assert.equal(await vscode.commands.executeCommand('proofmeter.openRun', s1), true);
      await waitFor(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'proofmeter-run' ? true : null), 'the run document from the tree');
      const menus = manifest(extension().packageJSON).contributes.menus['view/item/context'] ?? [];
      assert.ok(menus.some((m) => m.command === 'proofmeter.openRun' && m.group === 'inline' && (m.when ?? '').includes('view == proofmeter.items')));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('follows a transcript append: the status bar updates, reading only the appended bytes', async function () {
      const size = statSync(transcript).size;
      const before = pm.stats()!.count;
      const want = '▰▰▰▰▱▱▱▱ 5/9';
      const t0 = performance.now();
      appendBashRun(transcript, 'test -s CHANGELOG.md'); // S6's proof, exit 0
      await waitFor(() => pm.statusBar()?.progress.text.endsWith(want), `status bar "${want}" after the append`, 15_000, 5);
      const ms = performance.now() - t0;
      const stats = pm.stats()!;
      console.log(`benchmark: transcript append -> status bar text updated in ${ms.toFixed(0)} ms (refresh ${stats.lastMs.toFixed(1)} ms, ${stats.lastBytesRead} bytes read of ${statSync(transcript).size}; ${stats.count - before} refresh(es))`);
      assert.ok(stats.lastBytesRead < size / 4, `incremental read: ${stats.lastBytesRead} bytes read for a ${size}-byte transcript`);
    });

    it('turns to the warning colours when a proof fails, and lists the failure in the tooltip', async function () {
      appendBashRun(transcript, 'sh suite.sh', { exit: 1, output: '1 failing' }); // V2's proof, now in the main session
      const sb = await waitFor(() => {
        const s = pm.statusBar();
        return s?.progress.background === 'statusBarItem.warningBackground' ? s : null;
      }, 'the warning colours');
      assert.ok(sb.progress.text.startsWith('$(warning) ') && sb.progress.text.endsWith('▰▰▰▰▱▱▱▱ 5/9'), sb.progress.text);
      assert.match(sb.progress.tooltip, /`V2` failed/);
      assert.equal(pm.state()?.tally?.items.find((i) => i.id === 'V2')?.state, 'failed');
    });

    it('coalesces a burst of appends into a few refreshes', async function () {
      await sleep(400);
      const before = pm.stats()!.count;
      for (let i = 0; i < 20; i++) {
        appendBashRun(transcript, `echo burst ${i}`);
        await sleep(10);
      }
      await sleep(1500);
      const n = pm.stats()!.count - before;
      console.log(`benchmark: 20 appends over ~0.3 s -> ${n} refresh(es)`);
      assert.ok(n >= 1, 'the burst was noticed');
      assert.ok(n <= 6, `${n} refreshes for 20 appends`);
      assert.ok(pm.statusBar()!.progress.text.endsWith('▰▰▰▰▱▱▱▱ 5/9'));
    });

    it('opens the dashboard: a webview panel whose page loads under the CSP and says ready', async function () {
      const ready0 = pm.webviews().counts.ready.dashboard;
      assert.equal(await vscode.commands.executeCommand('proofmeter.openDashboard'), true);
      assert.equal(pm.webviews().dashboardOpen, true);
      await waitFor(() => tabLabels().includes('Proofmeter'), `a "Proofmeter" tab (tabs: ${tabLabels().join(', ')})`);
      // The page's script (dist/webview/main.js, nonce-tagged) runs and does the ready handshake.
      await waitFor(() => pm.webviews().counts.ready.dashboard > ready0, 'the dashboard page to say ready', 30_000);
      await waitFor(() => pm.webviews().counts.posted > 0, 'the state to be posted');
      assert.ok(!pm.log().some((l) => l.includes('not sending')), 'every state sent passed the protocol');
      // hook health from `proofmeter doctor --json`: nothing installed in the fixture yet
      const gates = await waitFor(() => (pm.state()?.gates.length ? pm.state()!.gates : null), 'the gates from doctor');
      // One row per gate of the installer's own list, plus the status line.
      assert.equal(gates.length, GATES.length + 1, JSON.stringify(gates));
      assert.ok(gates.every((g) => !g.armed), JSON.stringify(gates));
    });

    it('opens the evidence view in its activity bar container', async function () {
      const ready0 = pm.webviews().counts.ready.sidebar;
      await vscode.commands.executeCommand('workbench.view.extension.proofmeter');
      await waitFor(() => pm.webviews().sidebarResolved, 'the evidence view to resolve');
      await waitFor(() => pm.webviews().counts.ready.sidebar > ready0, 'the evidence page to say ready', 30_000);
      // the native items tree sits above it in the same container, with the goal's groups
      await waitFor(() => (pm.tree().visible && pm.tree().groups.length > 0) || null, 'the items tree to show in the container');
    });

    it('rejects and logs messages outside the protocol; refuses files that are not this workspace transcripts', async function () {
      const rejected0 = pm.webviews().counts.rejected;
      assert.equal(await pm.receive('dashboard', { type: 'nope' }), 'rejected');
      assert.equal(await pm.receive('dashboard', { type: 'runCommand', command: 'workbench.action.terminal.sendSequence' }), 'rejected');
      assert.equal(await pm.receive('sidebar', 'ready'), 'rejected');
      assert.equal(await pm.receive('dashboard', { type: 'openTranscript', file: '/etc/passwd', line: 1 }), 'refused');
      assert.equal(await pm.receive('dashboard', { type: 'openTranscript', file: join(projectTranscriptDir(ws, process.env), '..', '..', 'settings.json'), line: 1 }), 'refused');
      assert.equal(pm.webviews().counts.rejected, rejected0 + 5);
      assert.ok(pm.log().some((l) => l.startsWith('warn rejected a message from the dashboard webview')));
    });

    it('Dismiss and Close… refuse what is not the person’s to dismiss or close, before any modal', async function () {
      assert.equal(await pm.receive('dashboard', { type: 'dismissFinding', id: 'F-0000000' }), 'refused', 'no such open warning');
      assert.equal(await pm.receive('dashboard', { type: 'closeItem', id: 'S1' }), 'refused', 'Claude’s item closes by its proof');
      assert.equal(await pm.receive('dashboard', { type: 'closeItem', id: '../V1' }), 'rejected', 'not an item id');
      assert.equal(await vscode.commands.executeCommand('proofmeter.closeItem', 'S1'), 'refused');
    });

    it('openTranscript opens the transcript at the line; openPlan opens the plan at the line', async function () {
      assert.equal(await pm.receive('dashboard', { type: 'openTranscript', file: transcript, line: 5 }), 'ok');
      let ed = await waitFor(() => {
        const e = vscode.window.activeTextEditor;
        return e && e.document.uri.fsPath === transcript ? e : null;
      }, 'the transcript editor');
      assert.equal(ed.selection.active.line, 4);
      assert.equal(await pm.receive('sidebar', { type: 'openPlan', line: 9 }), 'ok');
      ed = await waitFor(() => {
        const e = vscode.window.activeTextEditor;
        return e && e.document.uri.fsPath === join(ws, 'PLAN.md') ? e : null;
      }, 'the plan editor');
      assert.equal(ed.selection.active.line, 8);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('Show Tally prints the text tally; Verify re-runs the proofs through the bundled CLI and the tally shows them', async function () {
      const text = await vscode.commands.executeCommand<string>('proofmeter.showTally');
      assert.ok(text?.includes('Goal: Greeting kit (PLAN.md)'), text);
      assert.ok(text?.includes('verdict: NOT DONE'), text);
      // `confirmed` stands for the person's answer to the modal that lists the commands.
      const out = await vscode.commands.executeCommand<{ kind: string; state?: { tally: { verifier?: { results: unknown[] } | null } | null } }>('proofmeter.verify', { confirmed: true });
      assert.equal(out?.kind, 'ran', JSON.stringify(out).slice(0, 500));
      assert.deepEqual(out?.state?.tally, engineTally(ws));
      assert.ok((out?.state?.tally?.verifier?.results.length ?? 0) > 0, 'the re-runs are in the tally');
      // The fixture holds none of the demo's scripts, so its re-runs fail and take proofs back:
      // the tests after this one expect the recorded tally again.
      rmSync(join(ws, '.claude', 'proofmeter', 'verify.json'), { force: true });
      await pm.refresh({ fromScratch: true });
    });

    it('Set Goal gives the /goal line for a plan', async function () {
      const line = await vscode.commands.executeCommand<string>('proofmeter.setGoal', vscode.Uri.file(join(ws, 'PLAN.md')));
      assert.equal(line, '/goal PLAN.md');
    });

    it('installs and uninstalls the hooks through the bundled CLI; the tooltip names the protection as the settings change', async function () {
      const settings = join(ws, '.claude', 'settings.json');
      const kernelHere = sandboxSupport(process.env).supported;
      // Before: no sandbox block in the fixture's settings, so the guard is all there is (a warning).
      const before = protectionTip(pm.statusBar()!.progress.tooltip);
      assert.match(before ?? '', /^\$\(warning\) Protection: guard only: .+ To fix it: /, `the tooltip before install: ${before}`);
      // `where` and `confirmed` stand for the person's answers to "where?" and the list of files;
      // the sandbox answer is the pre-selection (ticked where it can run).
      const r = await vscode.commands.executeCommand<{ ok: boolean; unavailable?: string; output?: string }>('proofmeter.installHooks', { where: 'project', confirmed: true });
      assert.equal(r?.ok, true, r?.output);
      const installed = readFileSync(settings, 'utf8');
      // The shared settings start the launcher, which finds node on each machine; they name no node path.
      assert.match(installed, /\.claude\/proofmeter\/hook\.sh"? hook stop/);
      assert.ok(!installed.includes(process.execPath), 'no machine path in the shared settings');
      assert.equal(/"sandbox"/.test(installed), kernelHere, `the sandbox block is written exactly where it can run: ${r?.output}`);
      // The meter sees the settings change on its own (no refresh asked): the line follows.
      const want = kernelHere ? '$(shield) Protection: kernel' : '$(warning) Protection: guard only';
      const tip = await waitFor(() => {
        const line = protectionTip(pm.statusBar()?.progress.tooltip ?? '');
        return line?.startsWith(want) ? line : null;
      }, `the tooltip to say "${want}" after install`, 10_000);
      assert.equal(pm.state()?.tally?.protection?.level, kernelHere ? 'kernel' : 'guard only', tip);
      assert.deepEqual(pm.state()?.tally?.protection, engineTally(ws).protection, 'the dashboard gets what the CLI computes');
      assert.ok(existsSync(join(ws, '.claude', 'proofmeter', 'proofmeter.js')), 'the runner was copied into the workspace');
      const gates = pm.state()!.gates;
      assert.ok(gates.length === GATES.length + 1 && gates.every((g) => g.armed), `every gate armed after install: ${JSON.stringify(gates)}`);
      const doc = await vscode.commands.executeCommand<{ ok: boolean; code?: number; output?: string; verdict?: { ok: boolean; armed: number; gates: number; message: string } }>('proofmeter.doctor');
      assert.equal(doc?.code, 0, doc?.output);
      assert.match(doc?.output ?? '', /All \d+ gates armed/);
      // the notification's verdict is the dashboard's count
      assert.equal(doc?.verdict?.ok, true, doc?.verdict?.message);
      assert.deepEqual(gateCount(pm.state()!.gates), { armed: doc.verdict.armed, total: doc.verdict.gates });
      // confirmed: the person's answer to its modal (remedies.ts tests the question itself)
      const u = await vscode.commands.executeCommand<{ ok: boolean; output?: string }>('proofmeter.uninstallHooks', { confirmed: true });
      assert.equal(u?.ok, true, u?.output);
      assert.ok(!existsSync(settings) || !/proofmeter\.js"? hook/.test(readFileSync(settings, 'utf8')), 'the hook entries are gone');
      assert.ok(pm.state()!.gates.every((g) => !g.armed), 'no gate armed after uninstall');
      await waitFor(() => protectionTip(pm.statusBar()?.progress.tooltip ?? '')?.startsWith('$(warning) Protection: guard only'), 'the warning back after uninstall', 10_000);
    });

    it('Adopt Plan refuses a plan with findings and freezes a good one (same code as proofmeter adopt)', async function () {
      const goalFile = join(ws, '.claude', 'proofmeter', 'goal.json');
      const before = readFileSync(goalFile, 'utf8');
      const bad = join(ws, 'BAD-PLAN.md');
      writeFileSync(bad, '# Bad\n\n## Steps\n\n- **S1.** Build it. Proof: run the tests\n');
      const refused = await vscode.commands.executeCommand<{ code: number; err: string }>('proofmeter.adoptPlan', vscode.Uri.file(bad));
      assert.equal(refused?.code, 1, refused?.err);
      assert.equal(readFileSync(goalFile, 'utf8'), before, 'goal.json untouched');

      const plan = join(ws, 'PLAN.md');
      writeFileSync(plan, readFileSync(plan, 'utf8') + '- **V4.** The greeting is spelled right. Proof: `grep -q hello src/greet.sh`\n');
      // `confirmed` stands for the person's answer to the modal that says progress starts over.
      const ok = await vscode.commands.executeCommand<{ code: number; out: string }>('proofmeter.adoptPlan', vscode.Uri.file(plan), { confirmed: true });
      assert.equal(ok?.code, 0);
      assert.match(ok?.out ?? '', /10 items frozen/);
      // Claude's 8 items (the person's 2 are not counted) plus commit and push: 10.
      await waitFor(() => pm.statusBar()?.progress.text.endsWith('/10'), 'the status bar to count 10', 10_000);
      assert.deepEqual(pm.state()?.tally, engineTally(ws));
    });

    it('follows goal.json: a goal damaged or deleted outside the meter shows the tamper state, and its sealed bytes restore the count', async function () {
      const goalFile = join(ws, '.claude', 'proofmeter', 'goal.json');
      const good = readFileSync(goalFile, 'utf8');
      const counted = pm.statusBar()?.progress.text ?? '';
      assert.match(counted, /\d+\/\d+$/, 'a count before the damage');
      try {
        writeFileSync(goalFile, '{ not json');
        const bad = await waitFor(() => {
          const s = pm.statusBar();
          return s?.progress.background === 'statusBarItem.errorBackground' ? s : null;
        }, 'the error colours for an unreadable goal');
        // The tamper state, never a count: the goal was damaged outside the meter's own commands.
        assert.equal(bad.progress.text, "$(error) Proofmeter: the meter's files were changed");
        assert.match(bad.progress.tooltip, /\*\*the meter's files were changed\*\*: The frozen goal .*corrupt/);
        // A sealed goal that disappears is not "no goal": the seal's copy outside the workspace says one was frozen.
        rmSync(goalFile);
        await sleep(1500);
        assert.equal(pm.statusBar()?.progress.text, "$(error) Proofmeter: the meter's files were changed");
        assert.equal(pm.statusBar()?.progress.background, 'statusBarItem.errorBackground');
      } finally {
        writeFileSync(goalFile, good);
      }
      await waitFor(() => pm.statusBar()?.progress.visible && pm.statusBar()?.progress.text === counted, `the goal back in the status bar (${counted})`);
    });

    defineRemedyTests(() => pm, () => ws);
  });
}
