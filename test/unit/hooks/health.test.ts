import { strict as assert } from 'node:assert';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { classifyFault, HookFault } from '../../../src/workspace/health';
import { z } from 'zod';
import { freeze, gate, health, healthLines, incidents, payload, workspace } from './helpers';

const SECRET = 'SECRET-PROMPT-TEXT-4711';

function allRecords(ws: string): string {
  const dir = join(ws, '.claude', 'proofmeter');
  let text = '';
  try {
    text += readFileSync(join(dir, 'health.jsonl'), 'utf8');
  } catch {
    // none
  }
  try {
    for (const f of readdirSync(join(dir, 'incidents'))) text += readFileSync(join(dir, 'incidents', f), 'utf8');
  } catch {
    // none
  }
  return text;
}

describe('health and incident records', () => {
  it('one line per hook call with exactly the agreed fields', async () => {
    const w = workspace();
    const p = payload('prompt-typed', { cwd: w.ws });
    const raw = JSON.stringify(p);
    const r = await gate('prompt', p, w);
    const g = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'rm -rf .claude' } }), w);
    const lines = health(w);
    assert.equal(lines.length, 2);
    assert.deepEqual(Object.keys(z.record(z.unknown()).parse(JSON.parse(healthLines(w)[0] ?? 'null'))), ['time', 'event', 'session', 'durationMs', 'outcome', 'inputBytes', 'outputBytes']);
    assert.equal(lines[0]?.event, 'prompt');
    assert.equal(lines[0]?.session, p.session_id);
    assert.equal(lines[0]?.outcome, r.answer.outcome);
    assert.equal(lines[0]?.inputBytes, Buffer.byteLength(raw));
    assert.equal(lines[0]?.outputBytes, 0);
    assert.equal(lines[1]?.event, 'guard');
    assert.equal(lines[1]?.outcome, 'deny');
    assert.equal(lines[1]?.outputBytes, Buffer.byteLength(g.answer.stdout));
    assert.ok(Number.isInteger(lines[1]?.durationMs) && (lines[1]?.durationMs ?? -1) >= 0);
  });

  it('never holds prompt text, command text or the environment, even when a hook faults on them', async () => {
    const w = workspace();
    freeze(w, '# G\n\n## Steps\n- S2. Sign. Proof: human — the person names S2\n');
    const env = { ...w.env, MY_TOKEN: `${SECRET}-env` };
    const prompt = `${SECRET} S2 looks fine`;
    await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt }), w, { env });
    // A bug that throws with the prompt in its message.
    await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt }), w, {
      env,
      handler: (input) => {
        throw new Error(`could not read ${input.prompt}`);
      },
    });
    // Input that is not JSON at all, holding the secret.
    const bad = await gate('prompt', null, w, { env, raw: `not json ${SECRET}` });
    await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: `echo ${SECRET} > .claude/proofmeter/goal.json` } }), w, { env });
    const text = allRecords(w.ws);
    assert.ok(text.length > 0);
    assert.ok(!text.includes(SECRET), 'no secret in health.jsonl or incidents');
    assert.ok(!text.includes('MY_TOKEN'));
    assert.ok(!bad.answer.stdout.includes(SECRET));
    const written = incidents(w);
    assert.deepEqual(written.map((i) => i.faultClass).sort(), ['bad-input', 'internal']);
    assert.equal(written.find((i) => i.faultClass === 'bad-input')?.reason, `stdin is not JSON (${Buffer.byteLength(`not json ${SECRET}`)} bytes)`);
  });

  it('telemetry that cannot be written never changes the answer', async () => {
    const w = workspace();
    const p = payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'rm -rf .claude/proofmeter' } });
    const normal = await gate('guard', p, w);
    const w2 = workspace();
    mkdirSync(join(w2.ws, '.claude', 'proofmeter', 'health.jsonl'), { recursive: true });
    writeFileSync(join(w2.ws, '.claude', 'proofmeter', 'incidents'), 'a file, not a folder');
    const p2 = { ...p, cwd: w2.ws };
    const broken = await gate('guard', p2, w2);
    // The refusal's allowance id names the action, folder included, so it differs with the workspace.
    const sameAction = (s: string) => s.replace(/allow G-[0-9a-f]{6}/, 'allow G-……');
    assert.equal(sameAction(broken.answer.stdout), sameAction(normal.answer.stdout.split(w.ws).join(w2.ws)));
    assert.equal(broken.answer.outcome, 'deny');
    // A fault whose incident cannot be written still gets its fail-safe answer, without a path.
    const fault = await gate('stop', payload('stop-first', { cwd: w2.ws }), w2, { handler: () => { throw new HookFault('io', 'disk gone'); } });
    assert.deepEqual(fault.json, { systemMessage: "Proofmeter's stop gate failed (io: disk gone); the stop was let through UNCHECKED. This is not a pass: run `proofmeter tally`." });
  });

  it('classifies faults without quoting what was being handled', () => {
    assert.deepEqual(classifyFault(new HookFault('bad-state', 'goal.json is broken')), { faultClass: 'bad-state', reason: 'goal.json is broken' });
    const io = Object.assign(new Error(`EACCES: permission denied, open '/w/x' ${SECRET}`), { code: 'EACCES', syscall: 'open', path: '/w/x' });
    assert.deepEqual(classifyFault(io), { faultClass: 'io', reason: 'EACCES on open /w/x' });
    const internal = classifyFault(new RangeError(SECRET));
    assert.equal(internal.faultClass, 'internal');
    assert.match(internal.reason, /^RangeError at /);
    assert.ok(!internal.reason.includes(SECRET));
  });
});
