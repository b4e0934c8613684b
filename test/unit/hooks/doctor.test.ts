import { strict as assert } from 'node:assert';
import { mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagnose } from '../../../src/cli/commands/doctor';
import { cli } from '../helpers/cli';
import { payload, workspace } from './helpers';

// A stand-in runner that answers --version like the real one.
const dir = mkdtempSync(join(tmpdir(), 'pm-doctor-runner-'));
const runner = join(dir, 'proofmeter.js');
writeFileSync(runner, '#!/usr/bin/env node\nconsole.log("9.9.9");\n');

describe('doctor', () => {
  it('nothing installed: every gate is not armed, exit 1', async () => {
    const w = workspace();
    const r = await cli(['doctor', '--dir', w.ws], { cwd: w.ws, env: w.env });
    assert.equal(r.code, 1);
    assert.match(r.out, /NOT ARMED plan gate \(check-plan before approval\) \[PreToolUse ExitPlanMode\]: no entry in any settings file \(run proofmeter install\)/);
    // The headline heads the report and ends it.
    assert.match(r.out, /^Doctor: 0 of 10 gates armed, but the hook runner is missing\.\n[\s\S]*\n0 of 10 gates armed, but the hook runner is missing\.$/);
  });

  it('after install and one hooked call: armed, with the last firing per session', async () => {
    const w = workspace();
    const env = { ...w.env, PROOFMETER_RUNNER: runner };
    assert.equal((await cli(['install', '--dir', w.ws], { cwd: w.ws, env })).code, 0);
    const p = payload('stop-first', { cwd: w.ws });
    const hook = await cli(['hook', 'stop'], { cwd: w.ws, env, stdin: JSON.stringify(p) });
    assert.equal(hook.code, 0);
    const r = await cli(['doctor', '--dir', w.ws], { cwd: w.ws, env });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /Runner: \.claude\/proofmeter\/proofmeter\.js: runs \(version 9\.9\.9\)/);
    assert.match(r.out, /ARMED {5}stop gate \[Stop\] in project; last fired \S+ \(no-goal\)/);
    assert.match(r.out, /ARMED {5}guard .* in project; never fired here yet/);
    assert.match(r.out, new RegExp(`\\n  ${p.session_id}: stop \\S+ no-goal\\n`));
    assert.match(r.out, /^Doctor: All 10 gates armed\.\n[\s\S]*\nAll 10 gates armed\.$/);
    const d = diagnose(w.ws, env);
    assert.equal(d.gates.find((g) => g.hook === 'statusline')?.armed, true);
  });

  it('names what it sees: disableAllHooks, a missing runner, an invalid settings file', async () => {
    const w = workspace();
    const env = { ...w.env, PROOFMETER_RUNNER: runner };
    await cli(['install', '--dir', w.ws], { cwd: w.ws, env });
    writeFileSync(join(w.ws, '.claude', 'settings.local.json'), '{"disableAllHooks": true}');
    let d = diagnose(w.ws, env);
    assert.ok(d.gates.filter((g) => g.hook !== 'statusline').every((g) => !g.armed && g.why === 'disableAllHooks is set in the local settings'));
    assert.ok(d.reasons.find((r) => r.text.startsWith('disableAllHooks'))?.seen);
    writeFileSync(join(w.ws, '.claude', 'settings.local.json'), '{');
    unlinkSync(join(w.ws, '.claude', 'proofmeter', 'proofmeter.js'));
    d = diagnose(w.ws, env);
    assert.equal(d.gates[0]!.why, 'the runner .claude/proofmeter/proofmeter.js is missing (run proofmeter install)');
    assert.ok(d.reasons.find((r) => r.text.startsWith('A settings file that is not valid JSON'))?.seen);
  });

  it('`hook` with an unknown gate exits 1 (not 2, which Claude Code would read as a block)', async () => {
    const w = workspace();
    const r = await cli(['hook', 'nonsense'], { cwd: w.ws, env: w.env, stdin: '{}' });
    assert.equal(r.code, 1);
    assert.match(r.err, /^proofmeter hook: expected one of plan-gate, plan-approved, guard, stop, prompt, session-start, receipt, answer-receipt, config-change$/);
  });

});
