// The prompt hook's outcome when more than one thing happens in one prompt (the first one set
// stands), whose words a caller that may not change the gate has typed, and the lines for a goal
// item whose record holds no proof (goal.json allows proof null). Mutation testing found each of
// these rules unguarded.
import { strict as assert } from 'node:assert';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import type { Tally } from '../../../src/core/tally/tally';
import type { HookContext } from '../../../src/hooks/context';
import type { HookInput } from '../../../src/hooks/payload';
import { promptSubmit } from '../../../src/hooks/prompt';
import { writeGoal } from '../../../src/workspace/goalState';
import { addedContext, answerJson, freeze, workspace, writePlan, type Workspace } from './helpers';

const PLAN = '# Walk away\n\n## Steps\n- S1. Build. Proof: `npm run build`\n- S2. Sign off. Proof: human — your words name S2\n- S3. Ship. Proof: `npm run ship`\n';
const RULE = "An item of Claude's closes only when this session's own Bash runs its proof exactly as written and it exits 0.";

/** The prompt hook reads only the id and state of each item of the tally. */
const tallyOf = (states: Array<[string, string]>) => (): Tally => ({ items: states.map(([id, state]) => ({ id, state })) }) as unknown as Tally;
const noTally = (): Tally => {
  throw new Error('not tallied');
};

interface Say {
  entry?: string;
  kind?: CallerKind;
  tally?: () => Tally;
  input?: Partial<HookInput>;
}

function say(w: Workspace, prompt: string | undefined, opts: Say = {}) {
  const caller: Caller = { kind: opts.kind ?? 'hook', nested: opts.kind === 'nested-hook', claudePid: 42, why: 'test' };
  const ctx: HookContext = { workspace: w.ws, env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: opts.entry ?? 'cli' }, now: () => new Date('2026-12-01T10:00:00.000Z'), callerOf: () => caller };
  const input: HookInput = { session_id: 's1', prompt_id: 'p1', hook_event_name: 'UserPromptSubmit', ...(prompt === undefined ? {} : { prompt }), ...opts.input };
  const a = promptSubmit(input, ctx, { tally: opts.tally ?? noTally });
  return { outcome: a.outcome, text: a.stdout ? addedContext({ json: answerJson(a) }) : null };
}

/** A goal.json written as is, with items whose proof is null (a plan with a finding for them). */
function prooflessGoal(w: Workspace): void {
  const item = (id: string, owner: 'claude' | 'human', line: number) => ({ id, list: 'Steps', text: `${id}. Do it.`, key: `steps ${id.toLowerCase()}. do it.`, owner, proof: null, line });
  writeGoal(w.ws, {
    version: 1,
    planPath: 'PLAN.md',
    title: 'Bare',
    frozenBy: 'adopt',
    frozenAt: '2026-12-01T09:00:00.000Z',
    sessionId: null,
    countSdkPrompts: false,
    items: [item('S1', 'claude', 4), item('H1', 'human', 5)],
  });
}

describe('the prompt hook when several things happen, or nobody speaks', () => {
  it('a /goal line below an allow keeps the adoption as the outcome, and says both', () => {
    const w = workspace();
    writePlan(w, PLAN);
    assert.deepEqual(say(w, 'allow G-3fa9c2\n/goal PLAN.md'), {
      outcome: 'goal-adopted',
      text: `Proofmeter adopted PLAN.md as this workspace's goal: 3 items (2 Claude's, 1 for the person or later). ${RULE}\nProofmeter: no refusal of the guard has the id G-3fa9c2, so nothing was allowed.`,
    });
  });

  it('a /goal line below words naming an item keeps the adoption as the outcome, and says both', () => {
    const w = workspace();
    writePlan(w, PLAN);
    assert.deepEqual(say(w, 'S2 is done\n/goal PLAN.md'), {
      outcome: 'goal-adopted',
      text: `Proofmeter adopted PLAN.md as this workspace's goal: 3 items (2 Claude's, 1 for the person or later). ${RULE}\nProofmeter: the person's words name S2, which is theirs to close (human — your words name S2); the meter counts S2 closed from this prompt.`,
    });
  });

  it('an allow and words naming an item in a nested session: the refused allow is the outcome', () => {
    const w = workspace();
    freeze(w, PLAN);
    assert.deepEqual(say(w, 'allow G-3fa9c2\nS2 is done', { kind: 'nested-hook' }), {
      outcome: 'not-person',
      text: 'Proofmeter: G-3fa9c2 not recorded: this Claude Code was started from inside another Claude Code session.',
    });
  });

  // [caller, goal frozen, prompt, outcome]
  const nobody: Array<[CallerKind, boolean, string, string]> = [
    ['agent-shell', true, 'S2 is done', 'not-person'],
    ['nested-hook', true, 'S2 is done', 'nested'],
    ['nested-hook', false, 'hello', 'none'],
    ['agent-shell', false, 'S2 is done', 'none'],
    ['nested-hook', true, 'hello', 'none'],
  ];
  for (const [kind, frozen, prompt, outcome] of nobody) {
    it(`${JSON.stringify(prompt)} from a caller of kind ${kind} ${frozen ? 'with' : 'without'} a goal says nothing, with the outcome ${outcome}`, () => {
      const w = workspace();
      if (frozen) freeze(w, PLAN);
      assert.deepEqual(say(w, prompt, { kind }), { outcome, text: null });
    });
  }

  it('an input with no prompt at all is nobody’s words', () => {
    assert.deepEqual(say(workspace(), undefined), { outcome: 'not-person', text: null });
  });

  it('a launcher prompt naming two items names both, a space between', () => {
    const w = workspace();
    freeze(w, PLAN);
    assert.deepEqual(say(w, 'S1 and S2 are done', { entry: 'sdk-cli' }), {
      outcome: 'words',
      text: "Proofmeter: this prompt names S1 S2, but it came from a launcher (claude -p or the SDK), and this goal counts only the person's typed words, so it closes nothing.",
    });
  });

  it('words naming items whose record holds no proof leave the proof empty', () => {
    const w = workspace();
    prooflessGoal(w);
    assert.deepEqual(say(w, 'S1 and H1 are done', { tally: tallyOf([['S1', 'open'], ['H1', 'open']]) }), {
      outcome: 'words',
      text: [
        "Proofmeter: S1 is Claude's item; words do not close it. It closes when `` passes in this session's own Bash.",
        "Proofmeter: the person's words name H1, which is theirs to close (human — ); the meter counts H1 closed from this prompt.",
      ].join('\n'),
    });
  });
});
