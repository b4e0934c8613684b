// The installed Stop entry blocks on its own when the runner cannot answer: run through sh as
// Claude Code runs it, with a stand-in runner. Exit 2 is Claude Code's "block" for a Stop hook.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATES, gateCommand, isMeterCommand, meterHookOf, statuslineCommand } from '../../../src/core/install/entries';
import { nodeOfCommand } from '../../../src/core/install/nodeEntry';
import { meterEntries, mergeMeter, unmergeMeter } from '../../../src/core/install/settingsMerge';
import { hookNode } from '../../../src/workspace/hookNode';
import { groupsOf, settingsJson } from '../helpers/settingsJson';

const GOOD_RUNNER = '#!/usr/bin/env node\nprocess.stdout.write(JSON.stringify({ decision: "block", reason: "from the runner" }));\n';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function project(runner: string | null): string {
  const ws = mkdtempSync(join(tmpdir(), 'pm-stopentry-'));
  mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
  if (runner !== null) writeFileSync(join(ws, '.claude', 'proofmeter', 'proofmeter.js'), runner);
  return ws;
}

function runEntry(command: string, ws: string) {
  const r = spawnSync('/bin/sh', ['-c', command], { cwd: ws, env: { PATH: '/usr/bin:/bin', CLAUDE_PROJECT_DIR: ws }, input: '{}', encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const node = { path: process.execPath, electron: false };

describe('the Stop entry', () => {
  // The entries are made inside the tests (a function and thunks, not values built while the file
  // loads), so a mutant in how install writes them is live while the test runs them.
  const installed = (): string => gateCommand('stop', { node, runnerSha256: sha(GOOD_RUNNER) });

  const cases: Array<{ name: string; runner: string | null; command?: () => string; code: number; stdout: RegExp; stderr: RegExp }> = [
    { name: 'the runner installed: its answer passes through, exit 0', runner: GOOD_RUNNER, code: 0, stdout: /"reason":"from the runner"/, stderr: /^$/ },
    { name: 'the runner deleted: blocks (exit 2) with one line naming proofmeter doctor', runner: null, code: 2, stdout: /^$/, stderr: /^Proofmeter: the stop gate could not run: its runner \.claude\/proofmeter\/proofmeter\.js is missing or is not the one proofmeter install copied; run proofmeter doctor\n$/ },
    { name: 'the runner replaced by one that prints a pass: blocks, it never runs', runner: '#!/usr/bin/env node\nconsole.log("verdict: ALL DONE")\n', code: 2, stdout: /^$/, stderr: /is not the one proofmeter install copied/ },
    { name: 'node not found: blocks', runner: GOOD_RUNNER, command: () => gateCommand('stop', { node: { path: '/nonexistent/node', electron: false }, runnerSha256: sha(GOOD_RUNNER) }), code: 2, stdout: /^$/, stderr: /Proofmeter: the stop gate could not run \(exit 127: its runner is missing, failed or cannot start\); run proofmeter doctor\n$/ },
    { name: 'a runner that crashes (exit 1): blocks', runner: '#!/usr/bin/env node\nprocess.exit(1)\n', command: () => gateCommand('stop', { node, runnerSha256: sha('#!/usr/bin/env node\nprocess.exit(1)\n') }), code: 2, stdout: /^$/, stderr: /could not run \(exit 1:/ },
    { name: 'without a recorded digest, a missing runner still blocks', runner: null, command: () => gateCommand('stop', { node }), code: 2, stdout: /^$/, stderr: /could not run \(exit 1:/ },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ws = project(c.runner);
      const r = runEntry(c.command ? c.command() : installed(), ws);
      assert.equal(r.code, c.code, r.err);
      assert.match(r.out, c.stdout);
      assert.match(r.err, c.stderr);
      rmSync(ws, { recursive: true, force: true });
    });
  }

  it('names the recorded node, not `node` on PATH', () => {
    assert.equal(nodeOfCommand(installed()), process.execPath);
    assert.ok(installed().includes(`"${process.execPath}" "$CLAUDE_PROJECT_DIR"/.claude/proofmeter/proofmeter.js hook stop`));
    assert.equal(nodeOfCommand(gateCommand('prompt', { node })), process.execPath);
    assert.equal(nodeOfCommand(statuslineCommand({ node })), process.execPath);
  });

  it('the guard, the doctor and the uninstaller still recognise every entry', () => {
    for (const g of GATES) {
      const cmd = gateCommand(g.hook, { node, runnerSha256: sha(GOOD_RUNNER) });
      assert.equal(isMeterCommand(cmd), true, g.hook);
      assert.equal(meterHookOf(cmd), g.hook, g.hook);
    }
    const merged = mergeMeter({}, { node, runnerSha256: sha(GOOD_RUNNER) });
    assert.ok(merged.ok);
    assert.equal(meterEntries(merged.settings).length, GATES.length);
    const un = unmergeMeter(merged.settings);
    assert.ok(un.ok);
    assert.deepEqual(un.settings, {});
  });

  it('installing over entries that say `node` rewrites them in place, never a second entry', () => {
    const old = mergeMeter({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo mine' }] }] } });
    assert.ok(old.ok);
    const next = mergeMeter(old.settings, { node, runnerSha256: sha(GOOD_RUNNER) });
    assert.ok(next.ok);
    assert.equal(next.changed, true);
    assert.equal(next.report.added.length, 0);
    assert.equal(next.report.updated.length, GATES.filter((g) => g.hook !== 'guard' && g.hook !== 'receipt').length);
    assert.equal(next.report.statusLine, 'updated');
    assert.equal(meterEntries(next.settings).length, GATES.length);
    assert.deepEqual(groupsOf(settingsJson(next.settings), 'Stop')[0], { hooks: [{ type: 'command', command: 'echo mine' }] }, "the person's own Stop hook stays first and unchanged");
    assert.equal(groupsOf(settingsJson(next.settings), 'Stop')[1]?.hooks[0]?.command, gateCommand('stop', { node, runnerSha256: sha(GOOD_RUNNER) }));
    const again = mergeMeter(next.settings, { node, runnerSha256: sha(GOOD_RUNNER) });
    assert.ok(again.ok);
    assert.equal(again.changed, false);
  });

  it('a path sh cannot hold in double quotes falls back to `node`', () => {
    assert.match(gateCommand('prompt', { node: { path: '/opt/we"ird/node', electron: false } }), /^node "\$CLAUDE_PROJECT_DIR"/);
  });

  describe('which node install records', () => {
    const cases: Array<{ name: string; env: NodeJS.ProcessEnv; electron: boolean; want: (bin: string) => { path: string; electron: boolean } }> = [
      { name: 'a plain node: the one running install', env: {}, electron: false, want: () => ({ path: '/usr/local/bin/node-x', electron: false }) },
      { name: "VS Code's binary with a node on PATH: that node", env: {}, electron: true, want: (bin) => ({ path: join(bin, 'node'), electron: false }) },
      { name: "VS Code's binary and no node on PATH: the binary, run as node", env: { PATH: '/nonexistent' }, electron: true, want: () => ({ path: '/usr/local/bin/node-x', electron: true }) },
    ];
    for (const c of cases) {
      it(c.name, () => {
        const bin = mkdtempSync(join(tmpdir(), 'pm-bin-'));
        writeFileSync(join(bin, 'node'), '#!/bin/sh\n');
        chmodSync(join(bin, 'node'), 0o755);
        assert.deepEqual(hookNode({ PATH: bin, ...c.env }, '/usr/local/bin/node-x', c.electron), c.want(bin));
      });
    }
    it('an Electron entry runs its binary with ELECTRON_RUN_AS_NODE', () => {
      assert.match(gateCommand('prompt', { node: { path: '/usr/share/code/code', electron: true } }), /^ELECTRON_RUN_AS_NODE=1 "\/usr\/share\/code\/code" "\$CLAUDE_PROJECT_DIR"/);
    });
  });
});
