// The person's typed decisions in the prompt hook: "allow G-…" lifts one guard refusal, "accept
// F-…" accepts a finding. Only a genuine hook of a top-level session records them; a launcher's
// prompt only when the goal counts launcher prompts.
import { strict as assert } from 'node:assert';
import type { Caller, CallerKind } from '../../../src/core/caller/classifyCaller';
import type { HookContext } from '../../../src/hooks/context';
import { promptSubmit } from '../../../src/hooks/prompt';
import type { Tally } from '../../../src/core/tally/tally';
import { readAcceptances } from '../../../src/workspace/acceptances';
import { readReceipts } from '../../../src/workspace/receiptStore';
import { tallyWorkspace } from '../../../src/workspace/workspaceTally';
import { acceptedNote } from '../../../src/core/tally/integrityLines';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAllowances, recordDenial } from '../../../src/workspace/allowances';
import { writeGoal, readGoal } from '../../../src/workspace/goalState';
import { addedContext, answerJson, freeze, sealGoal, workspace, type Workspace } from './helpers';

const PLAN = '# P\n\n## Steps\n- S1. Build. Proof: `npm run build`\n';
const noTally = { tally: (): Tally => { throw new Error('not tallied'); } };

function ctx(w: Workspace, kind: CallerKind, entry = 'cli'): HookContext {
  const caller: Caller = { kind, nested: kind === 'nested-hook', claudePid: 42, why: `test says ${kind}` };
  return { workspace: w.ws, env: { ...w.env, CLAUDE_CODE_ENTRYPOINT: entry }, now: () => new Date('2026-12-01T10:00:00.000Z'), callerOf: () => caller };
}

function setup(): Workspace {
  const w = workspace();
  freeze(w, PLAN);
  recordDenial(w.ws, { id: 'G-3fa9c2', digest: '3fa9c2'.padEnd(64, '0'), tool: 'Bash', at: '2026-12-01T09:59:00.000Z' });
  return w;
}

const say = (w: Workspace, prompt: string, c: HookContext) => promptSubmit({ session_id: 's1', prompt_id: 'p1', hook_event_name: 'UserPromptSubmit', prompt }, c, noTally);
const contextOf = (a: { stdout: string }) => (a.stdout ? addedContext({ json: answerJson(a) }) : '');

describe("the person's typed decisions", () => {
  it('"allow G-…" typed by the person records an allowance for that refusal and tells the agent', () => {
    const w = setup();
    const a = say(w, 'allow G-3fa9c2', ctx(w, 'hook'));
    assert.equal(a.outcome, 'allow');
    assert.match(contextOf(a), /the person allowed G-3fa9c2 once/);
    const [al] = readAllowances(w.ws);
    assert.equal(al!.digest, '3fa9c2'.padEnd(64, '0'));
    assert.equal(al!.usedAt, null);
    assert.equal(al!.promptId, 'p1');
  });

  it('"accept F-…" typed by the person records the acceptance with its time and source', () => {
    const w = setup();
    const a = say(w, 'Accept F-1a2b3c4', ctx(w, 'hook'));
    assert.equal(a.outcome, 'accept');
    assert.deepEqual(readAcceptances(w.ws), [{ id: 'F-1a2b3c4', at: '2026-12-01T10:00:00.000Z', source: 'words', session: 's1', promptId: 'p1' }]);
  });

  const nobody: Array<[string, CallerKind, string]> = [
    ["piped into the runner from the agent's shell", 'agent-shell', 'cli'],
    ['typed into a Claude Code the agent started', 'nested-hook', 'cli'],
    ['run by hand outside Claude Code', 'person', 'cli'],
    ['sent by a launcher (claude -p)', 'hook', 'sdk-cli'],
  ];
  for (const [what, kind, entry] of nobody) {
    it(`words ${what} record nothing`, () => {
      const w = setup();
      const a = say(w, 'allow G-3fa9c2. accept F-1a2b3c4', ctx(w, kind, entry));
      assert.deepEqual(readAllowances(w.ws), []);
      assert.deepEqual(readAcceptances(w.ws), []);
      assert.match(contextOf(a), /not recorded/);
    });
  }

  it("a launcher's words count when the goal was adopted with --count-sdk-prompts", () => {
    const w = setup();
    const g = readGoal(w.ws);
    assert.ok(g.kind === 'ok');
    writeGoal(w.ws, { ...g.goal, countSdkPrompts: true });
    sealGoal(w); // as adopt --count-sdk-prompts seals it
    say(w, 'accept F-1a2b3c4', ctx(w, 'hook', 'sdk-cli'));
    assert.equal(readAcceptances(w.ws).length, 1);
  });

  it('an id no refusal carries allows nothing, and words that refuse decide nothing', () => {
    const w = setup();
    assert.match(contextOf(say(w, 'allow G-000000', ctx(w, 'hook'))), /no refusal of the guard has the id G-000000/);
    say(w, "Don't allow G-3fa9c2 and don't accept F-1a2b3c4", ctx(w, 'hook'));
    assert.deepEqual(readAllowances(w.ws), []);
    assert.deepEqual(readAcceptances(w.ws), []);
  });

  it("the prompt's receipt names the findings it accepts, so the tally counts the typed acceptance", () => {
    const w = setup();
    say(w, 'Accept F-1a2b3c4', ctx(w, 'hook'));
    const [r] = readReceipts(w.ws, 's1').receipts;
    assert.ok(r?.kind === 'prompt');
    assert.deepEqual(r.accepts, ['F-1a2b3c4']);
    assert.deepEqual(tallyWorkspace({ cwd: w.ws, env: w.env }).integrity.filter((f) => f.kind === 'acceptance-forged'), []);
  });

  it("a slash command's receipt accepts nothing", () => {
    const w = setup();
    say(w, '/compact accept F-1a2b3c4', ctx(w, 'hook'));
    const [r] = readReceipts(w.ws, 's1').receipts;
    assert.ok(r?.kind === 'prompt');
    assert.deepEqual(r.accepts, []);
  });

  /** What the agent's script writes: a well-formed entry, path built from pieces, no receipt. */
  const forge = (w: Workspace, entries: object[]) =>
    writeFileSync(join(w.ws, '.claude', 'proofmeter', 'acceptances.json'), JSON.stringify({ version: 1, accepted: entries }));

  it('a forged acceptances.json entry is not counted, and is an acceptance-forged error that holds the verdict', () => {
    const w = setup();
    forge(w, [{ id: 'F-1a2b3c4', at: '2026-12-01T10:00:00.000Z', source: 'words', session: 's1', promptId: 'p9' }, { id: 'F-1a2b3c5', at: '2026-12-01T10:00:00.000Z', source: 'dashboard', session: null, promptId: null }]);
    const t = tallyWorkspace({ cwd: w.ws, env: w.env });
    assert.deepEqual(t.accepted, []);
    const forged = t.integrity.filter((f) => f.kind === 'acceptance-forged');
    assert.deepEqual(forged.map((f) => [f.severity, /F-1a2b3c4|F-1a2b3c5/.exec(f.message)?.[0]]), [['error', 'F-1a2b3c4'], ['error', 'F-1a2b3c5']]);
    assert.equal(t.verdict, 'not-done');
  });

  it("the person's typed acceptance still counts after the agent wrote an entry for the same id first", () => {
    const w = setup();
    forge(w, [{ id: 'F-1a2b3c4', at: '2026-12-01T10:00:00.000Z', source: 'words', session: 's1', promptId: 'p9' }]);
    const forged = tallyWorkspace({ cwd: w.ws, env: w.env }).integrity.find((f) => f.kind === 'acceptance-forged')!;
    // The agent, ahead of the person, also "accepts" the finding about its forgery.
    forge(w, [...readAcceptances(w.ws), { id: forged.id, at: '2026-12-01T10:00:00.000Z', source: 'words', session: 's1', promptId: 'p8' }]);
    const a = say(w, `accept ${forged.id}`, ctx(w, 'hook'));
    assert.match(contextOf(a), new RegExp(`the person accepted finding ${forged.id}`));
    const t = tallyWorkspace({ cwd: w.ws, env: w.env });
    assert.deepEqual(t.accepted?.map((x) => [x.id, x.promptId]), [[forged.id, 'p1']]);
    assert.match(acceptedNote(t, forged) ?? '', /^accepted by you \(your words, /);
    // The second forged entry is a finding of its own, so the verdict stays held.
    assert.equal(t.integrity.filter((f) => f.kind === 'acceptance-forged').length, 2);
    assert.equal(t.verdict, 'not-done');
  });
});
