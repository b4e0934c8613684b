// What the prompt hook tells the agent about the person's typed decisions (personDecisions.ts),
// word for word, for each caller and each result of an allowance or an acceptance.
import { strict as assert } from 'node:assert';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import type { HookContext } from '../../../src/hooks/context';
import { personDecisions } from '../../../src/hooks/personDecisions';
import { recordDenial } from '../../../src/workspace/allowances';
import { freeze, workspace, type Workspace } from './helpers';

const PLAN = '# P\n\n## Steps\n- S1. Build. Proof: `npm run build`\n';
const input = { session_id: 's1', prompt_id: 'p1', hook_event_name: 'UserPromptSubmit' };

function setup(): Workspace {
  const w = workspace();
  freeze(w, PLAN);
  recordDenial(w.ws, { id: 'G-3fa9c2', digest: '3fa9c2'.padEnd(64, '0'), tool: 'Bash', at: '2026-12-01T09:59:00.000Z' });
  return w;
}
function decide(w: Workspace, prompt: string, kind: CallerKind, entry = 'cli') {
  const caller: Caller = { kind, nested: kind === 'nested-hook', claudePid: 42, why: 'test' };
  const ctx: HookContext = { workspace: w.ws, env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: entry }, now: () => new Date('2026-12-01T10:00:00.000Z'), callerOf: () => caller };
  return personDecisions(input, prompt, ctx, () => caller);
}

describe("the words about the person's typed decisions", () => {
  const refused: Array<[string, CallerKind, string, string, string]> = [
    ['a nested Claude Code', 'nested-hook', 'cli', 'not-person', 'Proofmeter: G-3fa9c2 F-1a2b3c4 not recorded: this Claude Code was started from inside another Claude Code session.'],
    ["the agent's shell", 'agent-shell', 'cli', 'not-person', 'Proofmeter: G-3fa9c2 F-1a2b3c4 not recorded: these words did not come from Claude Code as the person typed them.'],
    ['a launcher', 'hook', 'sdk-cli', 'launcher', "Proofmeter: G-3fa9c2 F-1a2b3c4 not recorded: this prompt came from a launcher (claude -p or the SDK), and only the person's typed words decide (adopt the goal with --count-sdk-prompts to count a launcher's)."],
  ];
  for (const [from, kind, entry, outcome, line] of refused) {
    it(`words from ${from} are named and not recorded`, () => {
      assert.deepEqual(decide(setup(), 'allow G-3fa9c2. accept F-1a2b3c4', kind, entry), { lines: [line], outcome });
    });
  }

  it('an acceptance says so, and a repeated one says it was already accepted', () => {
    const w = setup();
    assert.deepEqual(decide(w, 'accept F-1a2b3c4', 'hook'), { lines: ['Proofmeter: the person accepted finding F-1a2b3c4; it no longer holds the verdict.'], outcome: 'accept' });
    assert.deepEqual(decide(w, 'accept F-1a2b3c4', 'hook'), { lines: ['Proofmeter: the person had already accepted finding F-1a2b3c4; it no longer holds the verdict.'], outcome: 'accept' });
  });

  it('an id that names two refused actions allows neither', () => {
    const w = setup();
    recordDenial(w.ws, { id: 'G-3fa9c2', digest: '3fa9c3'.padEnd(64, '0'), tool: 'Bash', at: '2026-12-01T09:59:30.000Z' });
    assert.deepEqual(decide(w, 'allow G-3fa9c2', 'hook'), {
      lines: ['Proofmeter: G-3fa9c2 names two different refused actions, so neither is allowed; the next refusal shows a fresh id.'],
      outcome: 'allow',
    });
  });

  it('an allowance and an acceptance in one prompt are both told, the allowance first', () => {
    const r = decide(setup(), 'allow G-3fa9c2. accept F-1a2b3c4', 'hook');
    assert.equal(r.outcome, 'allow');
    assert.deepEqual(r.lines.map((l) => l.slice(0, 40)), ['Proofmeter: the person allowed G-3fa9c2 ', 'Proofmeter: the person accepted finding ']);
  });
});
