// What the gate-changing hooks answer to each kind of caller (the caller itself is injected here;
// the rule is tested in callerRule.test.ts and with real processes in callerProcesses.test.ts).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import type { HookContext } from '../../../src/hooks/context';
import { planApproved } from '../../../src/hooks/planApproved';
import { promptSubmit } from '../../../src/hooks/prompt';
import type { Tally } from '../../../src/core/tally/tally';
import { addedContext, answerJson, freeze, payload, workspace, writePlan, type Workspace } from './helpers';

const PERSON = '# Person\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- S2. Sign off. Proof: human — your words name S2\n';
const EASY = '# Easy\n\n## Steps\n- S1. Nothing. Proof: `grep -q Easy easy.md`\n';

function as(kind: CallerKind): (hook: string) => Caller {
  return () => ({ kind, nested: kind === 'nested-hook', claudePid: 42, why: `test says ${kind}` });
}

function ctx(w: Workspace, kind: CallerKind): HookContext {
  return { workspace: w.ws, env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: 'cli' }, now: () => new Date('2026-12-01T10:00:00.000Z'), callerOf: as(kind) };
}

const noTally = { tally: (): Tally => { throw new Error('words of nobody must not be tallied'); } };

function setup(): { w: Workspace; goal: () => string; before: string } {
  const w = workspace();
  freeze(w, PERSON);
  writePlan(w, EASY, 'easy.md');
  const goal = () => readFileSync(join(w.ws, '.claude', 'proofmeter', 'goal.json'), 'utf8');
  return { w, goal, before: goal() };
}

const approval = (w: Workspace) => payload('posttool-exitplanmode', { cwd: w.ws, tool_input: { plan: EASY }, tool_response: { plan: EASY } });

describe('gate-changing hooks and their callers', () => {
  it('plan-approved from the agent’s shell exits 1 with one line and freezes nothing', () => {
    const { w, goal, before } = setup();
    const a = planApproved(approval(w), ctx(w, 'agent-shell'));
    assert.equal(a.code, 1);
    assert.equal(a.stdout, '');
    assert.match(a.stderr, /^Proofmeter did not freeze this plan: only the person can freeze a goal: run it in your own terminal, or approve a plan in Claude Code's plan mode \(this runs inside the agent's shell: test says agent-shell\)\.$/);
    assert.equal(goal(), before);
  });

  it('plan-approved in a nested session tells that session why, and freezes nothing', () => {
    const { w, goal, before } = setup();
    const a = planApproved(approval(w), ctx(w, 'nested-hook'));
    assert.equal(a.code, 0);
    assert.equal(a.outcome, 'nested');
    assert.match(addedContext({ json: answerJson(a) }), /started from inside another Claude Code session/);
    assert.equal(goal(), before);
  });

  it('plan-approved from a genuine hook freezes the approved plan', () => {
    const { w, goal, before } = setup();
    const a = planApproved(approval(w), ctx(w, 'hook'));
    assert.equal(a.outcome, 'frozen');
    assert.notEqual(goal(), before);
  });

  it('/goal from the agent’s shell exits 1 with one line and adopts nothing', () => {
    const { w, goal, before } = setup();
    const a = promptSubmit(payload('prompt-typed', { cwd: w.ws, prompt: '/goal easy.md' }), ctx(w, 'agent-shell'), noTally);
    assert.equal(a.code, 1);
    assert.match(a.stderr, /^Proofmeter did not adopt easy\.md: only the person can freeze a goal: .*\)\.$/);
    assert.equal(goal(), before);
  });

  it('/goal in a nested session adopts nothing', () => {
    const { w, goal, before } = setup();
    const a = promptSubmit(payload('prompt-typed', { cwd: w.ws, prompt: '/goal easy.md' }), ctx(w, 'nested-hook'), noTally);
    assert.equal(a.code, 0);
    assert.equal(a.outcome, 'nested');
    assert.match(addedContext({ json: answerJson(a) }), /^Proofmeter did not adopt easy\.md: .*started from inside another Claude Code session/);
    assert.equal(goal(), before);
  });

  it('words in a nested session are not acknowledged', () => {
    const { w } = setup();
    const a = promptSubmit(payload('prompt-typed', { cwd: w.ws, prompt: 'S2 is signed off' }), ctx(w, 'nested-hook'), noTally);
    assert.deepEqual(a, { code: 0, stdout: '', stderr: '', outcome: 'nested' });
  });

  it('words in a genuine prompt hook are acknowledged', () => {
    const { w } = setup();
    const a = promptSubmit(payload('prompt-typed', { cwd: w.ws, prompt: 'S2 is signed off' }), ctx(w, 'hook'), noTally);
    assert.equal(a.outcome, 'words');
    assert.match(addedContext({ json: answerJson(a) }), /the person's words name S2/);
  });

  it('/goal in a genuine prompt hook adopts the plan', () => {
    const { w, goal, before } = setup();
    const a = promptSubmit(payload('prompt-typed', { cwd: w.ws, prompt: '/goal easy.md' }), ctx(w, 'hook'), noTally);
    assert.equal(a.outcome, 'goal-adopted');
    assert.notEqual(goal(), before);
  });
});
