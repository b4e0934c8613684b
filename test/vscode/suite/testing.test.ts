// The goal's items in VS Code's Testing view (src/extension/testingView.ts), in the real extension
// host on the fixture workspace: the controller publishes each item at its plan line with the
// meter's state, its marks follow an edit, and a run re-runs the chosen items through the bundled
// CLI's `proofmeter verify --items`, reporting the refreshed tally's states. Defined before the host
// suite, which changes the workspace as it goes; these leave it as they found it.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ProofmeterApi } from '../../../src/extension/extension';
import { testLabel } from '../../../src/extension/testStates';
import { verifyFileSchema } from '../../../src/workspace/verifyState';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { api, extension, folder, waitFor } from './helpers';

/** The Testing state each engine state must show as (src/extension/testStates.ts), written out. */
const AS_TEST: Record<string, string> = { proved: 'passed', closed: 'passed', failed: 'failed', unrun: 'skipped', open: 'skipped', pending: 'skipped', 'handed-over': 'skipped' };

function engineItems(ws: string) {
  return tallyWorkspace({ cwd: ws, env: process.env }).items;
}

export function defineTestingTests(): void {
  describe('Proofmeter plan in the Testing view', function () {
    let pm: ProofmeterApi;
    let ws: string;
    let plan: string;
    let planBytes = '';
    let untrackedBefore = new Set<string>();
    const untracked = (): string[] => execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: ws, encoding: 'utf8' }).split('\n').filter(Boolean);

    // The host suite after this one counts the fixture's uncommitted files and reads its plan: the
    // workspace is handed on as it was found (the plan's bytes, no new untracked file, no dirty editor).
    after(async function () {
      for (const d of vscode.workspace.textDocuments.filter((x) => x.isDirty)) {
        await vscode.window.showTextDocument(d);
        await vscode.commands.executeCommand('workbench.action.files.revert');
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      writeFileSync(plan, planBytes);
      for (const f of untracked()) if (!untrackedBefore.has(f)) rmSync(join(ws, f), { force: true, recursive: true });
      await pm.refresh({ fromScratch: true });
    });

    before(async function () {
      ws = folder();
      plan = join(ws, 'PLAN.md');
      planBytes = readFileSync(plan, 'utf8');
      untrackedBefore = new Set(untracked());
      // Activated at startup, never by these tests: the host suite's first test checks that it was.
      const ext = extension();
      await waitFor(() => ext.isActive, 'activation at startup', 30_000);
      pm = ext.exports;
      await pm.refresh({ fromScratch: true });
    });

    it('publishes every plan item as a test at its line of the plan, with the meter’s state and words', async function () {
      const items = engineItems(ws);
      const want = Object.fromEntries(items.map((i) => [i.id, AS_TEST[i.state]]));
      const snap = await waitFor(() => {
        const s = pm.tests();
        return s.items.length === items.length && items.every((i) => s.states[i.id] === want[i.id]) ? s : null;
      }, 'a test per item with the engine’s states');
      assert.deepEqual(
        snap.items.map((x) => [x.id, x.label, x.uri, x.line]),
        items.map((i) => [i.id, testLabel(i), plan, i.planLine - 1]),
      );
      assert.equal(snap.items.find((x) => x.id === 'S1')?.label, 'S1. Add the greeting module.', 'the text up to its proof');
      const of = (id: string) => snap.items.find((x) => x.id === id)!;
      assert.match(of('S1').description, /^proved · exit 0 · \d\d:\d\d$/);
      assert.match(of('S3').description, /^ran as a different command\b.*: did not count$/);
      assert.match(of('V2').description, /^ran in a subagent\b.*: did not count$/);
      assert.equal(of('S4').description, 'waits for you');
      assert.deepEqual(snap.messages, {}, 'no failed item in the fixture, so no failure message');
      assert.ok(snap.publishedRuns >= 1);
      // An equal tally publishes nothing new: the Test Results list is not a log of refreshes.
      const runs = snap.publishedRuns;
      await pm.refresh({ fromScratch: true });
      assert.equal(pm.tests().publishedRuns, runs);
    });

    it('keeps each mark on its item while the plan is edited above it (the tests and the CodeLens)', async function () {
      const uri = vscode.Uri.file(plan);
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      const frozen = engineItems(ws).find((i) => i.id === 'S1')!.planLine - 1;
      const lensLines = async () => {
        const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
        return (l ?? []).filter((x) => x.command && /^[✓✗○◷]/.test(x.command.title)).map((x) => x.range.start.line);
      };
      assert.ok((await lensLines()).includes(frozen), 'the lens at the frozen line before the edit');
      const edit = new vscode.WorkspaceEdit();
      edit.insert(uri, new vscode.Position(0, 0), 'Two lines\nwritten above.\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      try {
        await waitFor(() => pm.tests().items.find((x) => x.id === 'S1')?.line === frozen + 2, 'the S1 test two lines down', 5000);
        const lines = await lensLines();
        assert.ok(lines.includes(frozen + 2) && !lines.includes(frozen), `the S1 lens moved with its item: ${lines.join(',')}`);
        const undo = new vscode.WorkspaceEdit();
        undo.delete(uri, new vscode.Range(0, 0, 2, 0));
        assert.ok(await vscode.workspace.applyEdit(undo));
        await waitFor(() => pm.tests().items.find((x) => x.id === 'S1')?.line === frozen, 'the S1 test back at its line once the lines are gone', 5000);
      } finally {
        await vscode.window.showTextDocument(doc);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      }
    });

    it('runs one item through proofmeter verify --items: only it is re-run, and a proof the re-run takes back fails with its exit and output', async function () {
      const verifyFile = join(ws, '.claude', 'proofmeter', 'verify.json');
      rmSync(verifyFile, { force: true });
      // V1's proof is `sh check.sh`, which the fixture does not hold: its re-run fails and takes the session's proof back.
      const before = engineItems(ws).find((i) => i.id === 'V1')!;
      assert.equal(before.state, 'proved');
      try {
        // `confirmed` stands for the person's answer to Verify's modal, which names every command.
        const out = await pm.runTests(['V1'], { confirmed: true });
        assert.deepEqual(out, { kind: 'ran', code: 1, reported: { V1: 'failed' } });
        const saved = verifyFileSchema.parse(JSON.parse(readFileSync(verifyFile, 'utf8')));
        assert.deepEqual(saved.results.map((r) => r.id), ['V1'], 'the chosen item only');
        assert.equal(engineItems(ws).find((i) => i.id === 'V1')?.state, 'failed', 'the engine took it back');
        const snap = pm.tests();
        assert.equal(snap.states.V1, 'failed');
        assert.equal(snap.states.S1, 'passed', 'the others keep their states');
        const message = snap.messages.V1 ?? '';
        assert.match(message, /^V1 failed on re-run \(exit \d+, [^)]+\): the session had proved it/);
        assert.match(message, /\nProof: sh check\.sh\n/);
        assert.match(message, /The re-run's last lines of output:\n.*check\.sh/s, message);
        assert.equal(snap.items.find((x) => x.id === 'V1')?.description, 'failed on re-run');
      } finally {
        // The tests after this one expect the recorded tally again.
        rmSync(verifyFile, { force: true });
        await pm.refresh({ fromScratch: true });
      }
      await waitFor(() => pm.tests().states.V1 === 'passed', 'V1 passed again once the re-run is gone');
    });

    it('a run stopped from the Testing view ends the re-run: nothing is saved for it and the states stay the meter’s', async function () {
      const verifyFile = join(ws, '.claude', 'proofmeter', 'verify.json');
      const checker = join(ws, 'check.sh');
      rmSync(verifyFile, { force: true });
      // V1's proof is `sh check.sh`: a check.sh that hangs, so the run is still going when it is stopped.
      writeFileSync(checker, 'sleep 60\nexit 1\n');
      const cts = new vscode.CancellationTokenSource();
      try {
        const started = Date.now();
        const running = pm.runTests(['V1'], { confirmed: true, token: cts.token });
        setTimeout(() => cts.cancel(), 2000);
        assert.deepEqual(await running, { kind: 'cancelled' });
        assert.ok(Date.now() - started < 20_000, `stopped in ${Date.now() - started} ms, not after the proof's 60 s`);
        const saved = existsSync(verifyFile) ? verifyFileSchema.parse(JSON.parse(readFileSync(verifyFile, 'utf8'))).results : [];
        assert.deepEqual(saved.map((r) => r.id), [], 'a cancelled re-run says nothing about the proof, so none is saved');
        // The sandbox's mount points for protected files that did not exist are gone with the stopped run.
        await waitFor(() => !existsSync(join(ws, '.mcp.json')), 'no empty .mcp.json left in the project by the stopped re-run', 5000);
      } finally {
        cts.dispose();
        rmSync(checker, { force: true });
        rmSync(verifyFile, { force: true });
        await pm.refresh({ fromScratch: true });
      }
      await waitFor(() => pm.tests().states.V1 === 'passed', 'V1 as the meter has it');
    });

    it('a run of the person’s item re-runs nothing and says why', async function () {
      const verifyFile = join(ws, '.claude', 'proofmeter', 'verify.json');
      assert.deepEqual(await pm.runTests(['S4'], { confirmed: true }), { kind: 'refused', why: 'nothing to run' });
      assert.ok(!existsSync(verifyFile), 'nothing was run');
    });
  });
}

export function defineTestingRestrictedTests(): void {
  describe('Proofmeter plan in the Testing view, Restricted Mode', function () {
    it('shows the items and their states, and the run refuses as Verify does, running nothing', async function () {
      const ws = folder();
      const pm = await api();
      const items = engineItems(ws);
      await waitFor(() => pm.tests().items.length === items.length && items.every((i) => pm.tests().states[i.id] === AS_TEST[i.state]), 'the items with their states');
      assert.deepEqual(await pm.runTests(null, { confirmed: true }), { kind: 'refused', why: 'untrusted' });
      assert.ok(pm.log().some((l) => l.includes('refused "Verify": the workspace is not trusted')), 'refused with Verify’s words');
      assert.ok(!existsSync(join(ws, '.claude', 'proofmeter', 'verify.json')), 'nothing was run');
    });
  });
}
