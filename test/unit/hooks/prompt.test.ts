import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goalLineOf } from '../../../src/hooks/prompt';
import { readGoal } from '../../../src/workspace/goalState';
import { addedContext, freeze, gate, payload, workspace, writePlan } from './helpers';

const PLAN = '# Walk away\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- S2. Sign off. Proof: human — your words name S2\n- S3. Release. Proof: later — the nightly build passes\n';
const TYPED = { CLAUDE_CODE_ENTRYPOINT: 'cli' };

function context(text: string) {
  return { hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: text } };
}

describe('prompt hook (UserPromptSubmit)', () => {
  describe('goalLineOf', () => {
    const w = workspace();
    writePlan(w, PLAN);
    writePlan(w, PLAN, 'notes.md');
    const cases: Array<[string, { named: string | null; path: string | null } | null]> = [
      ['/goal PLAN.md', { named: 'PLAN.md', path: join(w.ws, 'PLAN.md') }],
      ['/goal the tally of `PLAN.md` reads ALL DONE.', { named: 'PLAN.md', path: join(w.ws, 'PLAN.md') }],
      ['Build it.\n/goal notes.md is done', { named: 'notes.md', path: join(w.ws, 'notes.md') }],
      ['/goal missing.md', { named: 'missing.md', path: null }],
      ['/goal all tests pass', { named: null, path: null }],
      ['please read PLAN.md', null],
      ['a /goal PLAN.md in the middle of a line', null],
    ];
    for (const [prompt, want] of cases) it(JSON.stringify(prompt), () => assert.deepEqual(goalLineOf(prompt, w.ws), want));
  });

  it('a task notification arriving as a prompt is nobody’s words', async () => {
    const w = workspace();
    freeze(w, PLAN);
    const r = await gate('prompt', payload('prompt-task-notification', { cwd: w.ws }), w);
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'not-person' });
  });

  it('the recorded typed prompt names nothing: no output', async () => {
    const w = workspace();
    freeze(w, PLAN);
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws }), w, { env: { ...w.env, ...TYPED } });
    assert.deepEqual(r.answer, { code: 0, stdout: '', stderr: '', outcome: 'none' });
  });

  it('/goal PLAN.md adopts the plan with the session id', async () => {
    const w = workspace();
    writePlan(w, PLAN);
    const p = payload('prompt-typed', { cwd: w.ws, prompt: '/goal PLAN.md' });
    const r = await gate('prompt', p, w, { now: new Date('2026-11-29T10:00:00.000Z') });
    assert.deepEqual(r.json, context("Proofmeter adopted PLAN.md as this workspace's goal: 3 items (1 Claude's, 2 for the person or later). An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0."));
    const goal = readGoal(w.ws);
    assert.ok(goal.kind === 'ok');
    assert.equal(goal.goal.frozenBy, 'adopt');
    assert.equal(goal.goal.planPath, 'PLAN.md');
    assert.equal(goal.goal.sessionId, p.session_id);
    assert.equal(goal.goal.frozenAt, '2026-11-29T10:00:00.000Z');
  });

  it('/goal naming the list approved in the planning window keeps that approval', async () => {
    const w = workspace();
    freeze(w, PLAN, { frozenBy: 'approval', at: new Date('2026-11-28T09:00:00.000Z') });
    const before = readFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), 'utf8');
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt: '/goal PLAN.md' }), w);
    assert.equal(r.answer.outcome, 'goal-same');
    assert.match(addedContext(r), /^Proofmeter: PLAN\.md is already this workspace's frozen goal \(approved 2026-11-28T09:00:00\.000Z; 3 items/);
    assert.equal(readFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), 'utf8'), before);
  });

  it('/goal naming a plan that fails check-plan adopts nothing and lists the findings', async () => {
    const w = workspace();
    writePlan(w, '# Bad\n\n## Steps\n- S1. Do it. Proof: `REPORT.md`\n');
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt: '/goal PLAN.md' }), w);
    assert.equal(addedContext(r),
      'Proofmeter did not adopt PLAN.md: it does not pass check-plan yet.\n- line 4: S1: the proof `REPORT.md` only names a file, and a file existing is not a check passing; give a command that checks it, e.g. Proof: `grep -q "expected text" REPORT.md`.');
    assert.equal(readGoal(w.ws).kind, 'none');
  });

  it('/goal naming a file that does not exist says so', async () => {
    const w = workspace();
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt: '/goal NOPE.md' }), w);
    assert.deepEqual(r.json, context('Proofmeter: the /goal line names NOPE.md, but there is no such file in the workspace, so no plan was adopted.'));
  });

  it('typed words naming the person’s item and Claude’s item are acknowledged for what they do', async () => {
    const w = workspace();
    freeze(w, PLAN);
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt: 'S2 looks right to me. S1 is finished.' }), w, { env: { ...w.env, ...TYPED } });
    assert.deepEqual(r.json, context([
      "Proofmeter: S1 is Claude's item; words do not close it. It closes when `npm run build` passes in this session's own Bash.",
      "Proofmeter: the person's words name S2, which is theirs to close (human — your words name S2); the meter counts S2 closed from this prompt.",
    ].join('\n')));
  });

  it('a launcher prompt (-p or the SDK) naming an id closes nothing, and says so', async () => {
    const w = workspace();
    freeze(w, PLAN);
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt: 'S2 is approved' }), w, { env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' } });
    assert.deepEqual(r.json, context('Proofmeter: this prompt names S2, but it came from a launcher (claude -p or the SDK), and this goal counts only the person\'s typed words, so it closes nothing.'));
  });

  it('ids inside a slash command are not acknowledged (the transcript records a command, not words)', async () => {
    const w = workspace();
    freeze(w, PLAN);
    const r = await gate('prompt', payload('prompt-typed', { cwd: w.ws, prompt: '/compact keep S2 in mind' }), w, { env: { ...w.env, ...TYPED } });
    assert.equal(r.answer.stdout, '');
  });
});
