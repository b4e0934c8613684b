import { strict as assert } from 'node:assert';
import { bar, statusLine, tallyText } from '../../../src/core/tally/format';
import { GIT_NOT_READ, gitFailed, type GitFacts, type GitInput } from '../../../src/core/tally/gitFacts';
import { tallySchema } from '../../../src/core/tally/tallySchema';
import { evaluate, labTranscript } from '../helpers/fixtures';

const main = labTranscript('main');
const plan = `# Ship it

## Steps
- **S1.** Greet. Proof: \`echo hello-from-bash; echo to-stderr >&2\`
- **S2.** Write. Proof: \`sleep 1; cat out.txt\`
- **S3.** Ask. Proof: human — your answer names S3
- **S4.** Release. Proof: later — the release build after approval

## Checks
- **V1.** Background. Proof: \`sleep 2; echo done-bg\`
- **V2.** Unrun. Proof: \`npm test\`
`;
// Pushed as the remote itself answers it (src/workspace/gitPast.ts), not as the tracking ref says.
const onRemote: NonNullable<GitFacts['remote']> = { recorded: null, remotes: [{ name: 'origin', url: '/srv/proj.git' }], upstreamRemote: 'origin', answer: { kind: 'has-head', ref: 'refs/heads/main' } };
const notOnRemote: NonNullable<GitFacts['remote']> = { ...onRemote, answer: { kind: 'lacks-head', ref: 'refs/heads/main', at: null } };
const clean: GitFacts = { root: '/home/dev/main/proj', dirty: [], hasRemote: true, upstream: 'origin/main', ahead: 0, remote: onRemote };

describe('tally', () => {
  it('counts Claude’s part: its items plus commit and push, which wait for the items, so what is open is the rest', () => {
    const t = evaluate(plan, [main], { git: clean });
    assert.deepEqual(t.headline, { done: 3, total: 6 });
    assert.equal(t.verdict, 'not-done');
    assert.equal(t.open, 3);
    assert.match(tallyText(t), /\nverdict: NOT DONE \(3 open\)$/);
  });

  it('before anything ran nothing is counted: a clean tree and a pushed branch wait for the work', () => {
    const t = evaluate(plan, [], { transcripts: [], git: clean });
    assert.deepEqual(t.headline, { done: 0, total: 6 });
    assert.equal(t.open, 6);
  });

  it('a skipped step leaves the count, so done and open still add up to the total', () => {
    const t = evaluate(plan, [main], { git: { ...clean, hasRemote: false, upstream: null } });
    assert.deepEqual([t.headline, t.open], [{ done: 3, total: 5 }, 2]);
  });

  it('an unread repository never counts as committed and pushed', () => {
    const done = plan.replace(/\n- \*\*V2\.\*\*.*\n/, '\n');
    assert.equal(evaluate(done, [main], { git: GIT_NOT_READ }).verdict, 'not-done');
    assert.equal(evaluate(done, [main], { git: gitFailed('timeout') }).verdict, 'not-done');
    assert.equal(evaluate(done, [main], { git: null }).verdict, 'done');
  });

  it('person-owned and later items never block the verdict', () => {
    const done = plan.replace(/\n- \*\*V2\.\*\*.*\n/, '\n');
    const t = evaluate(done, [main], { git: clean });
    assert.equal(t.verdict, 'done');
    assert.deepEqual(t.headline, { done: 5, total: 5 });
    const text = tallyText(t);
    assert.match(text, /Open for you[^\n]*\n {2}S3 {2}human — your answer names S3\n {2}S4 {2}later/);
    assert.ok(text.endsWith('verdict: ALL DONE'));
    assert.equal(text.split('\n').filter((l) => l.startsWith('verdict:')).length, 1);
  });

  // Each row holds a thunk for its git input, called in the test: the src values (GIT_NOT_READ,
  // gitFailed) are then read while the test runs, not while the file loads.
  // Rows: which plan (every item of Claude's done, or V2 still open), the git input, the two states.
  const stageCases: Array<[string, 'done' | 'open', () => GitInput, string, string]> = [
    ['outside git both are skipped', 'done', () => null, 'skipped', 'skipped'],
    ['git deliberately not read (untrusted folder): both wait', 'done', () => GIT_NOT_READ, 'waiting', 'waiting'],
    ['git failed in a repository: both wait', 'done', () => gitFailed('exit 128'), 'waiting', 'waiting'],
    ['a clean tree on its upstream', 'done', () => clean, 'done', 'done'],
    ['an edited file left uncommitted: push waits for the commit', 'done', () => ({ ...clean, dirty: ['out.txt'] }), 'under way', 'waiting'],
    ['an unrelated dirty file does not hold the commit back', 'done', () => ({ ...clean, dirty: ['notes.md'] }), 'done', 'done'],
    ['commits not pushed', 'done', () => ({ ...clean, ahead: 2, remote: notOnRemote }), 'done', 'waiting'],
    ['the tracking ref says pushed but the remote lacks HEAD (update-ref after a failed push)', 'done', () => ({ ...clean, remote: notOnRemote }), 'done', 'waiting'],
    ['the remote not asked: push unverified, never done', 'done', () => ({ ...clean, remote: undefined }), 'done', 'waiting'],
    ['an edit git hides with a flag: commit under way', 'done', () => ({ ...clean, hidden: [{ path: 'out.txt', by: 'assume-unchanged', rule: null, ruleAtFreeze: false }] }), 'under way', 'waiting'],
    ['no upstream', 'done', () => ({ ...clean, upstream: null }), 'done', 'waiting'],
    ['no remote at all', 'done', () => ({ ...clean, hasRemote: false, upstream: null }), 'done', 'skipped'],
    ['a clean tree while an item is open: both wait for it', 'open', () => clean, 'waiting', 'waiting'],
    ['an edited file left uncommitted while an item is open: the commit is under way', 'open', () => ({ ...clean, dirty: ['out.txt'] }), 'under way', 'waiting'],
  ];
  for (const [why, which, gitOf, commit, push] of stageCases) {
    it(`commit/push stages: ${why}`, () => {
      const t = evaluate(which === 'done' ? plan.replace(/\n- \*\*V2\.\*\*.*\n/, '\n') : plan, [main], { git: gitOf() });
      assert.equal(t.stages.find((s) => s.name === 'commit')!.state, commit);
      assert.equal(t.stages.find((s) => s.name === 'push')!.state, push);
    });
  }

  it('with no edits seen the whole tree must be clean, except the meter’s own state', () => {
    const commitOf = (dirty: string[]) => evaluate(plan, [], { transcripts: [], git: { ...clean, dirty } }).stages.find((s) => s.name === 'commit')!.detail;
    assert.equal(commitOf(['notes.md']), '1 uncommitted');
    assert.equal(commitOf(['.claude/proofmeter/goal.json', '.claude/proofmeter/plans/p.md']), "after Claude's items");
  });

  it('reports the seven stages in order with build and check from their lists', () => {
    const t = evaluate(plan, [main], { git: clean });
    assert.deepEqual(
      t.stages.map((s) => [s.name, s.state]),
      [
        ['plan', 'done'],
        ['approve', 'done'],
        ['build', 'done'],
        ['check', 'under way'],
        ['commit', 'waiting'],
        ['push', 'waiting'],
        ['close', 'waiting'],
      ],
    );
  });

  it('a plan with 14 Claude items makes a part of 16 in a repository with a remote, 14 outside git', () => {
    const many = '## Steps\n' + Array.from({ length: 14 }, (_, i) => `- **S${i + 1}.** x. Proof: \`true ${i}\``).join('\n') + '\n';
    assert.equal(evaluate(many, [main], { git: clean }).headline.total, 16);
    assert.equal(evaluate(many, [main]).headline.total, 14);
  });

  it('the bar fills whole cells rounded down and is full only when all is done', () => {
    const cases: Array<[number, number, string]> = [
      [0, 17, '▱▱▱▱▱▱▱▱'],
      [7, 17, '▰▰▰▱▱▱▱▱'],
      [16, 17, '▰▰▰▰▰▰▰▱'],
      [17, 17, '▰▰▰▰▰▰▰▰'],
      [0, 0, '▱▱▱▱▱▱▱▱'],
    ];
    for (const [d, t, want] of cases) assert.equal(bar(d, t), want, `${d}/${t}`);
  });

  it('the status line shows the count, the current stage and what waits on the person', () => {
    const t = evaluate(plan, [main], { git: clean });
    assert.equal(statusLine(t), '▰▰▰▰▱▱▱▱ 3/6 · check ◐ · you: S3 S4');
  });

  it('json carries verdict, headline, stages and items with the deciding run', () => {
    const t = tallySchema.parse(JSON.parse(JSON.stringify(evaluate(plan, [main], { git: null }))));
    assert.equal(t.verdict, 'not-done');
    const s1 = t.items.find((i) => i.id === 'S1');
    assert.ok(s1);
    assert.deepEqual(
      { id: s1.id, list: s1.list, owner: s1.owner, state: s1.state, proof: s1.proof, exit: s1.run?.exit, line: s1.run?.line },
      { id: 'S1', list: 'Steps', owner: 'claude', state: 'proved', proof: 'echo hello-from-bash; echo to-stderr >&2', exit: 0, line: 28 },
    );
    assert.equal(t.items.find((i) => i.id === 'S3')?.owner, 'human');
    assert.equal(t.items.find((i) => i.id === 'S4')?.owner, 'later');
  });
});
