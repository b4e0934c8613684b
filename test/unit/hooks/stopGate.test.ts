import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decideStop } from '../../../src/hooks/stopGate';
import { stopStatePath } from '../../../src/hooks/stopState';
import { evaluate, labTranscript } from '../helpers/fixtures';
import { addSession, blockReason, freeze, gate, health, incidents, MAIN_PLAN, payload, workspace } from './helpers';

const OPEN = [
  '- S2 (failed: exit code 3): run `echo before-exit; echo err-before-exit >&2; exit 3`',
  '- V2 (not run yet): run `npm test`',
];
const RULE = "Run each proof in this session's own Bash exactly as written; the stop goes through once every one has passed.";

function reason(blocks: number, cap = 8): string {
  const capNote = !Number.isFinite(cap)
    ? `Stop blocked ${blocks} times in a row (Claude Code's cap is off: CLAUDE_CODE_STOP_HOOK_BLOCK_CAP is 0 or less).`
    : blocks < cap
      ? `Stop blocked ${blocks} of ${cap} times in a row (Claude Code's cap).`
      : `Stop blocked ${blocks} of ${cap} times in a row: Claude Code lets the next stop through, with this work still open.`;
  return ["Proofmeter: Claude's part of the goal is not done (2 of 4). Open:", ...OPEN, RULE, capNote].join('\n');
}

describe('stop gate', () => {
  describe('decideStop', () => {
    const main = labTranscript('main');
    // Each row holds its plan's text and the tally is computed inside the test, so a mutant in the
    // plan reader or the tally is live while the assertion runs (not computed once at load time).
    const notDonePlan = MAIN_PLAN;
    const donePlan = MAIN_PLAN.replace(/\n- \*\*S2\.\*\*.*\n/, '\n').replace(/\n- \*\*V2\.\*\*.*\n?/, '\n');
    const cases: Array<{ name: string; plan: string; blocks: number; cap: number; want: ReturnType<typeof decideStop> }> = [
      { name: 'done: allowed whatever the count', plan: donePlan, blocks: 5, cap: 8, want: { kind: 'allow' } },
      { name: 'open work: first block', plan: notDonePlan, blocks: 1, cap: 8, want: { kind: 'block', reason: reason(1) } },
      { name: 'open work: the last block the cap honours', plan: notDonePlan, blocks: 8, cap: 8, want: { kind: 'block', reason: reason(8) } },
      {
        // Claude Code 2.1.332 honours 8 blocks in a row and overrides the 9th (test/realcli/seal.test.ts): the gate does the same, and says so.
        name: 'open work, the stop after the cap: let through as Claude Code would, with a notice that the goal is not done',
        plan: notDonePlan,
        blocks: 9,
        cap: 8,
        want: { kind: 'cap', message: "Proofmeter: the stop was blocked 8 times in a row, Claude Code's cap, so this one goes through; Claude's part is still NOT DONE (2 open)." },
      },
      { name: 'open work with the cap off: a block whatever the count', plan: notDonePlan, blocks: 40, cap: Infinity, want: { kind: 'block', reason: reason(40, Infinity) } },
    ];
    for (const c of cases) {
      it(c.name, () => assert.deepEqual(decideStop(evaluate(c.plan, [main]), c.blocks, c.cap), c.want));
    }
  });

  describe('the hook, fed the recorded Stop payloads', () => {
    it('no goal: the stop goes through silently', async () => {
      const w = workspace();
      const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'no-goal' });
    });

    it('a failed and an unrun proof block the stop with exact lines, and stop_hook_active does not disarm it', async () => {
      const w = workspace();
      addSession(w, 'main');
      freeze(w, MAIN_PLAN);
      const first = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      assert.deepEqual(first.json, { decision: 'block', reason: reason(1) });
      assert.equal(first.answer.code, 0);
      const second = await gate('stop', payload('stop-active', { cwd: w.ws }), w);
      assert.equal(payload('stop-active').stop_hook_active, true);
      assert.deepEqual(second.json, { decision: 'block', reason: reason(2) });
      const third = await gate('stop', payload('stop-active', { cwd: w.ws }), w);
      assert.deepEqual(third.json, { decision: 'block', reason: reason(3) });
    });

    it('the count restarts with a new prompt, and after a stop went through', async () => {
      const w = workspace();
      addSession(w, 'main');
      freeze(w, MAIN_PLAN);
      await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      const other = await gate('stop', payload('stop-active', { cwd: w.ws, prompt_id: 'another-prompt' }), w);
      assert.match(blockReason(other), /Stop blocked 1 of 8 times/);
      // stop_hook_active false means Claude Code's own run of blocks ended.
      await gate('stop', payload('stop-active', { cwd: w.ws, prompt_id: 'another-prompt' }), w);
      const fresh = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      assert.match(blockReason(fresh), /Stop blocked 1 of 8 times/);
    });

    it('CLAUDE_CODE_STOP_HOOK_BLOCK_CAP sets the cap shown', async () => {
      const w = workspace();
      addSession(w, 'main');
      freeze(w, MAIN_PLAN);
      const env = { ...w.env, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '2' };
      await gate('stop', payload('stop-first', { cwd: w.ws }), w, { env });
      const r = await gate('stop', payload('stop-active', { cwd: w.ws }), w, { env });
      assert.equal(blockReason(r), reason(2, 2));
    });

    it('the stop after the cap goes through with a notice, as Claude Code would let it, and the next stop is block 1 again', async () => {
      const w = workspace();
      addSession(w, 'main');
      freeze(w, MAIN_PLAN);
      const env = { ...w.env, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '2' };
      await gate('stop', payload('stop-first', { cwd: w.ws }), w, { env });
      await gate('stop', payload('stop-active', { cwd: w.ws }), w, { env });
      const r = await gate('stop', payload('stop-active', { cwd: w.ws }), w, { env });
      assert.deepEqual(r.answer, {
        code: 0,
        stdout: JSON.stringify({ systemMessage: "Proofmeter: the stop was blocked 2 times in a row, Claude Code's cap, so this one goes through; Claude's part is still NOT DONE (2 open)." }),
        stderr: '',
        outcome: 'allow-cap',
      });
      const next = await gate('stop', payload('stop-active', { cwd: w.ws }), w, { env });
      assert.equal(blockReason(next), reason(1, 2));
    });

    it('all of Claude’s part proved: the stop goes through and the count is cleared', async () => {
      const w = workspace();
      addSession(w, 'main');
      freeze(w, MAIN_PLAN);
      await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      assert.ok(existsSync(stopStatePath(w.ws, payload('stop-first').session_id)), 'the block was counted');
      freeze(w, MAIN_PLAN.replace(/\n- \*\*S2\.\*\*.*\n/, '\n').replace(/\n- \*\*V2\.\*\*.*\n?/, '\n'));
      const r = await gate('stop', payload('stop-active', { cwd: w.ws }), w);
      assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'allow' });
      assert.ok(!existsSync(stopStatePath(w.ws, payload('stop-active').session_id)), 'the count file is gone');
    });

    it('a background proof without its notice keeps the gate closed', async () => {
      const w = workspace();
      addSession(w, 'bg-late');
      // bg-late's background run ends in a notice with exit 4: as recorded, the proof failed.
      freeze(w, '# Late\n\n## Steps\n- S1. Late job. Proof: `sleep 3; echo done-late; exit 4`\n');
      const failed = await gate('stop', payload('stop-bg-running', { cwd: w.ws }), w);
      assert.match(blockReason(failed), /^- S1 \(failed: background task failed \(exit code 4\)\): run `sleep 3; echo done-late; exit 4`$/m);
      // The same session cut off before its notice arrived: pending, still blocked.
      const file = readdirSync(join(w.home, '.claude', 'projects'))[0]!;
      const dir = join(w.home, '.claude', 'projects', file);
      const t = join(dir, readdirSync(dir)[0]!);
      const lines = readFileSync(t, 'utf8').split('\n');
      const cut = lines.findIndex((l) => l.includes('<task-notification>'));
      assert.ok(cut > 0, 'the recording has its notice');
      writeFileSync(t, lines.slice(0, cut).join('\n') + '\n');
      const pending = await gate('stop', payload('stop-bg-running', { cwd: w.ws, prompt_id: 'p2' }), w);
      assert.match(blockReason(pending), /^- S1 \(pending: waiting for its completion notice\): run `sleep 3; echo done-late; exit 4`$/m);
    });

    it('a goal file that cannot be read: the stop is blocked, naming meter-tampered and the way back', async () => {
      const w = workspace();
      mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
      writeFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), '{ not json');
      const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
      assert.equal(r.answer.code, 0);
      assert.equal(r.json?.decision, 'block');
      assert.match(blockReason(r), /^Proofmeter: the meter's gate was changed outside its own commands \(meter-tampered\)/);
      assert.match(blockReason(r), /`proofmeter doctor`/);
      assert.match(blockReason(r), /^Stop blocked 1 of 8 times in a row/m);
      assert.equal(health(w).at(-1)?.outcome, 'block-tampered');
      assert.ok(existsSync(join(w.ws, '.claude', 'proofmeter', 'goal.json')), 'the broken goal is left for the person');
    });

    const faults: Array<{ name: string; frozen: boolean; decision: string | undefined; outcome: string }> = [
      { name: 'with a goal frozen, an internal fault blocks the stop, with an incident and proofmeter doctor', frozen: true, decision: 'block', outcome: 'fault-block' },
      { name: 'with no goal, an internal fault lets the stop through with a visible message and an incident', frozen: false, decision: undefined, outcome: 'fault' },
    ];
    for (const row of faults) {
      it(row.name, async () => {
        const w = workspace();
        if (row.frozen) freeze(w, MAIN_PLAN);
        const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w, { handler: () => { throw new RangeError('boom'); } });
        assert.equal(r.answer.code, 0);
        assert.equal(r.json?.decision, row.decision);
        const text = String(r.json?.reason ?? r.json?.systemMessage);
        assert.match(text, row.frozen ? /stays blocked: a fault in the meter never opens the gate\. Details: .*incidents\/.*-stop\.json Tell the person to run `proofmeter doctor`/ : /let through UNCHECKED\. This is not a pass: run `proofmeter tally`\. Details: .*incidents\/.*-stop\.json$/);
        const written = incidents(w);
        assert.equal(written.length, 1);
        const inc = written[0]!;
        assert.equal(inc.event, 'stop');
        assert.equal(inc.faultClass, 'internal');
        assert.equal(inc.session, payload('stop-first').session_id);
        assert.deepEqual(Object.keys(inc).sort(), ['durationMs', 'event', 'failSafe', 'faultClass', 'reason', 'session', 'time']);
        assert.equal(health(w).at(-1)?.outcome, row.outcome);
      });
    }
  });
});

describe('stop gate with a state folder it cannot write', () => {
  it('still blocks: the block count is only the message', async () => {
    const w = workspace();
    addSession(w, 'main');
    freeze(w, MAIN_PLAN);
    // A file where the counts' folder should be: every write of a count fails.
    mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
    writeFileSync(join(w.ws, '.claude', 'proofmeter', 'stop-blocks'), 'a file, not a folder');
    const r = await gate('stop', payload('stop-first', { cwd: w.ws }), w);
    assert.deepEqual(r.json, { decision: 'block', reason: reason(1) });
  });
});
