// The guard as Claude Code calls it (runHook), for the rules around the Bash reading: the folder a
// command runs in and the home it expands ~ to come from the payload and the gate's environment,
// only the file tools' edits are read as edits, and each refusal is recorded for the person's
// allowance. Mutation testing found these unguarded by the guard's other tests.
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { actionDigest } from '../../../src/hooks/guardAllowance';
import { readDenials } from '../../../src/workspace/allowances';
import { denyReason, gate, payload, workspace } from './helpers';

const RECORDS_WHY = "Claude Code's own session records, which the meter reads as evidence. Leave them to Claude Code; read them if you need to.";
const STATE_RM =
  "Proofmeter guard: this command would change .claude/proofmeter (rm), the meter's own state (the frozen goal, the runner, its records). An agent may not change its own gate. Read the state with `proofmeter tally`; to change other settings use the Edit tool, which lets through edits that leave hooks, env, disableAllHooks, sandbox and permissions alone; otherwise ask the person.";

describe('the guard as Claude Code calls it', () => {
  it("expands ~ to the gate's HOME, so Claude Code's records there are refused", async () => {
    const w = workspace();
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'rm -rf ~/.claude/shell-snapshots' } }), w);
    assert.ok(denyReason(r).startsWith(`Proofmeter guard: this command would change ${join(w.home, '.claude', 'shell-snapshots')} (rm), ${RECORDS_WHY} If you`));
  });

  it("reads a command in the payload's cwd, not the workspace root", async () => {
    const w = workspace();
    const r = await gate('guard', payload('pretool-bash', { cwd: join(w.ws, '.claude'), tool_input: { command: 'rm -rf proofmeter' } }), w);
    assert.ok(denyReason(r).startsWith(`${STATE_RM} If you, the person, want to allow this once, type: allow G-`));
  });

  it('records each refusal with its tool, for the allowance the person may type', async () => {
    const w = workspace();
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_input: { command: 'rm -rf .claude/proofmeter' } }), w);
    const id = /allow (G-[0-9a-f]{6})$/.exec(denyReason(r))?.[1];
    assert.deepEqual(readDenials(w.ws).map((d) => [d.id, d.tool]), [[id, 'Bash']]);
  });

  it('lets an Edit without a file path through', async () => {
    const w = workspace();
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: 'Edit', tool_input: { old_string: 'a', new_string: 'b' } }), w);
    assert.deepEqual([r.answer.outcome, r.json], ['allow', null]);
  });

  it("reads only the file tools' inputs as edits: a Read of the frozen goal goes through", async () => {
    const w = workspace();
    mkdirSync(join(w.ws, '.claude', 'proofmeter'), { recursive: true });
    const r = await gate('guard', payload('pretool-bash', { cwd: w.ws, tool_name: 'Read', tool_input: { file_path: join(w.ws, '.claude', 'proofmeter', 'goal.json') } }), w);
    assert.deepEqual([r.answer.outcome, r.json], ['allow', null]);
  });
});

describe("the digest of a file tool's action", () => {
  const edit = { old_string: 'a', new_string: 'b' };
  it('is the same for one file named relatively or absolutely', () => {
    assert.equal(actionDigest('Edit', { ...edit, file_path: 'src/a.ts' }, '/w'), actionDigest('Edit', { ...edit, file_path: '/w/src/a.ts' }, '/x'));
  });
  it('differs between two files with the same edit', () => {
    assert.notEqual(actionDigest('Edit', { ...edit, file_path: '/w/src/a.ts' }, '/w'), actionDigest('Edit', { ...edit, file_path: '/w/src/b.ts' }, '/w'));
  });
  it('differs between two notebooks with the same edit', () => {
    assert.notEqual(actionDigest('NotebookEdit', { new_source: 'x', notebook_path: '/w/a.ipynb' }, '/w'), actionDigest('NotebookEdit', { new_source: 'x', notebook_path: '/w/b.ipynb' }, '/w'));
  });
});
