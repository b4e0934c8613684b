// The VS Code Verify command's steps (src/extension/verifyFlow.ts, no vscode module), with a fake
// UI and the real bundled CLI (dist/proofmeter.js, built by `node esbuild.mjs`) run the way the
// extension runs it: asks first, naming every command; runs under a cancellable progress; a cancel
// ends the running proof.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runCliStreaming } from '../../../src/extension/cliStream';
import { confirmationText, progressOf, verifyFlow, type VerifyDeps } from '../../../src/extension/verifyFlow';
import type { ViewState } from '../../../src/protocol';
import { readGoal } from '../../../src/workspace/goalState';
import { verifyFileSchema } from '../../../src/workspace/verifyState';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { adopt, gitWorkspace } from './helpers';

const REPO = resolve(__dirname, '..', '..', '..');
const STATE: ViewState = { tally: null, fault: null, gates: [], seal: [], sealed: false, trusted: true, updatedAt: '2026-01-01T00:00:00.000Z' };

interface Seen {
  confirms: Array<{ message: string; detail: string }>;
  progress: string[];
  info: string[];
  warn: string[];
  runs: string[][];
}

function deps(cwd: string, answer: boolean, abortAfterMs: number | null = null): { d: VerifyDeps; seen: Seen } {
  const seen: Seen = { confirms: [], progress: [], info: [], warn: [], runs: [] };
  const goal = readGoal(cwd);
  const d: VerifyDeps = {
    cwd,
    goal: goal.kind === 'ok' ? goal.goal : null,
    tally: goal.kind === 'ok' ? tallyWorkspace({ cwd }) : null,
    ui: {
      confirm: async (message, detail) => {
        seen.confirms.push({ message, detail });
        return answer;
      },
      progress: (_title, task) => {
        const ac = new AbortController();
        if (abortAfterMs !== null) setTimeout(() => ac.abort(), abortAfterMs);
        return task((m) => seen.progress.push(m), ac.signal);
      },
      info: (m) => seen.info.push(m),
      warn: (m) => seen.warn.push(m),
      show: () => undefined,
    },
    run: (args, onLine, signal) => {
      seen.runs.push(args);
      return runCliStreaming(REPO, args, cwd, onLine, signal);
    },
    refresh: async () => STATE,
  };
  return { d, seen };
}

const PLAN = '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n- S2. You. Proof: human — your words name S2\n\n## Checks\n- V1. Checks. Proof: `sh check.sh`\n';

describe('the Verify command’s flow', function () {
  this.timeout(30_000);
  before(function () {
    if (!existsSync(join(REPO, 'dist', 'proofmeter.js'))) throw new Error('dist/proofmeter.js is missing: run node esbuild.mjs first');
  });

  it('asks first, naming every command it will run (Claude’s only); declined, nothing runs', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 1\n' });
    adopt(w, PLAN);
    const { d, seen } = deps(w.ws, false);
    const out = await verifyFlow(d);
    assert.equal(out.kind, 'declined');
    assert.deepEqual(seen.runs, []);
    assert.equal(seen.confirms.length, 1);
    assert.equal(seen.confirms[0]!.message, `Re-run 2 of Claude's proofs in ${w.ws}?`);
    assert.deepEqual(seen.confirms[0]!.detail.split('\n').slice(-2), ['S1: grep hi greet.txt', 'V1: sh check.sh']);
    assert.ok(!existsSync(join(w.ws, '.claude', 'proofmeter', 'verify.json')));
  });

  it('run: progress from the CLI’s own lines, the results saved, and a summary that names the failure', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 1\n' });
    adopt(w, PLAN);
    const { d, seen } = deps(w.ws, true);
    const out = await verifyFlow(d);
    assert.equal(out.kind, 'ran');
    if (out.kind !== 'ran') return;
    assert.equal(out.code, 1);
    assert.deepEqual(seen.runs, [['verify', '--json', '--cwd', w.ws]]);
    assert.deepEqual(seen.progress.map((p) => p.replace(/ \d+ ms$/, ' N ms')), ['S1: running `grep hi greet.txt`', 'S1: pass in N ms', 'V1: running `sh check.sh`', 'V1: FAILED (exit 1) in N ms']);
    assert.deepEqual(seen.warn, ['Proofmeter: 1 of 2 re-run(s) did not pass: V1 (exit 1). Verdict: NOT DONE.']);
    const saved = verifyFileSchema.parse(JSON.parse(readFileSync(join(w.ws, '.claude', 'proofmeter', 'verify.json'), 'utf8')));
    assert.deepEqual(saved.results.map((r) => [r.id, r.by]), [['S1', 'verify'], ['V1', 'verify']]);
  });

  it('a cancel ends the running proof at once', async () => {
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. Hang. Proof: `sleep 30`\n');
    const { d, seen } = deps(w.ws, true, 800);
    const started = Date.now();
    const out = await verifyFlow(d);
    assert.equal(out.kind, 'cancelled');
    assert.ok(Date.now() - started < 10_000, `ended soon after the cancel (${Date.now() - started} ms)`);
    assert.match(seen.warn[0] ?? '', /Verify was cancelled/);
  });

  it('no goal, or nothing of Claude’s to run, says so and runs nothing', async () => {
    const none = deps(gitWorkspace({}).ws, true);
    assert.equal((await verifyFlow(none.d)).kind, 'no-goal');
    const w = gitWorkspace({});
    adopt(w, '# G\n\n## Steps\n- S1. You. Proof: human — your words name S1\n');
    const only = deps(w.ws, true);
    assert.equal((await verifyFlow(only.d)).kind, 'nothing');
    assert.deepEqual([...none.seen.runs, ...only.seen.runs], []);
  });

  const lines: Array<[string, ReturnType<typeof progressOf>]> = [
    ['[1/4] S1: `npm test`', { message: 'S1: running `npm test`', increment: 0 }],
    ['[1/4] S1: pass in 12 ms', { message: 'S1: pass in 12 ms', increment: 25 }],
    ['proofmeter verify: cancelled', null],
  ];
  for (const [line, want] of lines) {
    it(`reads the progress line ${JSON.stringify(line)}`, () => assert.deepEqual(progressOf(line), want));
  }

  it('one proof is named in the singular', () => {
    assert.equal(confirmationText([{ id: 'S1', proof: 'make' }], '/w').message, "Re-run 1 of Claude's proof in /w?");
  });
});
