// The meter's hooks against the real Claude Code CLI (2.1.332), offline, with the scripted fake
// Messages API. Every run uses the bundle built by `node esbuild.mjs` (dist/proofmeter.js),
// installed into the run's project the way `proofmeter install` installs it.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hookCommand, type RunResult } from './runClaude';
import type { GoalState } from '../../src/workspace/goalState';
import { bash, lastUserText, outcomes, pm, personEnv, preparedProject, realCliSuite, tallyText, threadRequests, toolUse, turn } from './scenarioKit';

const TIMEOUT = 120_000;

/**
 * A project prepared outside the run: user files, `proofmeter install`, optionally `proofmeter
 * adopt PLAN.md`. Returns its files as a runClaude `files` map, and its settings as installed.
 */
function prepared(opts: { settings?: string; plan?: string; adopt?: boolean } = {}): { files: Record<string, string>; settingsText: string } {
  const given: Record<string, string> = {};
  if (opts.settings !== undefined) given[join('.claude', 'settings.json')] = opts.settings;
  if (opts.plan !== undefined) given['PLAN.md'] = opts.plan;
  const files = preparedProject({ files: given, adopt: opts.adopt ?? false });
  return { files, settingsText: files[join('.claude', 'settings.json')]! };
}

function goalOf(run: RunResult): GoalState {
  return JSON.parse(readFileSync(join(run.project, '.claude', 'proofmeter', 'goal.json'), 'utf8')) as GoalState;
}

describe('hooks with the real Claude Code CLI', function () {
  this.timeout(10 * 60 * 1000);
  const cli = realCliSuite();

  it('plan gate: a plan without proofs is refused at ExitPlanMode, the fixed plan is approved and frozen', async function () {
    this.timeout(TIMEOUT);
    const bad = '# Marker plan\n\n## Steps\n- S1. Write the marker.\n- S2. The person reads it. Proof: human — your words name S2\n';
    const good = '# Marker plan\n\n## Steps\n- S1. Write the marker. Proof: `test -n plan-marker-ok`\n- S2. The person reads it. Proof: human — your words name S2\n';
    const { files } = prepared();
    const run = await cli.run({
      name: 'hooks-plan',
      mode: 'sdk',
      prompts: ['plan the marker task'],
      args: ['--permission-mode', 'plan'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'plan the marker task',
          captures: { plan_file: 'create your plan at (/[^ "\\\\]+?\\.md)' },
          turns: [
            turn(toolUse('Write', { file_path: '{{plan_file}}', content: bad })),
            turn(toolUse('ExitPlanMode', {})),
            turn(toolUse('Write', { file_path: '{{plan_file}}', content: good })),
            turn(toolUse('ExitPlanMode', {})),
            bash('test -n plan-marker-ok'),
            { text: 'Plan approved and S1 proved.' },
          ],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    assert.deepEqual(reqs.map((q) => q.reply.step), [0, 1, 2, 3, 4, 5]);
    // The refusal reached the model as the ExitPlanMode result, one line per finding.
    const refusal = lastUserText(reqs[2]!);
    assert.match(refusal, /Proofmeter refused this plan: 1 problem\. Fix it in the plan file and call ExitPlanMode again:\n- line 4: S1 has no proof; end the item with Proof: `npm test -- --grep parser`/);
    // The person (the SDK host) was asked about the accepted plan only.
    const asked = readFileSync(run.controlLog!, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { dir?: string; msg: { request?: { subtype?: string; tool_name?: string; input?: { plan?: unknown } } } })
      .filter((c) => c.dir === 'from-cli' && c.msg.request?.subtype === 'can_use_tool' && c.msg.request.tool_name === 'ExitPlanMode');
    assert.equal(asked.length, 1);
    assert.match(String(asked[0]?.msg.request?.input?.plan), /Proof: `test -n plan-marker-ok`/);
    // Frozen at approval, with the approving session.
    const goal = goalOf(run);
    assert.equal(goal.frozenBy, 'approval');
    assert.equal(goal.sessionId, run.sessionId);
    assert.match(goal.planPath, /\/home\/\.claude\/plans\/[^/]+\.md$/);
    assert.deepEqual(goal.items.map((i) => [i.id, i.owner]), [['S1', 'claude'], ['S2', 'human']]);
    assert.deepEqual(outcomes(run, 'plan-gate'), ['deny', 'pass']);
    assert.deepEqual(outcomes(run, 'plan-approved'), ['frozen']);
    // S1 was proved after approval, so the stop went through at once.
    assert.deepEqual(outcomes(run, 'stop'), ['allow']);
  });

  it('stop gate: blocked while a proof is unrun, allowed once the agent ran it and it passed', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Unrun\n\n## Steps\n- S1. Prove it. Proof: `test -n unrun-proof-ok`\n';
    const { files } = prepared({ plan, adopt: true });
    const run = await cli.run({
      name: 'hooks-stop-unrun',
      mode: 'print',
      prompt: 'finish the unrun task',
      args: ['--dangerously-skip-permissions'],
      files,
      script: { threads: [{ name: 'main', match: 'finish the unrun task', turns: [{ text: 'All done, I think.' }, bash('test -n unrun-proof-ok'), { text: 'Now it is proved.' }] }] },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    assert.deepEqual(reqs.map((q) => q.reply.step), [0, 1, 2], 'one block, then the proof, then the stop went through');
    const fed = lastUserText(reqs[1]!);
    assert.ok(fed.includes("Proofmeter: Claude's part of the goal is not done (0 of 1). Open:\n- S1 (not run yet): run `test -n unrun-proof-ok`"), fed);
    assert.ok(fed.includes("Stop blocked 1 of 8 times in a row (Claude Code's cap)."), fed);
    assert.deepEqual(outcomes(run, 'stop'), ['block', 'allow']);
    assert.equal(tallyText(run).trim().split('\n').at(-1), 'verdict: ALL DONE');
  });

  it("stop gate at Claude Code's cap: 8 blocks in a row, then the 9th stop goes through with the gate's notice, as Claude Code lets it", async function () {
    this.timeout(TIMEOUT);
    const plan = '# Capped\n\n## Steps\n- S1. Prove it. Proof: `test -n capped-proof-never-run`\n';
    const { files } = prepared({ plan, adopt: true });
    const run = await cli.run({
      name: 'hooks-stop-cap',
      mode: 'print',
      prompt: 'stop without proving',
      args: ['--dangerously-skip-permissions'],
      files,
      script: { threads: [{ name: 'main', match: 'stop without proving', turns: Array.from({ length: 20 }, (_, i) => ({ text: `stopping ${i}` })) }] },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    assert.deepEqual(outcomes(run, 'stop'), [...Array.from({ length: 8 }, () => 'block'), 'allow-cap']);
    const reqs = threadRequests(run);
    assert.equal(reqs.length, 9, 'the first answer and one more per honoured block');
    assert.ok(lastUserText(reqs[8]!).includes('Stop blocked 8 of 8 times in a row: Claude Code lets the next stop through, with this work still open.'), lastUserText(reqs[8]!));
    assert.equal(tallyText(run).trim().split('\n').at(-1), 'verdict: NOT DONE (1 open)');
  });

  it('stop gate: blocked while a proof failed, open again until the proof passes', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Failing\n\n## Steps\n- S1. Make done.txt. Proof: `test -f done.txt`\n';
    const { files } = prepared({ plan, adopt: true });
    const run = await cli.run({
      name: 'hooks-stop-failed',
      mode: 'print',
      prompt: 'finish the failing task',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'finish the failing task',
          turns: [bash('test -f done.txt'), { text: 'Checked; stopping.' }, bash('touch done.txt'), bash('test -f done.txt'), { text: 'Fixed and proved.' }],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    assert.deepEqual(reqs.map((q) => q.reply.step), [0, 1, 2, 3, 4]);
    const fed = lastUserText(reqs[2]!);
    // Claude Code reads exit 1 of `test` as "Condition is false"; the run still failed.
    assert.ok(fed.includes('- S1 (failed: Condition is false): run `test -f done.txt`'), fed);
    assert.deepEqual(outcomes(run, 'stop'), ['block', 'allow']);
  });

  it('stop gate: a background proof keeps the gate closed until its completion notice', async function () {
    this.timeout(TIMEOUT);
    const proof = 'sleep 2; test -d .claude';
    const plan = `# Background\n\n## Steps\n- S1. Slow check. Proof: \`${proof}\`\n`;
    const { files } = prepared({ plan, adopt: true });
    const run = await cli.run({
      name: 'hooks-stop-bg',
      mode: 'print',
      prompt: 'finish the background task',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'finish the background task',
          turns: [bash(proof, { run_in_background: true }), { text: 'Started in the background; stopping.' }, bash('sleep 5'), { text: 'Waited for it.' }],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    const reqs = threadRequests(run);
    const fed = lastUserText(reqs[2]!);
    assert.ok(fed.includes(`- S1 (pending: waiting for its completion notice): run \`${proof}\``), fed);
    const stops = outcomes(run, 'stop');
    assert.equal(stops[0], 'block');
    assert.equal(stops.at(-1), 'allow');
    // Every stop before the notice reached the transcript was blocked; the first allow came after it.
    const records = run.records();
    const noticeAt = records.findIndex((r) => r.type === 'attachment' && r.attachment?.type === 'queued_command' && String(r.attachment.prompt).includes('<status>completed</status>'));
    assert.ok(noticeAt > 0, 'the completion notice is in the transcript');
    const stopRecords = records.map((r, i) => ({ r, i })).filter(({ r }) => r.type === 'system' && r.subtype === 'stop_hook_summary');
    assert.equal(stopRecords.length, stops.length);
    stopRecords.forEach(({ i }, k) => {
      if (i < noticeAt) assert.equal(stops[k], 'block', `stop ${k} came before the notice`);
    });
    const firstAllow = stops.indexOf('allow');
    assert.ok(stopRecords[firstAllow]!.i > noticeAt, 'the stop went through only after the notice');
  });

  it('guard: an edit of the hook entries is denied, by Edit, Write and Bash alike', async function () {
    this.timeout(TIMEOUT);
    const { files, settingsText } = prepared();
    // The edit keeps the line's trailing comma (the stop entry's timeout follows its command), so
    // the file stays valid JSON and only the guard can refuse it.
    const stopLine = settingsText.split('\n').find((l) => l.includes('hook stop'))!.trim();
    const run = await cli.run({
      name: 'hooks-guard',
      mode: 'print',
      prompt: 'loosen the gate',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        threads: [{
          name: 'main',
          match: 'loosen the gate',
          turns: [
            turn(toolUse('Read', { file_path: '{{PROJECT}}/.claude/settings.json' })),
            turn(toolUse('Edit', { file_path: '{{PROJECT}}/.claude/settings.json', old_string: stopLine, new_string: stopLine.replace(/"command": ".*"/, '"command": "true"') })),
            turn(toolUse('Write', { file_path: '{{PROJECT}}/.claude/settings.local.json', content: '{"disableAllHooks": true}\n' })),
            bash("sed -i '/hook stop/d' .claude/settings.json"),
            bash('echo {} > .claude/proofmeter/goal.json'),
            { text: 'Could not loosen it.' },
          ],
        }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), settingsText, 'settings unchanged');
    assert.ok(!existsSync(join(run.project, '.claude', 'settings.local.json')));
    assert.ok(!existsSync(join(run.project, '.claude', 'proofmeter', 'goal.json')));
    const reqs = threadRequests(run);
    assert.deepEqual(reqs.map((q) => q.reply.step), [0, 1, 2, 3, 4, 5]);
    assert.match(lastUserText(reqs[2]!), /Proofmeter guard: this edit of \.claude\/settings\.json would change what arms the gates \(removes or alters the meter's hook entries\)/);
    assert.match(lastUserText(reqs[3]!), /Proofmeter guard: this edit of \.claude\/settings\.local\.json would change what arms the gates \(sets disableAllHooks to true\)/);
    assert.match(lastUserText(reqs[4]!), /Proofmeter guard: this command would change \.claude\/settings\.json \(sed -i\)/);
    assert.match(lastUserText(reqs[5]!), /Proofmeter guard: this command would change \.claude\/proofmeter\/goal\.json \(> redirect\)/);
    assert.deepEqual(outcomes(run, 'guard'), ['deny', 'deny', 'deny', 'deny'], 'Read is not guarded; the four writes were denied');
  });

  it('SessionStart after /compact carries the ledger into the next request', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Ledger\n\n## Steps\n- S1. First. Proof: `test -n ledger-s1-ok`\n- S2. Second. Proof: `test -n ledger-s2-not-yet`\n';
    const files = preparedProject({ files: { 'PLAN.md': plan }, only: ['session-start'] });
    const run = await cli.run({
      name: 'hooks-compact',
      mode: 'print',
      prompt: 'first ledger prompt',
      followups: ['/compact', 'after compact prompt'],
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        compactText: 'COMPACTED-SUMMARY: the session ran its first step.',
        threads: [{ name: 'main', match: 'first ledger prompt', turns: [bash('test -n ledger-s1-ok'), { text: 'S1 done.' }] }],
      },
    });
    // Only the session-start gate is installed here (the stop gate would hold the open S2).
    assert.deepEqual(run.invocations.map((i) => i.exitCode), [0, 0, 0]);
    assert.ok(outcomes(run, 'session-start').includes('context-compact'), `session-start outcomes: ${outcomes(run, 'session-start')}`);
    // The startup ledger had S1 open; the one after /compact has it done.
    assert.ok(JSON.stringify(threadRequests(run)[0]!.body?.messages).includes('- S1 (not run yet): run `test -n ledger-s1-ok`'));
    const after = run.requests().filter((q) => q.path === '/v1/messages' && JSON.stringify(q.body?.messages ?? []).includes('after compact prompt'));
    assert.ok(after.length >= 1, 'the post-compact prompt reached the API');
    const sent = JSON.stringify(after[0]!.body?.messages);
    assert.ok(sent.includes('COMPACTED-SUMMARY'), 'the request is after compaction');
    assert.ok(!sent.includes('first ledger prompt'), 'the pre-compact conversation is gone from it');
    assert.ok(sent.includes('Proofmeter progress ledger'), 'the ledger is in it');
    assert.ok(sent.includes("1 of 2 of Claude's part done."), sent.slice(0, 4000));
    assert.ok(sent.includes('- S2 (not run yet): run `test -n ledger-s2-not-yet`'));
    assert.ok(sent.includes('Done: S1'));
  });

  it('install, a hooked session, doctor, uninstall: the user’s settings come back byte for byte', async function () {
    this.timeout(TIMEOUT);
    const userSettings = [
      '{',
      '    "permissions": { "allow": ["Bash(echo:*)"] },',
      '    "statusLine": { "type": "command", "command": "echo my-own-line" },',
      `    "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": ${JSON.stringify(hookCommand('UserStop'))} } ] } ] }`,
      '}',
      '',
    ].join('\n');
    const { files, settingsText } = prepared({ settings: userSettings });
    assert.notEqual(settingsText, userSettings);
    const run = await cli.run({
      name: 'hooks-install',
      mode: 'print',
      prompt: 'say hello',
      args: ['--dangerously-skip-permissions'],
      files,
      script: { threads: [{ name: 'main', match: 'say hello', turns: [bash('echo hello'), { text: 'Hello.' }] }] },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    // The user's own hook still fires beside the meter's.
    assert.equal(run.hooks().filter((h) => h.label === 'UserStop').length, 1);
    assert.deepEqual(outcomes(run, 'stop'), ['no-goal']);
    assert.ok(outcomes(run, 'guard').length >= 1);
    assert.ok(outcomes(run, 'session-start').length >= 1);
    const env = personEnv(run.home);
    const doctor = pm(['doctor', '--dir', run.project], run.project, env);
    assert.equal(doctor.code, 0, doctor.out + doctor.err);
    assert.match(doctor.out, /ARMED {5}stop gate \[Stop\] in project; last fired \S+ \(no-goal\)/);
    assert.ok(doctor.out.includes(`  ${run.sessionId}: `), doctor.out);
    assert.match(doctor.out, /NOT ARMED status line \[statusLine\]: the project settings' own statusLine is in effect \(kept on purpose\)/);
    const un = pm(['uninstall', '--dir', run.project], run.project, env);
    assert.equal(un.code, 0, un.err);
    assert.equal(readFileSync(join(run.project, '.claude', 'settings.json'), 'utf8'), userSettings);
    assert.ok(!existsSync(join(run.project, '.claude', 'proofmeter', 'proofmeter.js')));
    assert.deepEqual(readdirSync(join(run.project, '.claude', 'proofmeter')).filter((n) => n.includes('v8cache')), [], 'its code caches go too');
  });

  it('statusLine (terminal UI only): `proofmeter statusline` shows the count, and moves when the proof passes', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Status\n\n## Steps\n- S1. Prove it. Proof: `test -n status-proof-ok`\n';
    const { files } = prepared({ plan, adopt: true });
    let before = '';
    const run = await cli.run({
      name: 'hooks-statusline',
      mode: 'tui',
      args: ['--dangerously-skip-permissions'],
      files,
      script: { threads: [{ name: 'main', match: 'run the status proof', turns: [bash('test -n status-proof-ok'), { text: 'Proved.' }] }] },
      drive: async (t) => {
        // One item and no git: the count is the item alone (commit and push apply only in a repository).
        before = await t.waitForScreen(/▱▱ 0\/1 · build ○/, 20000);
        await t.submit('run the status proof');
        await t.waitForTurnEnd(1, 60000);
        // Counted once the proof passed; ALL DONE itself waits on the stop gate's re-run, which may
        // come after the status line's last redraw.
        await t.waitForScreen(/▰▰▰▰▰▰▰▰ 1\/1 · (?:all done ●|awaiting re-run ○)/, 20000);
      },
    });
    assert.match(before, /▱▱ 0\/1 · build ○/);
    assert.deepEqual(outcomes(run, 'stop'), ['allow']);
  });

  it('/goal PLAN.md: the built-in command reaches UserPromptSubmit and the hook adopts the plan', async function () {
    this.timeout(TIMEOUT);
    const plan = '# Walk-away\n\n## Steps\n- S1. Prove it. Proof: `test -n goal-adopted-ok`\n';
    const { files } = prepared({ plan });
    const run = await cli.run({
      name: 'hooks-goal',
      mode: 'print',
      prompt: '/goal PLAN.md',
      args: ['--dangerously-skip-permissions'],
      files,
      script: {
        sideJson: { ok: true, reason: 'the tally reads ALL DONE' },
        threads: [{ name: 'main', match: 'PLAN.md', turns: [bash('test -n goal-adopted-ok'), { text: 'Done with PLAN.md.' }] }],
      },
    });
    assert.equal(run.invocations[0]!.exitCode, 0);
    // How 2.1.332 records the command: a user record with the command's name and arguments.
    const cmd = run.records().find((r) => r.type === 'user' && typeof r.message?.content === 'string' && r.message.content.includes('<command-name>/goal</command-name>'));
    assert.ok(cmd, 'the /goal command record');
    assert.match(cmd.message?.content as string, /<command-args>PLAN\.md<\/command-args>/);
    assert.deepEqual(outcomes(run, 'prompt'), ['goal-adopted']);
    const goal = goalOf(run);
    assert.equal(goal.frozenBy, 'adopt');
    assert.equal(goal.planPath, 'PLAN.md');
    assert.equal(goal.sessionId, run.sessionId);
    const first = threadRequests(run)[0]!;
    assert.ok(JSON.stringify(first.body?.messages).includes("Proofmeter adopted PLAN.md as this workspace's goal: 1 item (1 Claude's, 0 for the person or later)."));
    assert.deepEqual(outcomes(run, 'stop'), ['allow']);
  });
});
