// The prompt hook's reading of a /goal line and its words to the agent, case by case
// (mutation testing found each of these rules unguarded).
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import type { Tally } from '../../../src/core/tally/tally';
import type { HookContext } from '../../../src/hooks/context';
import { goalLineOf, promptSubmit } from '../../../src/hooks/prompt';
import { addedContext, answerJson, freeze, workspace, writePlan, type Workspace } from './helpers';

const PLAN = '# Walk away\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- S2. Sign off. Proof: human — your words name S2\n- S3. Ship. Proof: `npm run ship`\n';
const OTHER = '# Other\n\n## Steps\n- S1. Test. Proof: `npm test`\n';
const RULE = "An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.";

/** The prompt hook reads only the id and state of each item of the tally. */
const tallyOf = (states: Array<[string, string]>) => (): Tally => ({ items: states.map(([id, state]) => ({ id, state })) }) as unknown as Tally;
const noTally = (): Tally => {
  throw new Error('not tallied');
};

function say(w: Workspace, prompt: string, opts: { entry?: string; kind?: CallerKind; tally?: () => Tally; now?: string } = {}) {
  const caller: Caller = { kind: opts.kind ?? 'hook', nested: opts.kind === 'nested-hook', claudePid: 42, why: 'test' };
  const ctx: HookContext = { workspace: w.ws, env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: opts.entry ?? 'cli' }, now: () => new Date(opts.now ?? '2026-12-01T10:00:00.000Z'), callerOf: () => caller };
  const a = promptSubmit({ session_id: 's1', prompt_id: 'p1', hook_event_name: 'UserPromptSubmit', prompt }, ctx, { tally: opts.tally ?? noTally });
  return { outcome: a.outcome, text: a.stdout ? addedContext({ json: answerJson(a) }) : null };
}

describe('the prompt hook, case by case', () => {
  describe('the plan a /goal line names', () => {
    const w = workspace();
    writePlan(w, PLAN);
    mkdirSync(join(w.ws, 'dir.md'));
    mkdirSync(join(w.home, 'plans'), { recursive: true });
    writePlan({ ...w, ws: join(w.home, 'plans') }, PLAN, 'P.md');
    const cases: Array<[string, { named: string | null; path: string | null }]> = [
      ['/goal <<PLAN.md>>', { named: 'PLAN.md', path: join(w.ws, 'PLAN.md') }],
      ['/goal (PLAN.md).', { named: 'PLAN.md', path: join(w.ws, 'PLAN.md') }],
      ['/goal a(b.md', { named: 'a(b.md', path: null }],
      ['/goal dir.md', { named: 'dir.md', path: null }],
      ['/goal ~/plans/P.md', { named: '~/plans/P.md', path: join(w.home, 'plans', 'P.md') }],
    ];
    for (const [prompt, want] of cases) it(`${JSON.stringify(prompt)} names ${want.named}`, () => assert.deepEqual(goalLineOf(prompt, w.ws, w.home), want));
  });

  it('a /goal naming no file says so', () => {
    const w = workspace();
    assert.deepEqual(say(w, '/goal missing.md'), { outcome: 'goal-missing-file', text: 'Proofmeter: the /goal line names missing.md, but there is no such file in the workspace, so no plan was adopted.' });
  });

  it('a /goal plan that fails check-plan is refused with its findings', () => {
    const w = workspace();
    writePlan(w, '# P\n\n## Steps\n- S1. Do it.\n');
    const r = say(w, '/goal PLAN.md');
    assert.equal(r.outcome, 'goal-refused');
    assert.equal(r.text?.split('\n')[0], 'Proofmeter did not adopt PLAN.md: it does not pass check-plan yet.');
    assert.match(r.text?.split('\n')[1] ?? '', /^- /);
  });

  it('a /goal for the adopted plan again says when it was adopted; another plan replaces it by title', () => {
    const w = workspace();
    writePlan(w, PLAN);
    writePlan(w, OTHER, 'other.md');
    say(w, '/goal PLAN.md', { now: '2026-12-01T09:00:00.000Z' });
    assert.deepEqual(say(w, '/goal PLAN.md'), { outcome: 'goal-same', text: `Proofmeter: PLAN.md is already this workspace's frozen goal (adopted 2026-12-01T09:00:00.000Z; 3 items (2 Claude's, 1 for the person or later)). ${RULE}` });
    assert.deepEqual(say(w, '/goal other.md'), { outcome: 'goal-adopted', text: `Proofmeter adopted other.md as this workspace's goal: 1 item (1 Claude's, 0 for the person or later), replacing "Walk away". ${RULE}` });
  });

  it('a /goal with words naming an item keeps the adoption as its outcome', () => {
    const w = workspace();
    writePlan(w, PLAN);
    assert.equal(say(w, '/goal PLAN.md\nS2 is done').outcome, 'goal-adopted');
  });

  const words: Array<[string, string, { entry?: string; tally?: () => Tally }, { outcome: string; text: string | null }]> = [
    ['a prompt of blanks', '   \n', {}, { outcome: 'not-person', text: null }],
    ['a slash command after blanks', '  /review S2 is done', {}, { outcome: 'none', text: null }],
    ['a launcher prompt naming nothing', 'hello', { entry: 'sdk-cli' }, { outcome: 'none', text: null }],
    ['a launcher prompt naming S2', 'S2 is done', { entry: 'sdk-cli' }, { outcome: 'words', text: "Proofmeter: this prompt names S2, but it came from a launcher (claude -p or the SDK), and this goal counts only the person's typed words, so it closes nothing." }],
    ['words naming the person’s S2', 'S2 is done', {}, { outcome: 'words', text: "Proofmeter: the person's words name S2, which is theirs to close (human — your words name S2); the meter counts S2 closed from this prompt." }],
    ['words naming S3, handed over, beside a proved S1', 'S3 is done', { tally: tallyOf([['S1', 'proved'], ['S3', 'handed-over']]) }, { outcome: 'words', text: "Proofmeter: the person's words name S3, which Claude handed over; the meter counts S3 closed from this prompt." }],
    ['words naming a proved S1 and S2', 'S1 and S2 are done', { tally: tallyOf([['S3', 'open'], ['S1', 'proved']]) }, { outcome: 'words', text: "Proofmeter: S1 is already proved by its own run.\nProofmeter: the person's words name S2, which is theirs to close (human — your words name S2); the meter counts S2 closed from this prompt." }],
    ['words naming an open S1', 'S1 is done', { tally: tallyOf([['S1', 'open']]) }, { outcome: 'words', text: "Proofmeter: S1 is Claude's item; words do not close it. It closes when `npm run build` passes in this session's own Bash." }],
  ];
  for (const [name, prompt, opts, want] of words) {
    it(`${name}: ${want.outcome}`, () => {
      const w = workspace();
      freeze(w, PLAN);
      assert.deepEqual(say(w, prompt, opts), want);
    });
  }

  it('words naming an item with no goal frozen say nothing', () => {
    assert.deepEqual(say(workspace(), 'S2 is done'), { outcome: 'none', text: null });
  });
});
