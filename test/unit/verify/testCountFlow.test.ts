// The count through the workspace: the session's run of a proof printed how many tests ran; the
// verifier's re-run saves its own count, and a re-run that exits 0 with none, or fewer, is no pass:
// the stop gate blocks naming both counts, and the tally takes the proof back with a named finding.
import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { summaryOf } from '../../../src/extension/verifyFlow';
import { readVerifyJson } from '../../../src/extension/verifyJson';
import { verifyFileSchema } from '../../../src/workspace/verifyState';
import { cli } from '../helpers/cli';
import { tallyJson } from '../helpers/cliJson';
import { blockReason, gate, payload, type Workspace } from '../hooks/helpers';
import { adopt, gitWorkspace, sessionProving } from './helpers';

const PLAN = '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n\n## Checks\n- V1. The tests pass. Proof: `sh test.sh`\n';
const mochaSays = (n: number) => `printf '\\n  suite\\n\\n  ${n} passing (12ms)\\n\\n'\n`;
const SESSION_OUTPUT = '\n  suite\n    ✔ one\n\n  12 passing (31ms)\n';

/** The session's Bash results for `command` printed `stdout`, as Claude Code records it. */
function sessionPrinted(file: string, command: string, stdout: string): void {
  const records = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const ids = new Set<string>();
  for (const r of records) {
    const content = (r.message as { content?: unknown } | undefined)?.content;
    if (!Array.isArray(content)) continue;
    for (const b of content as Record<string, unknown>[]) {
      if (b.type === 'tool_use' && (b.input as { command?: string }).command === command) ids.add(String(b.id));
      if (b.type === 'tool_result' && ids.has(String(b.tool_use_id))) {
        b.content = stdout;
        r.toolUseResult = { ...(r.toolUseResult as object), stdout, stderr: '' };
      }
    }
  }
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

function session(w: Workspace): void {
  sessionPrinted(sessionProving(w, ['grep hi greet.txt', 'sh test.sh']), 'sh test.sh', SESSION_OUTPUT);
}

const stop = (w: Workspace) => gate('stop', payload('stop-first', { cwd: w.ws }), w);
const savedTests = (w: Workspace) =>
  verifyFileSchema.parse(JSON.parse(readFileSync(join(w.ws, '.claude', 'proofmeter', 'verify.json'), 'utf8'))).results.map((r) => [r.id, r.outcome, r.tests]);

describe('the test count through the stop gate and the tally', () => {
  it('an honest run of as many tests as the session: the stop goes through, the count saved beside the result', async () => {
    const w = gitWorkspace({ 'test.sh': mochaSays(12) });
    adopt(w, PLAN);
    session(w);
    const before = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.deepEqual(before.items.find((i) => i.id === 'V1')?.run?.tests, { runner: 'mocha', ran: 12 }, "the session's own count, read from its transcript");
    assert.equal((await stop(w)).answer.outcome, 'allow');
    assert.deepEqual(savedTests(w), [['S1', 'pass', null], ['V1', 'pass', { runner: 'mocha', ran: 12 }]]);
  });

  it('a re-run that exits 0 and runs none: blocked with both counts, and the tally ends with no-tests-ran', async () => {
    const w = gitWorkspace({ 'test.sh': mochaSays(0) });
    adopt(w, PLAN);
    session(w);
    const r = await stop(w);
    assert.equal(r.answer.outcome, 'block-rerun');
    const reason = blockReason(r);
    assert.match(reason, /^- V1 `sh test\.sh`: the re-run ran 0 tests \(the session's run ran 12\)$/m);
    assert.match(reason, /^A re-run that exits 0 but runs no tests, or fewer than this session's own run of the proof, does not pass/m);
    assert.ok(!/^- S1/m.test(reason), 'S1 passed and is not named');
    assert.deepEqual(savedTests(w), [['S1', 'pass', null], ['V1', 'pass', { runner: 'mocha', ran: 0 }]]);
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.equal(t.verdict, 'not-done');
    assert.equal(t.items.find((i) => i.id === 'V1')?.state, 'failed');
    assert.deepEqual(t.verifier?.findings.map((f) => [f.kind, f.severity]), [['no-tests-ran', 'error']]);
    assert.deepEqual(t.verifier?.reopened, ['V1']);
  });

  it('fewer tests than the session: tests-fewer-on-rerun, naming both counts', async () => {
    const w = gitWorkspace({ 'test.sh': mochaSays(5) });
    adopt(w, PLAN);
    session(w);
    const r = await stop(w);
    assert.equal(r.answer.outcome, 'block-rerun');
    assert.match(blockReason(r), /^- V1 `sh test\.sh`: the re-run ran 5 tests \(the session's run ran 12\)$/m);
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.deepEqual(t.verifier?.findings.map((f) => f.kind), ['tests-fewer-on-rerun']);
    assert.match(t.verifier?.findings[0]?.message ?? '', /ran 5 tests \(the session's run ran 12\)/);
  });

  it('a summary past the 256 KiB kept for the terminal is still counted, from the tail', async () => {
    const w = gitWorkspace({ 'test.sh': `head -c 300000 /dev/zero | tr '\\0' x\n${mochaSays(7)}` });
    adopt(w, PLAN);
    const v = await cli(['verify', '--json', '--items', 'V1'], { cwd: w.ws, env: w.env });
    assert.equal(v.code, 0, v.err);
    assert.deepEqual(savedTests(w), [['V1', 'pass', { runner: 'mocha', ran: 7 }]]);
  });

  it('proofmeter verify saves the count as well, never the output', async () => {
    const w = gitWorkspace({ 'test.sh': mochaSays(0) });
    adopt(w, PLAN);
    session(w);
    const v = await cli(['verify'], { cwd: w.ws, env: w.env });
    assert.equal(v.code, 1, 'a re-run that ran no test is a disagreement');
    const saved = readFileSync(join(w.ws, '.claude', 'proofmeter', 'verify.json'), 'utf8');
    assert.ok(!saved.includes('passing'), 'no output saved');
    assert.deepEqual(savedTests(w).find((x) => x[0] === 'V1'), ['V1', 'pass', { runner: 'mocha', ran: 0 }]);
    assert.match(v.out, /^Disagreements \(the session and the re-run differ\): V1$/m);
    assert.match(v.out, /^ {2}V1 {2}the session: proved; the re-run: FAILED \(exit 0, but the re-run ran 0 tests \(the session's run ran 12\)\) {2}proof: sh test\.sh$/m);
    assert.match(v.out, /^ +\| +0 passing \(12ms\)$/m, 'the output that shows it, for the person');
    // VS Code's Verify reads the same JSON: its notification names the count, not a pass.
    const j = readVerifyJson((await cli(['verify', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.ok(j.ok, j.ok ? '' : j.why);
    assert.equal(summaryOf(j.json), 'Proofmeter: 1 of 2 re-run(s) did not pass: V1 (ran 0 tests); the session disagrees on V1. Verdict: NOT DONE.');
  });
});
