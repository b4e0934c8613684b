import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectSlug } from '../../../src/workspace/transcriptFiles';
import { cli } from '../helpers/cli';
import { checkPlanJson, goalJson, tallyJson } from '../helpers/cliJson';
import { FIXTURES, labTranscript } from '../helpers/fixtures';
import { copyOwn } from '../helpers/ownSession';

const PLAN = `# Greeting

## Steps
- **S1.** Greet. Proof: \`sleep 1; cat out.txt\`
- **S2.** Fail. Proof: \`echo before-exit; echo err-before-exit >&2; exit 3\`
- **S3.** Yours. Proof: human — your answer names S3
`;

function workspace(plan = PLAN) {
  const root = mkdtempSync(join(tmpdir(), 'pm-cli-'));
  const ws = join(root, 'ws');
  const home = join(root, 'home');
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(ws, 'PLAN.md'), plan);
  const dir = join(home, '.claude', 'projects', projectSlug(ws));
  mkdirSync(dir, { recursive: true });
  copyOwn(labTranscript('main'), join(dir, 'session-1.jsonl'), ws);
  const env = { ...process.env, HOME: home, CLAUDE_CONFIG_DIR: '' };
  return { ws, home, env };
}

describe('cli: check-plan', () => {
  it('exits 0 on an acceptable plan', async () => {
    const { ws, env } = workspace();
    const r = await cli(['check-plan', 'PLAN.md'], { cwd: ws, env });
    assert.equal(r.code, 0);
    assert.match(r.out, /OK, 3 items \(2 Claude's, 1 yours, 0 later\)/);
  });

  it('exits 1 with one finding per problem, each naming the item and the rule', async () => {
    const { ws, env } = workspace(`## Steps\n- **S1.** a. Proof: \`REPORT.md\`\n- **S2.** b.\n- **S2.** c. Proof: \`npm test <file>\`\n`);
    const r = await cli(['check-plan', 'PLAN.md'], { cwd: ws, env });
    assert.equal(r.code, 1);
    const lines = r.out.split('\n').slice(1);
    assert.ok(lines.some((l) => /S1 \[bare-name\]/.test(l)));
    assert.ok(lines.some((l) => /S2 \[missing-proof\]/.test(l)));
    assert.ok(lines.some((l) => /S2 \[duplicate-id\]/.test(l)));
    assert.ok(lines.some((l) => /S2 \[placeholder\]/.test(l)));
  });

  it('--json gives ok, items and findings', async () => {
    const { ws, env } = workspace(`## Steps\n- **S1.** a. Proof: \`REPORT.md\`\n`);
    const r = await cli(['check-plan', 'PLAN.md', '--json'], { cwd: ws, env });
    const j = checkPlanJson(r.out);
    assert.equal(j.ok, false);
    assert.equal(j.findings[0]?.rule, 'bare-name');
    assert.equal(j.items[0]?.id, 'S1');
  });

  it('a missing plan file is a one-line error with exit 2', async () => {
    const { ws, env } = workspace();
    const r = await cli(['check-plan', 'NOPE.md'], { cwd: ws, env });
    assert.equal(r.code, 2);
    assert.equal(r.err.split('\n').length, 1);
    assert.match(r.err, /cannot read plan .*NOPE\.md/);
  });
});

describe('cli: tally', () => {
  it('--plan/--transcript evaluates the plan as approved against those transcripts', async () => {
    const { ws, env } = workspace();
    const r = await cli(['tally', '--plan', 'PLAN.md', '--transcript', labTranscript('main'), '--json'], { cwd: ws, env });
    assert.equal(r.code, 0, r.err);
    const t = tallyJson(r.out);
    assert.equal(t.verdict, 'not-done');
    assert.deepEqual(t.items.map((i) => [i.id, i.state]), [['S1', 'proved'], ['S2', 'failed'], ['S3', 'open']]);
    assert.deepEqual(t.stages.filter((s) => s.name === 'commit' || s.name === 'push').map((s) => s.state), ['skipped', 'skipped']);
  });

  it('text output ends with exactly one verdict line', async () => {
    const { ws, env } = workspace();
    const r = await cli(['tally', '--plan', 'PLAN.md', '--transcript', labTranscript('main')], { cwd: ws, env });
    const lines = r.out.split('\n');
    assert.equal(lines[lines.length - 1], 'verdict: NOT DONE (1 open)');
    assert.equal(lines.filter((l) => l.startsWith('verdict:')).length, 1);
    assert.match(r.out, /S2 {2}failed: exit code 3 {2}proof: echo before-exit/);
  });

  it('--plan without --transcript is a usage error', async () => {
    const { ws, env } = workspace();
    const r = await cli(['tally', '--plan', 'PLAN.md'], { cwd: ws, env });
    assert.equal(r.code, 2);
  });

  it('without a goal the workspace tally says so', async () => {
    const { ws, env } = workspace();
    const r = await cli(['tally', '--json'], { cwd: ws, env });
    const t = tallyJson(r.out);
    assert.equal(t.goal.frozenBy, null);
    assert.equal(t.verdict, 'not-done');
  });
});

describe('cli: adopt and the frozen list', () => {
  it('adopt freezes the list; the workspace tally reads this workspace’s sessions', async () => {
    const { ws, env } = workspace();
    const a = await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
    assert.equal(a.code, 0, a.err);
    const goal = goalJson(readFileSync(join(ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'));
    assert.equal(goal.frozenBy, 'adopt');
    assert.deepEqual(goal.items.map((i) => i.key.split(':')[0]), ['steps', 'steps', 'steps']);
    const r = await cli(['tally', '--json'], { cwd: ws, env });
    const t = tallyJson(r.out);
    assert.deepEqual(t.items.map((i) => i.state), ['proved', 'failed', 'open']);
  });

  it('an inserted or reworded item leaves every other proof where it was and is reported, not counted', async () => {
    const { ws, env } = workspace();
    await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
    const edited = PLAN.replace('- **S1.** Greet.', '- **S0.** New first step. Proof: `npm test`\n- **S1.** Greet warmly.');
    writeFileSync(join(ws, 'PLAN.md'), edited);
    const t = tallyJson((await cli(['tally', '--json'], { cwd: ws, env })).out);
    assert.deepEqual(t.items.map((i) => [i.id, i.state]), [['S1', 'proved'], ['S2', 'failed'], ['S3', 'open']]);
    assert.deepEqual(t.added.map((a) => a.id), ['S0', 'S1']);
    // Claude's S1 and S2; the steps are not counted outside a git repository.
    assert.equal(t.headline.total, 2);
    const text = (await cli(['tally'], { cwd: ws, env })).out;
    assert.match(text, /Added after approval \(not counted\): S0 S1/);
  });

  it('refuses a plan with findings and writes nothing', async () => {
    const { ws, env } = workspace(`## Steps\n- **S1.** a. Proof: \`REPORT.md\`\n`);
    const r = await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
    assert.equal(r.code, 1);
    assert.equal(existsSync(join(ws, '.claude', 'proofmeter', 'goal.json')), false);
  });

  it('never overwrites a goal file it cannot parse', async () => {
    const { ws, env } = workspace();
    const path = join(ws, '.claude', 'proofmeter', 'goal.json');
    mkdirSync(join(ws, '.claude', 'proofmeter'), { recursive: true });
    writeFileSync(path, '{ not json');
    const r = await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
    assert.equal(r.code, 2);
    assert.equal(readFileSync(path, 'utf8'), '{ not json');
    // The tally still answers, NOT DONE, naming the corrupt goal.
    const t = await cli(['tally'], { cwd: ws, env });
    assert.equal(t.code, 0, t.err);
    assert.match(t.out, /^Integrity error F-\w+: The goal file \.claude\/proofmeter\/goal\.json is corrupt/m);
    assert.match(t.out, /^verdict: NOT DONE \(\d+ open, 1 integrity finding\)$/m);
  });

  it('handover checks the id against the goal', async () => {
    const { ws, env } = workspace();
    await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
    assert.equal((await cli(['handover', 'S2', '--why', 'needs the prod key'], { cwd: ws, env })).code, 0);
    assert.equal((await cli(['handover', 'S9', '--why', 'x'], { cwd: ws, env })).code, 1);
    assert.equal((await cli(['handover', 'S3', '--why', 'x'], { cwd: ws, env })).code, 1);
    assert.equal((await cli(['handover', 'S2'], { cwd: ws, env })).code, 2);
  });
});

describe('cli: statusline', () => {
  it('prints one line from the workspace in the stdin JSON', async () => {
    const { ws, env } = workspace();
    await cli(['adopt', 'PLAN.md'], { cwd: ws, env });
    const r = await cli(['statusline'], { cwd: '/', env, stdin: JSON.stringify({ cwd: ws, workspace: { current_dir: ws, project_dir: ws } }) });
    assert.equal(r.code, 0);
    assert.equal(r.out, '▰▰▰▰▱▱▱▱ 1/2 · build ◐ · you: S3');
  });

  it('never fails on a bad payload', async () => {
    const { ws, env } = workspace();
    const r = await cli(['statusline'], { cwd: ws, env, stdin: '{oops' });
    assert.equal(r.code, 0);
    assert.match(r.out, /no goal/);
  });
});

describe('cli: usage', () => {
  it('--help lists the commands', async () => {
    const r = await cli(['--help'], { cwd: FIXTURES });
    assert.equal(r.code, 0);
    for (const c of ['check-plan', 'tally', 'statusline', 'adopt', 'handover']) assert.match(r.out, new RegExp(c));
  });
  it('an unknown command exits 2', async () => {
    assert.equal((await cli(['frobnicate'], { cwd: FIXTURES })).code, 2);
  });
});
