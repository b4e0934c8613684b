// `proofmeter doctor` shows what the seal check found and the ways back; --restore and --reseal
// take them, and only the person may (the same check as adopt and install).
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goalPath } from '../../../src/workspace/goalState';
import { parseDoctorReport, type DoctorReport } from '../../../src/extension/doctorVerdict';
import { cli } from '../helpers/cli';
import { tallyJson } from '../helpers/cliJson';
import { z } from 'zod';

/** The part of `doctor --json` these tests read: the seal's state and where its two copies are. */
const doctorSeal = z.object({
  seal: z.object({ state: z.string(), copies: z.object({ inside: z.object({ path: z.string() }), outside: z.object({ path: z.string() }) }) }),
});

function doctorJson(out: string): DoctorReport {
  const report = parseDoctorReport(out);
  if (!report) throw new Error(`not a doctor report: ${out}`);
  return report;
}

const PLAN = '# Doctor\n\n## Steps\n- S1. Make it. Proof: `test -f made.txt`\n';

async function adopted() {
  const root = mkdtempSync(join(tmpdir(), 'pm-sealdoc-'));
  const ws = join(root, 'proj');
  mkdirSync(join(ws, '.claude'), { recursive: true });
  writeFileSync(join(ws, 'PLAN.md'), PLAN);
  const env = { ...process.env, HOME: join(root, 'home'), XDG_STATE_HOME: join(root, 'state'), CLAUDE_CONFIG_DIR: '' };
  const a = await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
  assert.equal(a.code, 0, a.err);
  return { ws, env, goal: readFileSync(goalPath(ws), 'utf8') };
}

describe('proofmeter doctor and the seal', () => {
  it('an intact seal is reported with both copies', async () => {
    const w = await adopted();
    const d = await cli(['doctor'], { cwd: w.ws, env: w.env });
    assert.match(d.out, /^Seal: intact, taken \S+ by adopt; copies .*\.claude\/proofmeter\/seal\.json \(ok\) and .*\/state\/proofmeter\/[0-9a-f]{32}\/seal\.json \(ok\)\.$/m);
  });

  it('a deleted goal: doctor names it and exits 1; --restore puts it back byte for byte and the seal is intact again', async () => {
    const w = await adopted();
    rmSync(goalPath(w.ws));
    const d = await cli(['doctor'], { cwd: w.ws, env: w.env });
    assert.equal(d.code, 1);
    assert.match(d.out, /^Seal: BROKEN/m);
    assert.match(d.out, /^ {2}meter-tampered F-\w+: The frozen goal \.claude\/proofmeter\/goal\.json is missing/m);
    assert.match(d.out, /proofmeter doctor --restore/);
    const r = await cli(['doctor', '--restore'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /The seal is intact again\.$/);
    assert.equal(readFileSync(goalPath(w.ws), 'utf8'), w.goal);
    const json = doctorJson((await cli(['doctor', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.equal(json.seal?.state, 'intact');
  });

  it('a change the person reviewed: --reseal accepts it, and the tally no longer names it', async () => {
    const w = await adopted();
    writeFileSync(join(w.ws, '.claude', 'settings.local.json'), JSON.stringify({ env: { MY_TOOL_HOME: '/opt/tool' } }));
    const before = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.deepEqual(before.integrity.map((f) => f.kind), ['hooks-disarmed']);
    assert.match(before.integrity[0]?.message ?? '', /env MY_TOOL_HOME set \(hooks run with it\)/);
    assert.ok(!JSON.stringify(before).includes('/opt/tool'), 'env values are never shown');
    const r = await cli(['doctor', '--reseal'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Resealed .* \(1 finding accepted\)/);
    const after = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.deepEqual(after.integrity, []);
  });

  it('a goal with both copies of the seal removed: doctor says MISSING and exits 1, the status line tampered; --reseal seals it', async () => {
    const w = await adopted();
    const copies = doctorSeal.parse(JSON.parse((await cli(['doctor', '--json'], { cwd: w.ws, env: w.env })).out)).seal.copies;
    rmSync(copies.inside.path);
    rmSync(copies.outside.path);
    const d = await cli(['doctor'], { cwd: w.ws, env: w.env });
    assert.equal(d.code, 1);
    assert.match(d.out, /^Seal: MISSING: goal\.json is there, and neither copy of the seal exists/m);
    assert.match(d.out, /^ {2}meter-tampered F-\w+: The frozen goal \.claude\/proofmeter\/goal\.json has no seal/m);
    assert.match(d.out, /^ {4}proofmeter doctor --reseal {3}seals the goal as it is now/m);
    assert.doesNotMatch(d.out, /--restore/, 'no sealed goal to restore');
    const line = await cli(['statusline'], { cwd: w.ws, env: w.env });
    assert.match(line.out, /⚠ tampered: meter-tampered · proofmeter doctor/);
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.integrity.map((f) => f.kind), ['meter-tampered']);
    const r = await cli(['doctor', '--reseal'], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Resealed .* \(1 finding accepted\): goal sealed/);
    const json = doctorSeal.parse(JSON.parse((await cli(['doctor', '--json'], { cwd: w.ws, env: w.env })).out));
    assert.equal(json.seal.state, 'intact');
    assert.deepEqual(tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out).integrity, []);
  });

  const refused: Array<[string, string]> = [
    ['--reseal', 'only the person can accept a change to the meter (reseal) or restore the goal'],
    ['--restore', 'only the person can accept a change to the meter (reseal) or restore the goal'],
  ];
  for (const [flag, line] of refused) {
    it(`${flag} inside the agent's shell is refused in one line and changes nothing`, async () => {
      const w = await adopted();
      rmSync(goalPath(w.ws));
      const was = process.env.CLAUDECODE;
      // Inside a Claude Code with no Claude Code among the ancestors: the agent's shell with its ancestry cut.
      process.env.CLAUDECODE = '1';
      try {
        const r = await cli(['doctor', flag], { cwd: w.ws, env: w.env });
        assert.equal(r.code, 1);
        assert.equal(r.err.split('\n').length, 1);
        assert.ok(r.err.startsWith(`proofmeter doctor ${flag}: ${line}`), r.err);
      } finally {
        if (was === undefined) delete process.env.CLAUDECODE;
        else process.env.CLAUDECODE = was;
      }
      const d = await cli(['doctor', '--json'], { cwd: w.ws, env: w.env });
      assert.equal(doctorJson(d.out).seal?.state, 'tampered');
    });
  }

  it('--reseal and --restore together are a usage error', async () => {
    const w = await adopted();
    assert.equal((await cli(['doctor', '--reseal', '--restore'], { cwd: w.ws, env: w.env })).code, 2);
  });
});
