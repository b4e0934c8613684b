// The tally's edges no recording reaches: a plan evaluated as given that still carries a freeze
// time, the words of the plan, approve and close stages, the open count once all is done, the
// sessions counted, and the build/check, commit and push stages with their details.
import { strict as assert } from 'node:assert';
import { commitStage, itemStage, pushStage } from '../../../src/core/tally/stages';
import { computeTally, type GoalInfo, type Tally } from '../../../src/core/tally/tally';
import type { ItemEvidence } from '../../../src/core/evidence/evidence';
import type { BashRun, FileEdit, PlanFinding, PlanItem, TranscriptEvents } from '../../../src/core/types';
import type { GitFacts } from '../../../src/core/tally/gitFacts';

const FILE = '/home/dev/.claude/projects/p/s.jsonl';
const FROZEN = '2026-12-01T12:00:00.000Z';
const BEFORE = '2026-12-01T10:00:00.000Z';
const AFTER = '2026-12-01T13:00:00.000Z';

const S1: PlanItem = { id: 'S1', list: 'Steps', text: 'Test.', key: 'steps test.', owner: 'claude', proof: { kind: 'command', command: 'npm test' }, line: 3 };

function run(toolUseId: string, command: string, time: string, line: number): BashRun {
  return { toolUseId, command, at: { file: FILE, line, time }, source: 'main', sidechain: false, end: { kind: 'passed' }, endAt: { file: FILE, line: line + 1, time } };
}

function events(runs: BashRun[], sessionId: string | null = 's1', file = FILE): TranscriptEvents {
  return { file, runs, notices: [], words: [], edits: [], unreadable: 0, lines: 20, sessionId, cwd: null };
}

interface Over {
  goal?: Partial<GoalInfo>;
  items?: PlanItem[];
  findings?: PlanFinding[];
  transcripts?: TranscriptEvents[];
}

function tallyOf(over: Over = {}): Tally {
  return computeTally({
    goal: { title: 'P', planPath: 'PLAN.md', frozenBy: 'given', frozenAt: null, ...over.goal },
    items: over.items ?? [S1],
    findings: over.findings ?? [],
    added: [],
    transcripts: over.transcripts ?? [],
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
  });
}

const stage = (t: Tally, name: string) => t.stages.find((s) => s.name === name);

describe('a plan evaluated as given, whatever freeze time it carries', () => {
  // Runs from before the recorded freeze time: a given plan reads every run.
  const early = () => [events([run('toolu_1', 'npm test', BEFORE, 3), run('toolu_2', 'git commit --no-verify -m x', BEFORE, 5)])];

  it('counts a run from before the freeze time, so its item is proved', () => {
    const t = tallyOf({ goal: { frozenBy: 'given', frozenAt: FROZEN }, transcripts: early() });
    assert.deepEqual(t.items.map((i) => [i.id, i.state]), [['S1', 'proved']]);
  });

  it("reads the session's own commands from before the freeze time too", () => {
    const t = tallyOf({ goal: { frozenBy: 'given', frozenAt: FROZEN }, transcripts: early() });
    assert.deepEqual(t.integrity.map((f) => [f.kind, f.line]), [['no-verify', 5]]);
  });

  it("an approved goal leaves the session's commands from before its freeze out", () => {
    const t = tallyOf({ goal: { frozenBy: 'approval', frozenAt: FROZEN }, transcripts: early() });
    assert.deepEqual(t.integrity, []);
    assert.deepEqual(t.items.map((i) => [i.id, i.state]), [['S1', 'unrun']]);
  });

  it("an approved goal reads the session's commands after its freeze", () => {
    const t = tallyOf({ goal: { frozenBy: 'approval', frozenAt: FROZEN }, transcripts: [events([run('toolu_3', 'git commit --no-verify -m y', AFTER, 7)])] });
    assert.deepEqual(t.integrity.map((f) => [f.kind, f.line]), [['no-verify', 7]]);
  });
});

describe('the close stage and the open count', () => {
  it("all done: close is done with nothing of Claude's part remaining, and nothing is open", () => {
    const t = tallyOf({ transcripts: [events([run('toolu_1', 'npm test', BEFORE, 3)])] });
    assert.equal(t.verdict, 'done');
    assert.deepEqual(stage(t, 'close'), { name: 'close', state: 'done', detail: "nothing of Claude's part remains" });
    assert.deepEqual(t.headline, { done: 1, total: 1 });
    assert.equal(t.open, 0);
  });

  it('an unrun item: close waits on open work, and only the item is open (outside git, the steps are not counted)', () => {
    const t = tallyOf();
    assert.deepEqual(stage(t, 'close'), { name: 'close', state: 'waiting', detail: 'open work remains' });
    assert.deepEqual(t.headline, { done: 0, total: 1 });
    assert.equal(t.open, 1);
  });
});

describe('the plan stage', () => {
  const cases: Array<[string, PlanItem[], PlanFinding[], { name: string; state: string; detail: string }]> = [
    ['no items and no findings: there is no plan yet', [], [], { name: 'plan', state: 'waiting', detail: 'no plan' }],
    ['no items but a finding: the plan is under way', [], [{ id: null, rule: 'no-items', line: 1, message: 'No items.' }], { name: 'plan', state: 'under way', detail: '1 finding(s)' }],
    ['items and no findings: the plan is done', [S1], [], { name: 'plan', state: 'done', detail: '1 items' }],
  ];
  for (const [name, items, findings, want] of cases) {
    it(name, () => assert.deepEqual(stage(tallyOf({ items, findings }), 'plan'), want));
  }
});

describe('the approve stage', () => {
  const cases: Array<[string, GoalInfo['frozenBy'], { name: string; state: string; detail: string }]> = [
    ['a plan evaluated as given reads as evaluated as approved', 'given', { name: 'approve', state: 'done', detail: 'evaluated as approved' }],
    ['a list frozen by approval names the approval', 'approval', { name: 'approve', state: 'done', detail: 'approval' }],
    ['a list frozen by adopt names the adopt', 'adopt', { name: 'approve', state: 'done', detail: 'adopt' }],
    ['a list not frozen waits', null, { name: 'approve', state: 'waiting', detail: 'list not frozen' }],
  ];
  for (const [name, frozenBy, want] of cases) {
    it(name, () => assert.deepEqual(stage(tallyOf({ goal: { frozenBy } }), 'approve'), want));
  }
});

describe('the sessions counted', () => {
  const cases: Array<[string, Array<string | null>, number]> = [
    ['a transcript without a session id is not a session', ['a', null], 1],
    ['distinct ids count once each, a repeated one once', ['a', 'b', 'a', null], 2],
    ['transcripts with no session id at all count none', [null, null], 0],
  ];
  for (const [name, ids, want] of cases) {
    it(name, () => {
      const transcripts = ids.map((id, k) => events([], id, `/home/dev/.claude/projects/p/t${k}.jsonl`));
      assert.equal(tallyOf({ transcripts }).sessions, want);
    });
  }
});

describe('the build and check stages', () => {
  const evidence = (id: string, list: string, state: ItemEvidence['state']): ItemEvidence => ({
    item: { ...S1, id, list },
    state,
    deciding: null,
    closedBy: null,
    handover: null,
    detail: '',
  });

  it('a stage with no items of its own is skipped, saying so', () => {
    assert.deepEqual(itemStage([evidence('V1', 'Checks', 'proved')], 'build'), { name: 'build', state: 'skipped', detail: 'no items' });
    assert.deepEqual(itemStage([], 'check'), { name: 'check', state: 'skipped', detail: 'no items' });
  });

  it('a stage counts its done items out of its own', () => {
    const items = [evidence('S1', 'Steps', 'proved'), evidence('S2', 'Steps', 'failed'), evidence('S3', 'Steps', 'unrun'), evidence('V1', 'Checks', 'unrun')];
    assert.deepEqual(itemStage(items, 'build'), { name: 'build', state: 'under way', detail: '1/3' });
    assert.deepEqual(itemStage(items, 'check'), { name: 'check', state: 'waiting', detail: '0/1' });
  });
});

describe('the commit and push stages', () => {
  const facts = (over: Partial<GitFacts> = {}): GitFacts => ({ root: '/repo', dirty: [], hasRemote: true, upstream: 'origin/main', ahead: 0, ...over });
  const edit = (path: string): FileEdit => ({ path, tool: 'Edit', at: { file: FILE, line: 9, time: AFTER } });

  it('outside git both stages are skipped, saying it is not a git repository', () => {
    assert.deepEqual(commitStage(null, []), { name: 'commit', state: 'skipped', detail: 'not a git repository' });
    assert.deepEqual(pushStage(null), { name: 'push', state: 'skipped', detail: 'not a git repository' });
  });

  it('push is skipped without a remote and waits without an upstream, saying which', () => {
    assert.deepEqual(pushStage(facts({ hasRemote: false, upstream: null })), { name: 'push', state: 'skipped', detail: 'no remote' });
    assert.deepEqual(pushStage(facts({ upstream: null })), { name: 'push', state: 'waiting', detail: 'branch has no upstream' });
  });

  // An edit the session made maps onto the root, so only edited files hold the commit back: a dirty
  // file the session never touched then does not.
  const cases: Array<[string, string, string, string]> = [
    ['a root spelled with trailing slashes still holds the edits under it', '/repo//', '/repo/a.txt', 'done'],
    ['a root with one trailing slash holds the edits under it', '/repo/', '/repo/a.txt', 'done'],
    ['an edit named by a relative path is taken as relative to the root', '/repo', 'a.txt', 'done'],
    ['an edit outside the root is not the repository’s, so the whole tree must be clean', '/repo', '/elsewhere/a.txt', 'under way'],
  ];
  for (const [name, root, path, want] of cases) {
    it(name, () => assert.equal(commitStage(facts({ root, dirty: ['b.txt'] }), [edit(path)]).state, want));
  }
});
