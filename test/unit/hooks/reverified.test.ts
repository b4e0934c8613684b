// Done means re-verified: the verdict reads ALL DONE only on the stop gate's own re-run record for
// the goal and the work tree as they are now, with both copies of the record agreeing. A missing,
// unreadable, stale or one-sided record is NOT DONE (awaiting re-run), and a failed re-run removes
// the record, so no take-back rests on a file the agent could make unwritable. Real git, the real
// stop gate and the built CLI's tally.
import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgeReverified, OUTSIDE_GIT_KEY, type RecordCopy, type ReverifiedRecord, type ReverifyFacts } from '../../../src/core/evidence/reverified';
import { reverifiedPaths } from '../../../src/workspace/reverifiedStore';
import { adopt, git, gitWorkspace, sessionProving } from '../verify/helpers';
import { gate, payload, type Workspace } from './helpers';
import { cli } from '../helpers/cli';
import { tallyJson } from '../helpers/cliJson';

const PLAN = '# G\n\n## Steps\n- S1. Greet. Proof: `grep hi greet.txt`\n\n## Checks\n- V1. The checks pass. Proof: `sh check.sh`\n';

const record: ReverifiedRecord = {
  version: 1,
  goal: 'g1',
  treeKey: 'git:aaa',
  treeKeyAfter: null,
  at: '2026-12-04T05:00:00.000Z',
  proofs: [
    { id: 'S1', proof: 'grep hi greet.txt' },
    { id: 'V1', proof: 'sh check.sh' },
  ],
  sandbox: 'kernel',
};
const ok = (r: ReverifiedRecord = record): RecordCopy => ({ state: 'ok', record: r, text: JSON.stringify(r) });
const facts = (over: Partial<ReverifyFacts> = {}): ReverifyFacts => ({ inside: ok(), outside: ok(), goal: 'g1', treeKey: 'git:aaa', proofs: record.proofs, ...over });

describe('the re-run record decides whether done is re-verified', () => {
  const rows: Array<[string, ReverifyFacts, 'verified' | 'awaiting', RegExp | null]> = [
    ['both copies agree on this goal, this content and every proof: verified', facts(), 'verified', null],
    ['the content the re-runs themselves left stands too', facts({ inside: ok({ ...record, treeKeyAfter: 'git:bbb' }), outside: ok({ ...record, treeKeyAfter: 'git:bbb' }), treeKey: 'git:bbb' }), 'verified', null],
    ['no record at all: awaiting', facts({ inside: { state: 'absent' }, outside: { state: 'absent' } }), 'awaiting', /no re-run by the stop gate yet/],
    ['the workspace copy deleted (a script deleting it every 50 ms): awaiting', facts({ inside: { state: 'absent' } }), 'awaiting', /workspace copy is missing/],
    ['the outside copy deleted: awaiting', facts({ outside: { state: 'absent' } }), 'awaiting', /outside copy is missing/],
    ['the workspace copy is a folder: awaiting, never a pass', facts({ inside: { state: 'bad', why: 'cannot be read (EISDIR)' } }), 'awaiting', /EISDIR/],
    ['copies that differ: awaiting', facts({ outside: ok({ ...record, at: '2026-12-04T05:00:01.000Z' }) }), 'awaiting', /differ/],
    ['a record for another goal: awaiting', facts({ goal: 'g2' }), 'awaiting', /another goal/],
    ['the work tree changed after the re-run: awaiting, with its time', facts({ treeKey: 'git:ccc' }), 'awaiting', /changed after the re-run at 2026-12-04T05:00:00Z/],
    ['a proof the record did not re-run: awaiting, naming it', facts({ proofs: [...record.proofs, { id: 'V2', proof: 'npm test' }] }), 'awaiting', /not re-run: V2/],
    ['a proof whose text changed since: awaiting', facts({ proofs: [record.proofs[0]!, { id: 'V1', proof: 'sh check.sh --all' }] }), 'awaiting', /not re-run: V1/],
    ["git's content unreadable now: awaiting", facts({ treeKey: null }), 'awaiting', /could not be read/],
    ['a record made outside git stands outside git', facts({ inside: ok({ ...record, treeKey: OUTSIDE_GIT_KEY }), outside: ok({ ...record, treeKey: OUTSIDE_GIT_KEY }), treeKey: null }), 'verified', null],
    ['a record made outside git does not stand once git reads the tree', facts({ inside: ok({ ...record, treeKey: OUTSIDE_GIT_KEY }), outside: ok({ ...record, treeKey: OUTSIDE_GIT_KEY }) }), 'awaiting', /work tree changed/],
  ];
  for (const [name, f, state, why] of rows) {
    it(name, () => {
      const r = judgeReverified(f);
      assert.equal(r.state, state);
      if (why) assert.match(r.why ?? '', why);
      else assert.equal(r.why, null);
    });
  }
});

describe('the verdict rests on the stop gate’s own re-run', () => {
  const tally = async (w: Workspace) => tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
  const text = async (w: Workspace) => (await cli(['tally'], { cwd: w.ws, env: w.env })).out;
  const stop = (w: Workspace) => gate('stop', payload('stop-first', { cwd: w.ws }), w);
  const line = async (w: Workspace) => (await cli(['statusline'], { cwd: w.ws, env: w.env, stdin: JSON.stringify({ workspace: { project_dir: w.ws } }) })).out;

  function doneSession(): Workspace {
    const w = gitWorkspace({ 'check.sh': 'exit 0\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
    return w;
  }

  it('every proof proved in the session, no re-run yet: NOT DONE (awaiting re-run); after the gate’s passing re-run: ALL DONE', async () => {
    const w = doneSession();
    const before = await tally(w);
    assert.deepEqual([before.verdict, before.open, before.reverify?.state], ['not-done', 0, 'awaiting']);
    assert.match(await text(w), /verdict: NOT DONE \(awaiting re-run\)$/);
    assert.match(await line(w), /▰ 3\/3 · awaiting re-run ○$/);
    assert.equal((await stop(w)).answer.outcome, 'allow');
    const p = reverifiedPaths(w.ws, w.env);
    assert.equal(readFileSync(p.inside, 'utf8'), readFileSync(p.outside, 'utf8'), 'both copies written, equal');
    const after = await tally(w);
    assert.deepEqual([after.verdict, after.reverify?.state], ['done', 'verified']);
    assert.match(await text(w), /verdict: ALL DONE$/);
    assert.match(await line(w), /▰ 3\/3 · all done ●$/);
  });

  it('an edit after the re-run makes it stale: NOT DONE (awaiting re-run) until the gate runs again', async () => {
    const w = doneSession();
    await stop(w);
    // Committed, so every stage still reads done: only the content moved.
    writeFileSync(join(w.ws, 'greet.txt'), 'hi there\n');
    git(w.ws, 'commit', '-qam', 'more');
    const t = await tally(w);
    assert.deepEqual([t.verdict, t.reverify?.state], ['not-done', 'awaiting']);
    assert.match(t.reverify?.why ?? '', /work tree changed after the re-run/);
    assert.equal((await stop(w)).answer.outcome, 'allow');
    assert.equal((await tally(w)).verdict, 'done');
  });

  it('deleting the workspace copy, or forging it alone, never reads done', async () => {
    const w = doneSession();
    await stop(w);
    const p = reverifiedPaths(w.ws, w.env);
    const good = readFileSync(p.inside, 'utf8');
    rmSync(p.inside);
    assert.equal((await tally(w)).reverify?.state, 'awaiting');
    // Written back by a script, but with an outside copy it cannot reach: the texts differ.
    writeFileSync(p.inside, good.replace(/"at": "[^"]*"/, '"at": "2030-01-01T00:00:00.000Z"'));
    const t = await tally(w);
    assert.deepEqual([t.verdict, t.reverify?.why], ['not-done', 'the two copies of the re-run record differ']);
  });

  it('a folder made at the record’s path before the freeze: the gate replaces it, and the verdict never read done before', async () => {
    const w = doneSession();
    const p = reverifiedPaths(w.ws, w.env);
    mkdirSync(join(p.inside, 'x'), { recursive: true });
    const t = await tally(w);
    assert.deepEqual([t.verdict, t.reverify?.state], ['not-done', 'awaiting']);
    assert.match(t.reverify?.why ?? '', /cannot be read \(EISDIR\)/);
    assert.equal((await stop(w)).answer.outcome, 'allow');
    assert.equal((await tally(w)).verdict, 'done');
  });

  it('a re-run that fails removes the standing record: the take-back needs no file of its own', async () => {
    const w = doneSession();
    await stop(w);
    assert.equal((await tally(w)).verdict, 'done');
    // The check breaks without the session running anything; the content changed, and the gate re-runs.
    writeFileSync(join(w.ws, 'check.sh'), 'exit 1\n');
    git(w.ws, 'commit', '-qam', 'break');
    assert.equal((await stop(w)).answer.outcome, 'block-rerun');
    const p = reverifiedPaths(w.ws, w.env);
    assert.ok(!existsSync(p.inside) && !existsSync(p.outside), 'both copies removed');
    // Put back as it was: the content matches the old record's key again, but the record is gone.
    writeFileSync(join(w.ws, 'check.sh'), 'exit 0\n');
    git(w.ws, 'commit', '-qam', 'mend');
    assert.equal((await tally(w)).verdict, 'not-done');
  });
});

describe('doctor says what keeps the verdict open', () => {
  const doctor = async (w: Workspace) => (await cli(['doctor'], { cwd: w.ws, env: w.env })).out;

  it('verify.json made a folder: every stop faults, the verdict stays NOT DONE (awaiting re-run), and doctor names the faults beside an intact seal', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 0\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
    mkdirSync(join(w.ws, '.claude', 'proofmeter', 'verify.json', 'x'), { recursive: true });
    for (const kind of ['stop-first', 'stop-active'] as const) {
      const r = await gate('stop', payload(kind, { cwd: w.ws }), w);
      assert.equal(r.answer.outcome, 'fault-block');
      assert.equal(r.json?.decision, 'block', 'the fail-safe blocks a frozen goal');
    }
    const t = tallyJson((await cli(['tally', '--json'], { cwd: w.ws, env: w.env })).out);
    assert.deepEqual([t.verdict, t.reverify?.state], ['not-done', 'awaiting']);
    const text = await doctor(w);
    assert.match(text, /^Seal: intact/m);
    assert.match(text, /^Verdict: NOT DONE:\n {2}- every item is proved, and the stop gate's own re-run does not stand yet: no re-run by the stop gate yet/m);
    assert.match(text, /^Stop gate: FAULTED 2 time\(s\) in a row, last \S+Z: /m);
    assert.match(text, /^Doctor: .*the stop gate faulted 2 times in a row\.$/m);
  });

  it('a re-verified goal: doctor says ALL DONE and no faults', async () => {
    const w = gitWorkspace({ 'check.sh': 'exit 0\n' });
    adopt(w, PLAN);
    sessionProving(w, ['grep hi greet.txt', 'sh check.sh']);
    assert.equal((await gate('stop', payload('stop-first', { cwd: w.ws }), w)).answer.outcome, 'allow');
    const text = await doctor(w);
    assert.match(text, /^Verdict: ALL DONE \(re-verified by the stop gate for this content\)\.$/m);
    assert.doesNotMatch(text, /FAULTED/);
  });
});
