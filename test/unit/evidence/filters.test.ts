// The evidence filters on the recorded demo session (project /home/dev/demo/proj): a run counts
// only when started in the session's project root, and nothing from before the freeze counts.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePlan } from '../../../src/core/plan/parsePlan';
import { computeTally, type Tally } from '../../../src/core/tally/tally';
import { tallyText } from '../../../src/core/tally/format';
import { readTranscripts } from '../../../src/workspace/workspaceTally';
import { blocksOf, derive, parseRecord, indexOf, type Rec, toolUseOf } from '../helpers/derive';
import { FIXTURES, recordedTranscript, stateOf } from '../helpers/fixtures';

const ROOT = '/home/dev/demo/proj';
const PLAN = readFileSync(join(FIXTURES, 'recorded', 'demo', 'PLAN.md'), 'utf8');
const demo = recordedTranscript('demo');

interface Opts {
  frozenAt?: string | null;
  roots?: string[];
}

// The plan is parsed on each call, inside the test that calls it, never while the file loads: a
// mutant is active only while the tests that reach it run, so a plan parsed at load time would
// always come from unmutated code.
function tally(file: string, o: Opts = {}): Tally {
  const plan = parsePlan(PLAN);
  const frozen = o.frozenAt !== undefined && o.frozenAt !== null;
  return computeTally({
    goal: { title: plan.title, planPath: 'PLAN.md', frozenBy: frozen ? 'adopt' : 'given', frozenAt: o.frozenAt ?? null },
    items: plan.items,
    findings: [],
    added: [],
    transcripts: readTranscripts([file]),
    git: null,
    home: '/home/dev',
    countSdkPrompts: false,
    ...(o.roots ? { projectRoots: o.roots } : {}),
  });
}

const bashUse = (command: string) => (r: Rec) => r.type === 'assistant' && blocksOf(r).some((b) => b.type === 'tool_use' && b.input?.command === command);
const useId = (r: Rec) => toolUseOf(r).id;
const resultOf = (id: string) => (r: Rec) => r.type === 'user' && blocksOf(r).some((b) => b.tool_use_id === id);
/** The index of the nth record (0-based) that matches. */
function nth(rs: Rec[], pred: (r: Rec) => boolean, n: number, what: string): number {
  const all = rs.map((r, i) => (pred(r) ? i : -1)).filter((i) => i >= 0);
  if (all[n] === undefined) throw new Error(`fixture has no ${what} #${n}`);
  return all[n];
}

/** The demo with the passing (second) `sh check.sh` call made after `cd sub`. */
const passFromSub = derive(demo, (rs) => {
  const i = nth(rs, bashUse('sh check.sh'), 1, 'second sh check.sh');
  rs[i]!.cwd = `${ROOT}/sub`;
  return rs;
});

/** Both `sh check.sh` calls from sub: the proof never ran in the root. */
const allFromSub = derive(demo, (rs) => {
  for (const r of rs) if (bashUse('sh check.sh')(r)) r.cwd = `${ROOT}/sub`;
  return rs;
});

/**
 * `cd sub` and the passing `sh check.sh` in one message: both calls are written from the root,
 * then `cd sub` ends with the shell in sub before the proof starts (as Claude Code 2.1.332 runs
 * them, one after another).
 */
const cdInSameMessage = derive(demo, (rs) => {
  const i = nth(rs, bashUse('sh check.sh'), 1, 'second sh check.sh');
  const id = useId(rs[i]!);
  const r = indexOf(rs, resultOf(id), 'its result');
  const cdUse = structuredClone(rs[i]!);
  blocksOf(cdUse)[0]!.id = 'toolu_cd_sub';
  blocksOf(cdUse)[0]!.input = { ...blocksOf(cdUse)[0]!.input, command: 'cd sub' };
  const cdResult = structuredClone(rs[r]!);
  blocksOf(cdResult)[0]!.tool_use_id = 'toolu_cd_sub';
  blocksOf(cdResult)[0]!.is_error = false;
  cdResult.toolUseResult = { stdout: '', stderr: '', interrupted: false, isImage: false, noOutputExpected: true };
  cdResult.cwd = `${ROOT}/sub`;
  rs[r]!.cwd = `${ROOT}/sub`;
  rs.splice(r, 0, cdResult);
  rs.splice(i, 0, cdUse);
  return rs;
});

/** The passing `sh check.sh` call's record without a cwd. */
const noCwd = derive(demo, (rs) => {
  delete rs[nth(rs, bashUse('sh check.sh'), 1, 'second sh check.sh')]!.cwd;
  return rs;
});

const ledgerFor = (t: Tally, id: string) => t.ledger.filter((l) => l.ids.includes(id)).map((l) => l.reason);

describe('a run counts only when started in the session’s project root', () => {
  const table: Array<{ name: string; file: string; roots?: string[]; v1: string; reasons: string[] }> = [
    { name: 'as recorded, the newest `sh check.sh` passed in the root: V1 is proved', file: demo, v1: 'proved', reasons: ['counted', 'superseded'] },
    { name: 'the passing run came from a subfolder: it does not count, and the earlier failure in the root decides', file: passFromSub, v1: 'failed', reasons: ['other folder', 'counted'] },
    { name: 'every run came from a subfolder: the proof never ran', file: allFromSub, v1: 'unrun', reasons: ['other folder', 'other folder'] },
    { name: 'a `cd sub` in the same message ended before the proof started: the proof’s own record names the root, yet it does not count', file: cdInSameMessage, v1: 'failed', reasons: ['other folder', 'counted'] },
    { name: 'a run whose record names no folder does not count', file: noCwd, v1: 'failed', reasons: ['other folder', 'counted'] },
    { name: 'a workspace root other than the session’s: nothing of it counts', file: demo, roots: ['/home/dev/other'], v1: 'unrun', reasons: ['other folder', 'other folder'] },
    { name: 'the workspace root given as the session’s folder: as recorded', file: demo, roots: [ROOT], v1: 'proved', reasons: ['counted', 'superseded'] },
  ];
  for (const row of table) {
    it(row.name, () => {
      const t = tally(row.file, row.roots ? { roots: row.roots } : {});
      assert.equal(stateOf(t, 'V1'), row.v1);
      assert.deepEqual(ledgerFor(t, 'V1'), row.reasons);
    });
  }

  it('the other runs of the session are untouched by a run from a subfolder', () => {
    const a = tally(demo);
    const b = tally(passFromSub);
    assert.deepEqual(
      b.items.filter((i) => i.id !== 'V1').map((i) => [i.id, i.state]),
      a.items.filter((i) => i.id !== 'V1').map((i) => [i.id, i.state]),
    );
  });

  it('the text tally says where the run that did not count was started', () => {
    const text = tallyText(tally(allFromSub));
    assert.match(text, /\(did not count: `sh check\.sh`, ran in another folder \(\/home\/dev\/demo\/proj\/sub\)\)/);
  });
});

describe('nothing from before the goal was frozen counts', () => {
  const records = derive(demo, (rs) => rs);
  const times = (() => {
    const rs: Rec[] = readFileSync(records, 'utf8').trim().split('\n').map(parseRecord);
    const at = (pred: (r: Rec) => boolean, n: number, what: string) => rs[nth(rs, pred, n, what)]!.timestamp as string;
    return { secondCheck: at(bashUse('sh check.sh'), 1, 'second sh check.sh'), firstCheck: at(bashUse('sh check.sh'), 0, 'first sh check.sh') };
  })();
  const between = new Date((Date.parse(times.firstCheck) + Date.parse(times.secondCheck)) / 2).toISOString();
  const table: Array<{ name: string; frozenAt: string | null; states: Record<string, string>; v1: string[] }> = [
    { name: 'evaluated as given (no freeze): every run counts', frozenAt: null, states: { S1: 'proved', V1: 'proved', V3: 'proved' }, v1: ['counted', 'superseded'] },
    { name: 'frozen between the failing and the passing `sh check.sh`: only the later runs count', frozenAt: between, states: { S1: 'unrun', V1: 'proved', V3: 'proved' }, v1: ['counted', 'before the goal'] },
    { name: 'frozen after the session: nothing in it counts', frozenAt: '2099-01-01T00:00:00.000Z', states: { S1: 'unrun', V1: 'unrun', V3: 'unrun' }, v1: ['before the goal', 'before the goal'] },
  ];
  for (const row of table) {
    it(row.name, () => {
      const t = tally(demo, { frozenAt: row.frozenAt });
      for (const [id, state] of Object.entries(row.states)) assert.equal(stateOf(t, id), state, id);
      assert.deepEqual(ledgerFor(t, 'V1'), row.v1);
    });
  }

  it('a completion notice from before the freeze ends nothing, even for a run whose record has no time', () => {
    const file = derive(demo, (rs) => {
      delete rs[indexOf(rs, bashUse('sh smoke.sh'), 'V3 call')]!.timestamp;
      return rs;
    });
    const notice = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Rec).find((r) => r.type === 'user' && r.origin?.kind === 'task-notification')!;
    const after = new Date(Date.parse(notice.timestamp ?? '') + 1).toISOString();
    assert.equal(stateOf(tally(file, { frozenAt: null }), 'V3'), 'proved', 'the notice ends it when nothing is frozen');
    assert.equal(stateOf(tally(file, { frozenAt: after }), 'V3'), 'pending');
  });
});
